# A package beside modules/user_modules.py (not a program of its own: the corpus lists
# only area/*.py).
from userpkg.geometry import area

GREETING = "hello from userpkg"
