# The `if __name__ == "__main__":` idiom and module-level dunder names.
def main():
    print("running main")
    return 0


print(__name__)
if __name__ == "__main__":
    status = main()
    print("status", status)
else:
    print("imported")
