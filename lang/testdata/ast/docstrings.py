"""Module docstring."""

def f():
    """Function docstring."""
    return 1

class C:
    """Class docstring."""
