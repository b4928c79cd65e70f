-- on_result returning what is not a result: the option picks which.
local std = require "std"
local returns = {
  table_reason = function() return "white", { "a table" } end,
  bad_winner = function() return "whte", "typo" end,
  number_winner = function() return 1 end,
  nul_reason = function() return "black", "mate\0d" end,
  good = function() return "black", "rule of the test" end,
}
return std.extend(std.chess, {
  name = "hostile-results",
  options = { kind = { default = "good", values = { "table_reason", "bad_winner",
                                                    "number_winner", "nul_reason", "good" } } },
  with_options = function(v, o)
    local f = returns[o.kind]
    return std.extend(v, { on_result = function(g) if #g:history() >= 1 then return f() end end })
  end,
})
