# String literal forms and escapes.
print('single', "double", '''triple
single''', """triple "double" """)
print("tab\tend", "new\\nline", 'quote\'s', "dq\"s")
print(r"raw\n\t", R'raw2\\')
print("a" "b" 'c')
print(len("\n"), len(r"\n"), "\x41\u00e9", "\101")
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\t"))
print(repr("\n"), repr("\\"), repr(""))
s = "multi\
line"
print(s)
print("""first
second
third""".split("\n"))
