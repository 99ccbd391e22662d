# Nested containers, copies vs aliases, equality of nested values.
records = [
    {"name": "ann", "tags": ["a", "b"], "pos": (1, 2)},
    {"name": "bob", "tags": [], "pos": (3, 4)},
]
for r in records:
    print(r["name"], len(r["tags"]), r["pos"][1])
records[1]["tags"].append("new")
print(records[1])
shallow = list(records)
shallow[0]["name"] = "ANN"
print(records[0]["name"])
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
transposed = [list(col) for col in zip(*matrix)]
print(matrix, transposed)
flat = [v for row in matrix for v in row]
print(flat, sum(flat))
print([[1, [2]], 3] == [[1, [2]], 3], ([1], 2) == ([1], 2))
index = {}
for i, word in enumerate(["x", "y", "x"]):
    index.setdefault(word, []).append(i)
print(index)
