"""ast: only literal_eval (wick has no Python-visible AST). Evaluates strings, numbers,
tuples, lists, dicts, sets, booleans, None, unary +/- and set() as CPython does; other
names of the ast module are AttributeErrors."""

__all__ = ["literal_eval"]

_ESCAPES = {"\n": "", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f",
            "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


class _Malformed(Exception):
    pass


def _malformed(what, line=1):
    return ValueError("malformed node or string on line %d: <ast.%s object>" % (line, what))


class _Parser:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.n = len(text)

    def line(self):
        return self.s.count("\n", 0, self.i) + 1

    def skip(self):
        s = self.s
        while self.i < self.n:
            c = s[self.i]
            if c in " \t\n\r\f":
                self.i += 1
            elif c == "\\" and self.i + 1 < self.n and s[self.i + 1] == "\n":
                self.i += 2
            elif c == "#":
                while self.i < self.n and s[self.i] != "\n":
                    self.i += 1
            else:
                break

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < self.n else ""

    def expect(self, c):
        if self.peek() != c:
            raise SyntaxError("invalid syntax")
        self.i += 1

    def parse_top(self):
        v = self.parse_expr_list(top=True)
        if self.peek() != "":
            raise SyntaxError("invalid syntax")
        return v

    def parse_expr_list(self, top=False):
        first = self.parse_expr()
        if self.peek() != ",":
            return first
        items = [first]
        while self.peek() == ",":
            self.i += 1
            c = self.peek()
            if c in ("", ")", "]", "}") or c == ":":
                break
            items.append(self.parse_expr())
        return tuple(items)

    def parse_expr(self):
        c = self.peek()
        if c in "+-" and c:
            self.i += 1
            operand = self.parse_expr()
            if isinstance(operand, bool) or not isinstance(operand, (int, float)):
                raise _malformed("UnaryOp", self.line())
            return operand if c == "+" else -operand
        value = self.parse_atom()
        c = self.peek()
        if c in "+-" and c and isinstance(value, (int, float)) and not isinstance(value, bool):
            raise _malformed("BinOp", self.line())
        return value

    def parse_atom(self):
        c = self.peek()
        s = self.s
        if c == "":
            raise SyntaxError("invalid syntax")
        if c == "(":
            self.i += 1
            if self.peek() == ")":
                self.i += 1
                return ()
            v = self.parse_expr()
            if self.peek() == ",":
                items = [v]
                while self.peek() == ",":
                    self.i += 1
                    if self.peek() == ")":
                        break
                    items.append(self.parse_expr())
                v = tuple(items)
            self.expect(")")
            return v
        if c == "[":
            self.i += 1
            items = []
            while self.peek() != "]":
                items.append(self.parse_expr())
                if self.peek() == ",":
                    self.i += 1
                elif self.peek() != "]":
                    raise SyntaxError("invalid syntax")
            self.i += 1
            return items
        if c == "{":
            self.i += 1
            if self.peek() == "}":
                self.i += 1
                return {}
            first = self.parse_expr()
            if self.peek() == ":":
                d = {}
                self.i += 1
                d[first] = self.parse_expr()
                while self.peek() == ",":
                    self.i += 1
                    if self.peek() == "}":
                        break
                    k = self.parse_expr()
                    self.expect(":")
                    d[k] = self.parse_expr()
                self.expect("}")
                return d
            items = {first}
            while self.peek() == ",":
                self.i += 1
                if self.peek() == "}":
                    break
                items.add(self.parse_expr())
            self.expect("}")
            return items
        if c.isdigit() or (c == "." and self.i + 1 < self.n and s[self.i + 1].isdigit()):
            return self.parse_number()
        if c.isalpha() or c == "_":
            start = self.i
            while self.i < self.n and (s[self.i].isalnum() or s[self.i] == "_"):
                self.i += 1
            word = s[start:self.i]
            if self.i < self.n and s[self.i] in "'\"" and word.lower() in ("r", "u", "b", "br",
                                                                          "rb", "f", "rf", "fr"):
                if "b" in word.lower():
                    raise NotImplementedError("bytes literals are not supported by wick")
                if "f" in word.lower():
                    raise _malformed("JoinedStr", self.line())
                return self.parse_strings(raw="r" in word.lower())
            if word == "True":
                return True
            if word == "False":
                return False
            if word == "None":
                return None
            if word == "set" and self.peek() == "(":
                save = self.i
                self.i += 1
                if self.peek() == ")":
                    self.i += 1
                    return set()
                self.i = save
                raise _malformed("Call", self.line())
            if self.peek() == "(":
                raise _malformed("Call", self.line())
            raise _malformed("Name", self.line())
        if c in "'\"":
            return self.parse_strings(raw=False)
        raise SyntaxError("invalid syntax")

    def parse_strings(self, raw):
        out = [self.parse_string(raw)]
        while True:
            c = self.peek()
            if c in ("'", '"') and c:
                out.append(self.parse_string(False))
            elif c and c in "rRuU" and self.i + 1 < self.n and self.s[self.i + 1] in "'\"":
                self.i += 1
                out.append(self.parse_string(c in "rR"))
            else:
                break
        return "".join(out)

    def parse_string(self, raw):
        s = self.s
        q = s[self.i]
        triple = s[self.i:self.i + 3] == q * 3
        delim = q * 3 if triple else q
        self.i += len(delim)
        out = []
        while True:
            if self.i >= self.n:
                raise SyntaxError("unterminated string literal")
            if s.startswith(delim, self.i):
                self.i += len(delim)
                return "".join(out)
            c = s[self.i]
            if c == "\n" and not triple:
                raise SyntaxError("unterminated string literal")
            if c != "\\":
                out.append(c)
                self.i += 1
                continue
            nxt = s[self.i + 1] if self.i + 1 < self.n else ""
            if raw:
                out.append(c + nxt)
                self.i += 2
                continue
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                self.i += 2
            elif nxt in "01234567":
                j = self.i + 1
                while j < self.n and j < self.i + 4 and s[j] in "01234567":
                    j += 1
                out.append(chr(int(s[self.i + 1:j], 8)))
                self.i = j
            elif nxt in "xuU":
                size = {"x": 2, "u": 4, "U": 8}[nxt]
                digits = s[self.i + 2:self.i + 2 + size]
                if len(digits) != size or any(d not in "0123456789abcdefABCDEF" for d in digits):
                    raise SyntaxError("(unicode error) truncated escape")
                out.append(chr(int(digits, 16)))
                self.i += 2 + size
            else:
                out.append("\\" + nxt)
                self.i += 2

    def parse_number(self):
        s = self.s
        start = self.i
        if s.startswith(("0x", "0X", "0o", "0O", "0b", "0B"), self.i):
            self.i += 2
            while self.i < self.n and (s[self.i].isalnum() or s[self.i] == "_"):
                self.i += 1
            return int(s[start:self.i].replace("_", ""), 0)
        while self.i < self.n and (s[self.i].isdigit() or s[self.i] == "_"):
            self.i += 1
        is_float = False
        if self.i < self.n and s[self.i] == ".":
            is_float = True
            self.i += 1
            while self.i < self.n and (s[self.i].isdigit() or s[self.i] == "_"):
                self.i += 1
        if self.i < self.n and s[self.i] in "eE":
            j = self.i + 1
            if j < self.n and s[j] in "+-":
                j += 1
            if j < self.n and s[j].isdigit():
                is_float = True
                self.i = j
                while self.i < self.n and s[self.i].isdigit():
                    self.i += 1
        if self.i < self.n and s[self.i] in "jJ":
            raise NotImplementedError("complex literals in literal_eval are not supported by wick")
        text = s[start:self.i].replace("_", "")
        return float(text) if is_float else int(text)


def literal_eval(node_or_string):
    if not isinstance(node_or_string, str):
        raise ValueError("malformed node or string: %r" % (node_or_string,))
    return _Parser(node_or_string.lstrip(" \t")).parse_top()
