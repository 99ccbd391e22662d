from a import b
from a.b import c, d as e
from a import (b, c)
from a import (b,
               c as d,)
from . import x
from .. import y
from .a import b
from ...a.b import c
from .... import d
from a import *
