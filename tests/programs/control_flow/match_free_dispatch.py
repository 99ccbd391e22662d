# Dispatch tables and state machines (control flow through data).
def tokenize(text):
    tokens, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            tokens.append(("num", int(text[i:j])))
            i = j
            continue
        if ch in "+-*/()":
            tokens.append(("op", ch))
        i += 1
    return tokens


def evaluate(tokens):
    pos = 0

    def expr():
        nonlocal pos
        value = term()
        while pos < len(tokens) and tokens[pos][1] in ("+", "-"):
            op = tokens[pos][1]
            pos += 1
            value = value + term() if op == "+" else value - term()
        return value

    def term():
        nonlocal pos
        value = atom()
        while pos < len(tokens) and tokens[pos][1] in ("*", "/"):
            op = tokens[pos][1]
            pos += 1
            value = value * atom() if op == "*" else value // atom()
        return value

    def atom():
        nonlocal pos
        kind, v = tokens[pos]
        pos += 1
        if v == "(":
            inner = expr()
            pos += 1
            return inner
        return v

    return expr()


for src in ["1 + 2 * 3", "(1 + 2) * 3", "100 / 7 - 2", "2 * (3 + 4) * 5"]:
    print(src, "=", evaluate(tokenize(src)))
