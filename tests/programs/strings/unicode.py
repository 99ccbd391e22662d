# Non-ASCII text: len, indexing, upper, ord, repr, escapes.
s = "héllo wörld €"
print(s, len(s), s[1], s.upper(), s[-1])
print(repr("é"), "\u00e9" == "é")
print([ord(c) for c in "aé€"])
print("日本語", len("日本語"), "日本語"[1])
print(f"{'é':>4}|{'€':^5}|")
