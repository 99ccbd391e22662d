from typing import TypedDict, NewType, overload, final, Literal, Final, Protocol, runtime_checkable


class Movie(TypedDict):
    name: str
    year: int


m = Movie(name="Blade Runner", year=1982)
print(m, type(m).__name__, Movie.__annotations__, Movie.__total__, sorted(Movie.__required_keys__))


class Partial(TypedDict, total=False):
    rating: float


print(Partial(), Partial.__total__, sorted(Partial.__optional_keys__))
try:
    isinstance(m, Movie)
except TypeError as e:
    print("TypeError:", e)
UserId = NewType("UserId", int)
print(UserId, UserId(5), UserId.__supertype__)


@overload
def double(x: int) -> int: ...


@overload
def double(x: str) -> str: ...


def double(x):
    return x * 2


print(double(2), double("ab"))


@final
class Leaf:
    pass


print(Leaf.__final__, Literal[1, 2] == Literal[2, 1], Final)


@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...


class File:
    def close(self):
        pass


class NotProto(Protocol):
    def run(self): ...


print(isinstance(File(), Closer), isinstance(3, Closer))
try:
    isinstance(File(), NotProto)
except TypeError as e:
    print("TypeError:", e)
