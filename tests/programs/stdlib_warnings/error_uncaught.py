# The 'error' action turns a warning into an uncaught exception.
import warnings

warnings.simplefilter("error")
print("before")
warnings.warn("now an error", UserWarning)
