a = 'single'
b = "double"
c = """triple
line"""
d = '''also "triple" '''
e = "escapes: \n \t \\ \' \" \a \b \f \v \0 \x41 \101 \u00e9 \U0001F600"
f = "unknown \q escape"
g = "line \
continuation"
h = u"unicode prefix"
i = ""
j = "héllo wörld"
