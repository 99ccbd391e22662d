x = ab
