# textwrap.wrap/fill/shorten/dedent/indent.
import textwrap

text = "hello world this is a long-hyphenated-word test of wrapping behaviour"
print(textwrap.wrap(text, 20))
print(textwrap.wrap("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bb", 10))
print(textwrap.fill("The quick brown fox jumps over the lazy dog " * 3, width=30))
print(textwrap.fill("x y z", 3), textwrap.wrap("", 10), textwrap.wrap("   ", 10))
print(textwrap.fill("one two three four", 9, initial_indent="* ", subsequent_indent="  "))
print(textwrap.shorten("Hello  world, this is long", 15), textwrap.shorten("short", 10))
print(repr(textwrap.dedent("  a\n    b\n  c")), repr(textwrap.dedent("\ta\n\tb\n")))
print(repr(textwrap.dedent("    def f():\n        return 1\n   \n")))
print(repr(textwrap.indent("a\nb\n\nc", "> ")), repr(textwrap.indent("a\n\nb", "+", lambda l: True)))
w = textwrap.TextWrapper(width=12, break_long_words=False)
print(w.wrap("supercalifragilistic is long"))
