-- The corpus of test_sandbox.c's test_patterns_agree_with_lua: runs the
-- functions charged.c rewrites or wraps over many subjects, patterns and
-- arguments (errors included) and returns every result as one string,
-- which must be the same in a state with Lua's own libraries.
local subjects = {"", "a", "hello world", "aaa", "abcabc", "  key = value  ", "x(y(z)w)v", "THE (quick) fox",
  "a,b,,c", "f(a,b)", "\0a\0b", "éàü", "123abc456", "[]]", "^$%", "one two  three", "%d", "aXbXc"}
local patterns = {"", "a", "a*", "a+", "a-", "a?", ".", ".-", "^a", "a$", "^$", "(a)", "()a()", "(a*(.)%w(%s*))",
  "%a+", "%d+", "%s", "%S+", "[abc]", "[^abc]+", "[a-c]+", "[%a_][%w_]*", "%b()", "%f[%w]%w+", "(%w+)%s*=%s*(%w+)",
  "(.)%1", "[]]", "[^]]", "%^", "%$", "%%", "[%]]", "x", "^(.-)%s*$", "(h)(e)(l)(l)(o)", "o", "%.", "[.]",
  "[a-]", "[-a]", "%z", "\0", ",", ",,", "%u", "%l+", "%p", "%x+", "%c", "%g+", "[%d%s]+", "(%d)(%a)", "a.-c", "()", "X"}
local out = {}
local function add(...) local t = table.pack(...) for i = 1, t.n do out[#out+1] = tostring(t[i]) end out[#out+1] = "|" end
for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    add(pcall(string.find, s, p))
    add(pcall(string.find, s, p, 3))
    add(pcall(string.find, s, p, -2))
    add(pcall(string.find, s, p, 1, true))
    add(pcall(string.match, s, p))
    add(pcall(string.match, s, p, 2))
    add(pcall(string.gsub, s, p, "<%0>"))
    add(pcall(string.gsub, s, p, "%1-%%", 2))
    add(pcall(string.gsub, s, p, function(a, b) return b and (a .. b) or nil end))
    add(pcall(string.gsub, s, p, {a = "A", hello = false, x = 1}))
    local ok, it = pcall(string.gmatch, s, p)
    if ok then
      local n = 0
      local ok2, err = pcall(function() for a, b in it do add(a, b) n = n + 1 if n > 50 then break end end end)
      add(ok2, err)
    else add(ok, it) end
    local ok3, it3 = pcall(string.gmatch, s, p, 3)
    if ok3 then pcall(function() for a in it3 do add(a) end end) end
  end
end
for _, bad in ipairs({"%", "[a", "(a", "a)", "%b", "%ba", "%f", "%fa", "%1", "(a)%2", "[%", "((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))"}) do
  add(pcall(string.find, "abc(a)", bad))
  add(pcall(string.gsub, "abc", "b", bad))
end
add(pcall(string.gsub, "abc", "b", "%2"))
add(pcall(string.gsub, "abc", "(b)", "%2"))
add(pcall(string.gsub, "abc", "()b", "%1"))
add(pcall(string.gsub, "abc", "b", {b = {}}))
add(pcall(string.gsub, "abc", "b", true))
add(pcall(string.rep, "ab", 3, ","), string.rep("x", 0), string.rep("", 5), string.rep("a", 1), string.rep("", 3, "-"), string.rep("abc", 7), string.rep("ab", 5, "--"))
add(pcall(string.rep, "x", -1))
add(table.concat({1, 2, 3}, ","), table.unpack({1, 2, 3}))
local t = {1, 2, 3} table.insert(t, 1, 0) table.insert(t, 9) add(table.concat(t, " "), table.remove(t, 1), table.remove(t), #t)
add(pcall(table.insert, {}, 5, 1))
add(table.move({1, 2, 3}, 1, 3, 2)[3])
-- table.move in slices: forwards, backwards over itself, into another table
do
  local big = {}
  for i = 1, 200000 do big[i] = i end
  table.move(big, 1, 150000, 50001)
  add(big[50000], big[50001], big[100000], big[200000], #big)
  table.move(big, 60000, 200000, 1)
  add(big[1], big[140001], big[140002], big[200000])
  local other = table.move(big, 1, 140001, 3, {})
  add(other[3], other[140003], #other)
  add(pcall(table.move, big, -1, math.maxinteger, 1))
  add(pcall(table.move, big, 1, 200000, math.maxinteger - 10))
end
local u = {5, 2, 8, 1} table.sort(u) add(table.concat(u, ","))
table.sort(u, function(a, b) return a > b end) add(table.concat(u, ","))
add(utf8.len("héllo"), utf8.offset("héllo", 3), utf8.codepoint("héllo", 1, -1))
for p, c in utf8.codes("héllo") do add(p, c) end
add(tonumber("0x10"), tonumber("10", 2), tonumber("  12  "), tonumber("z", 36), rawequal("a", "a"), string.byte("abc", 1, -1))
add(string.unpack("z", "ab\0cd"))
return table.concat(out, " ")
