# Case conversion and character-class predicates.
s = "Hello World 42"
print(s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase())
print("abc".isalpha(), "ab1".isalpha(), "123".isdigit(), "12a".isdigit())
print("ab12".isalnum(), "ab 12".isalnum(), "   ".isspace(), "".isspace())
print("abc".islower(), "aBc".islower(), "ABC".isupper(), "Title Case".istitle())
print("42".isnumeric(), "x".isidentifier(), "1x".isidentifier())
