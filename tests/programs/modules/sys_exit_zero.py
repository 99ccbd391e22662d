# sys.exit() and sys.exit(0) end the program successfully; finally blocks run.
import sys

try:
    print("work")
    sys.exit()
finally:
    print("cleanup")
