-- ownership is asked of every square: one budget for the whole question.
local std = require "std"
return std.extend(std.chess, {
  name = "slow ownership",
  ownership = function(square)
    for i = 1, 9e7 do end
    return nil
  end,
})
