# Not imported by relpkg/__init__.py: `from relpkg import c` must find it on disk.
from .b import LATE

VALUE = LATE + ", read by c"
