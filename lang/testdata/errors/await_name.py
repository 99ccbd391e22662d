await = 1
