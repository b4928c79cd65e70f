-- Backtracking takes time exponential in the pattern, building nothing.
string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")
