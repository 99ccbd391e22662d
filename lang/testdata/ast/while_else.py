while x:
    x -= 1
else:
    done()
while True: break
