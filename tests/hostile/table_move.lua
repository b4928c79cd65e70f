-- table.move loops over the range in C.
table.move({}, 1, math.maxinteger - 1, 2)
