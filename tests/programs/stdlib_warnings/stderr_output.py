# warn()'s stderr format: file:line: Category: message, then the source line.
import sys
import warnings

def old():
    warnings.warn("old() is deprecated", FutureWarning, stacklevel=2)

old()
old()
for i in range(2):
    warnings.warn("in a loop")
warnings.warn("hidden outside __main__? no: shown", DeprecationWarning)
warnings.warn("pending", PendingDeprecationWarning)
warnings.warn(RuntimeWarning("as instance"))
print("done")
sys.exit(2)
