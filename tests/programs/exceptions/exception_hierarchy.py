# Builtin exception hierarchy: catching through base classes.
pairs = [
    (ZeroDivisionError, ArithmeticError), (OverflowError, ArithmeticError),
    (KeyError, LookupError), (IndexError, LookupError), (RecursionError, RuntimeError),
    (NotImplementedError, RuntimeError), (StopIteration, Exception),
    (Exception, BaseException), (AssertionError, Exception), (ImportError, Exception),
    (NameError, Exception), (AttributeError, Exception), (TypeError, ValueError),
]
for sub, base in pairs:
    print(sub.__name__, base.__name__, issubclass(sub, base))
try:
    [][0]
except LookupError as e:
    print("LookupError caught", type(e).__name__)
try:
    raise NotImplementedError
except RuntimeError as e:
    print("RuntimeError caught", type(e).__name__)
try:
    raise ZeroDivisionError("x")
except Exception as e:
    print("Exception caught", type(e).__name__)
