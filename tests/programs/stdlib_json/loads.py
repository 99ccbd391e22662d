# json.loads: every JSON type, unicode escapes, NaN/Infinity and hooks.
import json

doc = ' {"k": [1, 2.5e-3, "v", null, true, false], "n": {"x": -0, "y": 1E2}} '
print(json.loads(doc))
print(json.loads('"\\ud83d\\ude00 \\u00e9 \\n\\t\\"\\\\\\/"'))
print(json.loads("[NaN, Infinity, -Infinity]"), json.loads("1e400"), json.loads("[]"), json.loads("{}"))
print(json.loads('{"a": 1, "a": 2}'), json.loads("  42  "), json.loads('"é"'))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=list))
print(json.loads("[1, 2.5]", parse_float=lambda s: "F" + s, parse_int=lambda s: "I" + s))
data = json.loads("""
{
  "model": "resnet",
  "layers": [64, 128, 256],
  "dropout": 0.1,
  "pretrained": false
}
""")
print(data["model"], sum(data["layers"]), data["dropout"] * 2, data["pretrained"])
