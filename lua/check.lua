-- check: a small assertion library for Lua tests of variants.
--
--   local t = require "check"
--   t.equal("start has 20 moves", #varia.new("chess"):legal(), 20)
--   t.done()
--
-- Each failure prints "FAIL file:line name: expected X, got Y". done()
-- prints "N passed, N failed"; under ./varia run it then exits non-zero
-- when any failed; under ./varia test the runner counts the results.
local M = { passed = 0, failed = 0 }

-- "file:line " of the test's call (error() adds the position of the
-- function at the given level, and needs no debug library).
local function where()
  local _, pos = pcall(error, "", 5)
  return pos ~= "" and pos:gsub(": $", " ") or ""
end

local function fail(name, detail)
  M.failed = M.failed + 1
  print("FAIL " .. where() .. name .. (detail and (": " .. tostring(detail)) or ""))
end

function M.check(name, ok, detail)
  if ok then M.passed = M.passed + 1 else fail(name, detail) end
end

function M.equal(name, got, want)
  if got == want then M.passed = M.passed + 1
  else fail(name, string.format("expected %s, got %s", tostring(want), tostring(got))) end
end

-- Expects an expected failure: nil (or false) and a message containing pattern.
function M.fails(name, pattern, ok, msg)
  if not ok and type(msg) == "string" and msg:find(pattern, 1, true) then
    M.passed = M.passed + 1
  else
    fail(name, string.format("expected a failure mentioning %q, got %s, %s", pattern, tostring(ok), tostring(msg)))
  end
end

-- Expects f(...) to raise an error whose message contains pattern.
function M.raises(name, pattern, f, ...)
  local ok, err = pcall(f, ...)
  if not ok and tostring(err):find(pattern, 1, true) then M.passed = M.passed + 1
  else fail(name, string.format("expected an error mentioning %q, got %s", pattern, ok and "no error" or tostring(err))) end
end

-- The legal moves of g that start on square sq ("b2", not "b20" on a
-- board of twenty ranks), sorted: a test's question about one piece.
function M.moves_from(g, sq)
  local out = {}
  for _, m in ipairs(g:legal()) do
    if m:sub(1, #sq) == sq and not m:sub(#sq + 1, #sq + 1):match("%d") then out[#out + 1] = m end
  end
  table.sort(out)
  return out
end

function M.done()
  if M.runner then return end -- ./varia test sums up and reports
  print(string.format("%d passed, %d failed", M.passed, M.failed))
  -- an error ends ./varia run with exit status 1; an error object with
  -- __tostring is reported as it is, without a traceback (as by lua.c):
  -- the FAIL lines above already say where
  if M.failed > 0 then
    local msg = string.format("%d check%s failed", M.failed, M.failed == 1 and "" or "s")
    error(setmetatable({}, { __tostring = function() return msg end }))
  end
end

return M
