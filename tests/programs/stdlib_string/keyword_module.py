# keyword.iskeyword, kwlist and soft keywords.
import keyword

print(keyword.iskeyword("for"), keyword.iskeyword("foo"), keyword.iskeyword("None"))
print(len(keyword.kwlist), keyword.kwlist[:5], keyword.softkwlist)
print(keyword.issoftkeyword("match"), keyword.issoftkeyword("if"))
names = ["class", "klass", "lambda", "lam", "async"]
print([n + "_" if keyword.iskeyword(n) else n for n in names])
