-- Each require is a nested call into a script: it must draw from this
-- script's budget, not start a fresh count (which never fired).
while true do require "required" end
