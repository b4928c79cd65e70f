-- Lua runs xpcall's handler with hooks off when the error comes from the
-- budget's hook: the handler must not run then.
xpcall(function() while true do end end, function(e) while true do end end)
