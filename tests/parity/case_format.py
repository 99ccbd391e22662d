"""The case-file syntax shared by run_torch.py and compare.py: what a comment is and
where statements split (parity_eval's expr.cc implements the same two rules)."""


def strip_comment(line):
    """The line without a trailing '# ...' comment ('#' inside quotes stays)."""
    quote = None
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#":
            return line[:i]
        i += 1
    return line


def split_statements(text):
    """Splits a case on ';' outside string literals."""
    parts, quote, start, i = [], None, 0, 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == ";":
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]
