x[*a] = 1
return
