// json through the interpreter (_wick_json + json/*.py): round trips of every JSON
// type, CPython's exact text for floats/escapes/indentation, and decode error texts.
#include <string>

#include "gtest/gtest.h"
#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

struct Result {
  int status;
  std::string out, err;
};

Result RunSource(const std::string& source) {
  Runtime rt;
  Interpreter interp(rt);
  InstallBuiltins(interp);
  Result r;
  interp.write_stdout = [&](absl::string_view s) { r.out.append(s.data(), s.size()); };
  interp.write_stderr = [&](absl::string_view s) { r.err.append(s.data(), s.size()); };
  r.status = interp.RunMain(source, "t.py", {"t.py"});
  return r;
}

TEST(JsonModuleTest, RoundTrips) {
  Result r = RunSource(R"(
import json
values = [None, True, False, 0, -7, 9223372036854775807, 0.1, -2.5e-300, 1e300, "",
          "é\n\"\\ \u2603 \U0001F600", [], {}, [1, [2, [3, []]]], {"a": {"b": [None]}},
          {"k%d" % i: i * 0.5 for i in range(20)}]
for v in values:
    for kw in [{}, {"indent": 2}, {"ensure_ascii": False}, {"sort_keys": True},
               {"separators": (",", ":")}]:
        text = json.dumps(v, **kw)
        assert json.loads(text) == v, (v, kw, text)
print("ok")
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "ok\n");
}

TEST(JsonModuleTest, CPythonText) {
  Result r = RunSource(R"(
import json
print(json.dumps([1e16, 1e-07, 0.1, 1.0, -0.0, float("nan"), float("-inf")]))
print(json.dumps({"b": [1, {}], "a": "\x01\u00e9"}, indent=1, sort_keys=True))
print(json.dumps({1: 2, None: 3, 2.5: True}))
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "[1e+16, 1e-07, 0.1, 1.0, -0.0, NaN, -Infinity]\n"
            "{\n \"a\": \"\\u0001\\u00e9\",\n \"b\": [\n  1,\n  {}\n ]\n}\n"
            "{\"1\": 2, \"null\": 3, \"2.5\": true}\n");
}

TEST(JsonModuleTest, DecodeErrors) {
  Result r = RunSource(R"(
import json
for s in ['[1,]', '{"a" 1}', '"abc', '[1] x', '"\\q"', 'x\n\n  [']:
    try:
        json.loads(s)
    except json.JSONDecodeError as e:
        print(e)
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "Expecting value: line 1 column 4 (char 3)\n"
            "Expecting ':' delimiter: line 1 column 6 (char 5)\n"
            "Unterminated string starting at: line 1 column 1 (char 0)\n"
            "Extra data: line 1 column 5 (char 4)\n"
            "Invalid \\escape: line 1 column 2 (char 1)\n"
            "Expecting value: line 1 column 1 (char 0)\n");
}

}  // namespace
}  // namespace wick::vm
