# io.StringIO as an in-memory text file.
import io

s = io.StringIO()
s.write("hello ")
print("world", file=s)
print(repr(s.getvalue()), s.tell())
s = io.StringIO("a\nb\nc")
print(s.readline(), s.readlines())
s.seek(0)
print(s.read(1), s.read(), s.read())
buf = io.StringIO()
for i in range(3):
    buf.write("%d," % i)
print(buf.getvalue())
with io.StringIO("x\ny\n") as t:
    print([line for line in t])
print(t.closed)
