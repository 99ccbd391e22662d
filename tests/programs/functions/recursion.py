# Recursion: factorial, fibonacci, mutual recursion, RecursionError.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print(fact(10), fact(20), [fib(i) for i in range(15)])
print(is_even(10), is_odd(7))


def forever(n):
    return forever(n + 1)


try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)


def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves


print(len(hanoi(6, "A", "B", "C", [])), hanoi(2, "A", "B", "C", []))
