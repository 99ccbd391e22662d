café = 1
π = 3.14
变量 = π * café
print(变量)
