# ljust, rjust, center, zfill, expandtabs-free padding helpers and encode-free methods.
print("|" + "ab".ljust(5) + "|" + "ab".rjust(5) + "|" + "ab".center(6) + "|")
print("ab".ljust(5, "*"), "ab".rjust(5, "-"), "ab".center(7, "."))
print("42".zfill(5), "-42".zfill(5), "abc".zfill(2))
print("a-b-c".removeprefix("a-"), "a-b-c".removesuffix("-c"))
print("hello world".count("o"), "Hello".casefold() == "hello")
