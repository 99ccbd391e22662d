try:
    f()
finally:
    cleanup()
try:
    g()
except Exception as e:
    print(e)
finally:
    done()
