#!/usr/bin/python3
"""Prints CPython's AST of each file in wick's AST dump format (lang/testdata/README.md).

    /usr/bin/python3 lang/testdata/ast_oracle.py lang/testdata/ast/*.py   # writes *.ast

Independent of wick's parser: it walks `ast.parse` output generically, so the expected
files it writes check wick's node shapes, field order and positions against CPython 3.11.
"""
import ast
import sys

SCALAR_NODES = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
SKIPPED = {"type_comment", "type_ignores", "kind", "is_async"}


def quote(s, prefix=""):
    data = s if isinstance(s, bytes) else s.encode("utf-8")
    out = bytearray(prefix.encode() + b'"')
    for b in data:
        if b == 0x5C:
            out += b"\\\\"
        elif b == 0x22:
            out += b'\\"'
        elif b == 0x0A:
            out += b"\\n"
        elif b == 0x09:
            out += b"\\t"
        elif b == 0x0D:
            out += b"\\r"
        elif b < 0x20 or b == 0x7F or (prefix and b >= 0x80):
            out += b"\\x%02x" % b
        else:
            out.append(b)
    out += b'"'
    return out.decode("utf-8")


def constant(v):
    if v is None or v is True or v is False:
        return repr(v)
    if v is Ellipsis:
        return "Ellipsis"
    if isinstance(v, (int, float, complex)):
        return repr(v)
    if isinstance(v, bytes):
        return quote(v, "b")
    return quote(v)


def scalar(name, value):
    if isinstance(value, SCALAR_NODES):
        return type(value).__name__
    if isinstance(value, list):
        if all(isinstance(x, ast.cmpop) for x in value):
            return "[" + ", ".join(type(x).__name__ for x in value) + "]"
        return "[" + ", ".join(quote(x) for x in value) + "]"
    if isinstance(value, str):
        return quote(value)
    return str(value)


def is_child(value):
    if isinstance(value, ast.AST):
        return not isinstance(value, SCALAR_NODES)
    if isinstance(value, list):
        return bool(value) and all(
            x is None or (isinstance(x, ast.AST) and not isinstance(x, ast.cmpop))
            for x in value)
    return False


def dump(node, label, indent, out):
    name = "Expr" if isinstance(node, ast.Expr) else type(node).__name__
    header = [name]
    children = []
    for field in node._fields:
        if field in SKIPPED:
            continue
        value = getattr(node, field, None)
        if isinstance(node, ast.Constant) and field == "value":
            header.append("value=" + constant(value))
        elif isinstance(node, ast.FormattedValue) and field == "conversion":
            if value != -1:
                header.append("conversion=" + chr(value))
        elif is_child(value):
            children.append((field, value))
        elif value is None or value == []:
            continue
        else:
            header.append("%s=%s" % (field, scalar(field, value)))
    line = " ".join(header)
    if hasattr(node, "lineno") and not isinstance(node, ast.Module):
        line += " @%d:%d-%d:%d" % (node.lineno, node.col_offset, node.end_lineno,
                                   node.end_col_offset)
    out.append(" " * indent + label + line)
    for field, value in children:
        if isinstance(value, list):
            out.append(" " * (indent + 2) + field + ":")
            for item in value:
                if item is None:
                    out.append(" " * (indent + 4) + "None")
                else:
                    dump(item, "", indent + 4, out)
        else:
            dump(value, field + ": ", indent + 2, out)


def main():
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            tree = ast.parse(f.read(), path)
        out = []
        dump(tree, "", 0, out)
        with open(path[:-3] + ".ast", "w") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
