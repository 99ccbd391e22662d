[[(x := 1) for y in z] for x in w]
