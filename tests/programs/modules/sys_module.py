# sys.argv and sys.exit with a status.
import sys

print(sys.argv)
print(len(sys.argv), sys.argv[0].endswith("sys_module.py"))
print("exiting")
sys.exit(3)
print("never")
