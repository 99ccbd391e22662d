# Tokenising and counting text with re, collections, string and itertools.
import collections
import itertools
import re
import string
import textwrap

text = """It was the best of times, it was the worst of times; it was the age of
wisdom, it was the age of foolishness... (Dickens, 1859)"""
words = re.findall(r"[a-z']+", text.lower())
counts = collections.Counter(words)
print(counts.most_common(4))
print(re.sub(r"\s+", " ", re.sub("[%s]" % re.escape(string.punctuation), "", text)))
pairs = collections.Counter(itertools.pairwise(words))
print(pairs.most_common(2))
print(textwrap.fill(" ".join(sorted(set(words))), width=40))
years = [int(y) for y in re.findall(r"\b(1[0-9]{3})\b", text)]
print(years, re.split(r"[,;]\s*", text.splitlines()[0]))
template = string.Template("$n distinct words, top: ${top}")
print(template.substitute(n=len(counts), top=counts.most_common(1)[0][0]))
