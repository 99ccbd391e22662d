a = r"\n raw \d"
b = R'C:\path\to'
c = r"""multi
\line"""
d = rb"\x00"
