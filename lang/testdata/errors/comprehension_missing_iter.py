x = [x for x in]
