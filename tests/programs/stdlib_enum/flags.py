# Flag and IntFlag: combining members, membership, pseudo-members and their reprs.
from enum import Flag, IntFlag, auto


class Perm(Flag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(repr(rw), str(rw), rw.value, Perm.R in rw, Perm.X in rw, bool(rw))
print(repr(Perm(0)), str(Perm(0)), bool(Perm(0)), repr(~Perm.R), repr(Perm(7)))
print(list(Perm), list(rw), len(Perm), rw & Perm.W, repr(rw ^ Perm.R))


class Color(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()


print([c.value for c in Color], repr(Color.RED | Color.BLUE))


class Open(IntFlag):
    READ = 1
    WRITE = 2
    APPEND = 4


mode = Open.READ | Open.WRITE
print(repr(mode), str(mode), mode == 3, mode & 1, repr(Open.READ | 8), repr(~Open.READ))
print(Open(6), repr(Open(6)), Open.APPEND in Open(6))
