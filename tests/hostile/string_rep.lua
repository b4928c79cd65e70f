-- Lua's string.rep loops once per copy, even when the copies are empty.
while true do string.rep("", math.maxinteger, "") end
