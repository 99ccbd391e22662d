a = b"bytes"
b = B'\x00\xff\n'
c = b"a" b"b"
d = b""
