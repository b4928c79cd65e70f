-- Required in a loop by require_loop.lua: as short as a script can be.
return 1
