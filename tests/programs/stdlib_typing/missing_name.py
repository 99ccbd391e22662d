import typing

print(hasattr(typing, "Optional"), hasattr(typing, "NoSuchThing"))
try:
    typing.NoSuchThing
except AttributeError as e:
    print("AttributeError:", e)
try:
    from typing import NoSuchThing
except ImportError:
    print("ImportError")
try:
    import typing.extensions_zz
except ImportError:
    print("ImportError")
