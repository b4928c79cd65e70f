-- varia.json: the one JSON reader and writer (src/lua/json.c, bind_json.c),
-- which the lab's files and the server's answers share. Expected texts are
-- written out by hand from RFC 8259 and the lab's format (docs/lab.md).
local t = require "check"
local J = varia.json

-- Writing: the lab's layout, byte for byte.
t.equal("an object: sorted keys, two spaces a level",
  J.encode({ b = 1, a = "x", c = true }), '{\n  "a": "x",\n  "b": 1,\n  "c": true\n}')
t.equal("an array of plain values on one line", J.encode({ 1, 2.5, "z" }), '[1,2.5,"z"]')
t.equal("an array of tables, one a line",
  J.encode({ { i = 1 }, { 2 } }), '[\n  {\n    "i": 1\n  },\n  [2]\n]')
t.equal("the empty table is an array", J.encode({}), "[]")
t.equal("numeric keys in numeric order, as their text",
  J.encode({ [10] = "a", [9] = "b", [2.5] = "c" }), '{\n  "2.5": "c",\n  "9": "b",\n  "10": "a"\n}')
t.equal("number keys before strings, whatever their text",
  J.encode({ [2] = 1, [10] = 2, ["1a"] = 3 }), '{\n  "2": 1,\n  "10": 2,\n  "1a": 3\n}')
t.equal("an array with a hole", J.encode({ [1] = 1, [3] = 3 }), "[1,null,3]")
t.equal("a hole reads back as a hole", J.encode(J.decode("[null,2,null]")), "[null,2]")
t.equal("a sparse table is an object", J.encode({ [1] = 1, [10] = 3 }), '{\n  "1": 1,\n  "10": 3\n}')
t.equal("compact", J.encode({ a = { 1, { b = 2 } } }, { compact = true }), '{"a":[1,{"b":2}]}')

-- Strings: short escapes, the rest as \u, HTML's <>& escaped (the server
-- writes the same text into its pages), bytes that are no UTF-8 replaced.
t.equal("escapes", J.encode('"\\\n\t\r\b\f\1'), '"\\"\\\\\\n\\t\\r\\b\\f\\u0001"')
t.equal("HTML-safe", J.encode("<b>&"), '"\\u003cb\\u003e\\u0026"')
t.equal("a NUL byte", J.encode("a\0b"), '"a\\u0000b"')
t.equal("UTF-8 kept", J.encode("é♞"), '"é♞"')
t.equal("not UTF-8: U+FFFD", J.encode("a\255b\192"), '"a\\ufffdb\\ufffd"')
t.equal("an overlong form is not UTF-8", J.encode("\192\175"), '"\\ufffd\\ufffd"')

-- Numbers: integers stay integers; a float reads back as the same float.
t.equal("an integer", J.encode(math.mininteger), "-9223372036854775808")
t.equal("a whole float keeps its kind", J.encode(2.0), "2.0")
t.equal("shortest round trip", J.encode(0.1 + 0.2), "0.30000000000000004")
t.equal("NaN is null", J.encode(0 / 0), "null")
t.equal("infinity is null", J.encode(math.huge), "null")
for _, x in ipairs({ 0.1, 1 / 3, 1e300, -2.5e-300, 123456789.125 }) do
  t.equal("round trip of " .. x, J.decode(J.encode(x)), x)
end

-- What cannot be written.
t.raises("a function", "a function cannot be written as JSON", J.encode, { f = print })
t.raises("a boolean key", "a key of type boolean", J.encode, { [true] = 1 })
local loop = {}
loop.self = loop
t.raises("a table that holds itself", "nested deeper than 200", J.encode, loop)

-- Reading.
local v = J.decode(' { "a" : [ 1 , -2.5e1 , "x\\u00e9\\ud83d\\ude00" ] , "b" : null , "c" : { } } ')
t.equal("an integer read", math.type(v.a[1]), "integer")
t.equal("a float read", v.a[2], -25.0)
t.equal("\\u escapes and a surrogate pair", v.a[3], "xé😀")
t.equal("null is no entry", v.b, nil)
t.equal("an empty object", next(v.c), nil)
t.equal("a float that is whole stays a float", math.type(J.decode("3.0")), "float")
t.equal("an integer too big for 64 bits is a float", math.type(J.decode("9223372036854775808")), "float")
local doc = { b = { 1, 2, 3 }, a = "x\"y\n", c = { { i = 1 }, { i = 2 } }, d = 0.25, e = true, f = 3.0 }
t.equal("round trip", J.encode(J.decode(J.encode(doc))), J.encode(doc))

-- Refusals name the byte.
local function refused(name, text, want)
  local ok, err = J.decode(text)
  t.fails(name, want, ok, err)
end
refused("not closed", "[1,2", "at byte 4: expected ',' or ']'")
refused("text after", '{"a":1} x', "at byte 8: text after the value")
refused("a leading zero", "01", "at byte 0: a number has a leading zero")
refused("a bare word", "[tru]", "at byte 1: expected a value")
refused("a lone surrogate", '"\\ud800"', "a lone surrogate")
refused("\\u0000", '"\\u0000"', "\\u0000 in a string")
refused("a control character", '"a\nb"', "a control character in a string")
refused("no UTF-8", '"\255"', "not valid UTF-8")
refused("a key not in quotes", "{a:1}", "expected a key in quotes")
refused("an empty text", "", "expected a value")
refused("deep nesting", string.rep("[", 100000), "at byte 200: nested too deep")
refused("a huge exponent", "1e999", "out of range")
t.equal("200 levels read", type(J.decode(string.rep("[", 199) .. string.rep("]", 199))), "table")

t.done()
