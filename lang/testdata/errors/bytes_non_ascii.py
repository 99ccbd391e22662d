x = b"café" + 1
