# nspkg has no __init__.py: a namespace package (PEP 420).
from . import n

WHO = "nspkg.m with " + n.WHO
