[y for x in (z := y)]
