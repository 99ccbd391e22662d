# Default reprs include the object's address, so this output is not comparable; the
# program is listed in excluded.txt and only has to run to completion.
class Thing:
    pass


t = Thing()
print(repr(t).startswith("<__main__.Thing object at 0x"), repr(t))
print(id(t) > 0, repr(object()))
