if a:
    x = 1
elif b:
    x = 2
elif c:
    pass
else:
    x = 3
if True:
    y = 1
if __name__ == "__main__":
    main()
