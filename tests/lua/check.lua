-- A small test library for varia's Lua tests: check(name, condition, ...)
-- records a result; done() prints 'N passed, N failed' and sets the exit
-- status. Run a test with ./varia run tests/lua/test_x.lua.
local M = { passed = 0, failed = 0 }

function M.check(name, ok, detail)
  if ok then
    M.passed = M.passed + 1
  else
    M.failed = M.failed + 1
    print("FAIL " .. name .. (detail and (": " .. tostring(detail)) or ""))
  end
end

function M.equal(name, got, want)
  M.check(name, got == want, string.format("expected %s, got %s", tostring(want), tostring(got)))
end

-- Expects f to fail (nil, message) and the message to contain pattern.
function M.fails(name, pattern, ok, msg)
  M.check(name, not ok and type(msg) == "string" and msg:find(pattern, 1, true) ~= nil,
    string.format("expected a failure mentioning %q, got %s, %s", pattern, tostring(ok), tostring(msg)))
end

-- Expects f to raise an error whose message contains pattern.
function M.raises(name, pattern, f, ...)
  local ok, err = pcall(f, ...)
  M.check(name, not ok and tostring(err):find(pattern, 1, true) ~= nil,
    string.format("expected an error mentioning %q, got %s", pattern, ok and "no error" or tostring(err)))
end

function M.done()
  print(string.format("%d passed, %d failed", M.passed, M.failed))
  if M.failed > 0 then os.exit(1) end
end

return M
