return { name = "tiny", files = 3, ranks = 3, pieces = { k = { betza = "K", royal = true }, q = { betza = "Q" } }, start = "k2/3/KQ1 w - - 0 1" }
