# Identifiers are NFKC-normalized as CPython normalizes them (PEP 3131): ligatures,
# mathematical letters and fullwidth forms name the same variable as their plain form.
ﬁ = 3
print(fi)
𝐀 = "bold"
print(A)
class Ｃ:
    ｘ = 1
print(C.x, getattr(C, "x"))
def f(*, ｋ=2): return k
print(f(k=5), f())
print(f"{ﬁ + 1}")
é = 1
print(é, "é".isidentifier(), "ﬁ".isidentifier(), "x²".isidentifier(), "€".isidentifier())
é = 1
print(é, "é".isidentifier(), "ﬁ".isidentifier(), "x²".isidentifier(), "€".isidentifier())
print("_x".isidentifier(), "1x".isidentifier(), "a\u0301".isidentifier(), "\u0301a".isidentifier())
print(sorted(k for k in globals() if not k.startswith("__")))
# The source spelling is gone after normalization: only the NFKC name exists.
print("ﬁ" in globals(), "fi" in globals())
