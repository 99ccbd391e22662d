x = "a" b"b" + 1
