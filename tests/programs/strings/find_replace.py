# find, rfind, index, count, replace, startswith/endswith, in.
s = "abracadabra"
print(s.find("bra"), s.find("bra", 2), s.rfind("bra"), s.find("zz"))
print(s.index("cad"), s.count("a"), s.count("bra"), s.count(""))
print(s.replace("a", "A"), s.replace("a", "A", 2), s.replace("zz", "y"))
print(s.startswith("abr"), s.startswith(("x", "ab")), s.endswith("bra"), s.endswith("b"))
print("cad" in s, "dac" in s, "" in s)
try:
    s.index("zz")
except ValueError as e:
    print("ValueError:", e)
print(s.partition("c"), s.rpartition("a"), s.partition("z"))
