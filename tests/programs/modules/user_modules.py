# Importing the script's own modules: sys.path[0] is the script's directory, packages
# are directories with __init__.py, a module runs once per name, sys.path can be edited.
import sys

import torch
import userpkg
from userpkg import geometry
from userpkg.geometry import scale

print(userpkg.GREETING, userpkg.area(3, 4))
print(geometry.__name__, geometry.__file__.endswith("userpkg/geometry.py"))
print(scale(torch.ones(2), 3))
print(geometry.LOADS, "userpkg.geometry" in sys.modules)
import userpkg.geometry as again
print(again is geometry, geometry.LOADS)

sys.path.insert(0, sys.path[0] + "/userpkg")
import geometry as flat  # the same file under another name: a second module
print(flat.__name__, flat is geometry, flat.area(2, 5), flat.LOADS)

try:
    import no_such_user_module
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
