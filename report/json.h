// A small JSON value with a parser and two serializers: what the trace reader needs to
// read TORCH_TRACE envelopes and payloads, and what the report needs to write raw.jsonl,
// compile_directory.json and pretty-printed artifacts. Objects keep insertion order (as
// Python dicts do), so re-serializing an envelope keeps its key order.
//
//   ASSIGN_OR_RETURN(Json j, ParseJson(R"({"frame_id": 0, "stack": []})"));
//   if (const Json* id = j.Find("frame_id"); id && id->is_int()) ...
//   j.Dump();        // {"frame_id": 0, "stack": []}   (Python's json.dumps separators)
//   j.DumpPretty();  // 2-space indented, like serde_json::to_string_pretty
#ifndef WICK_REPORT_JSON_H_
#define WICK_REPORT_JSON_H_

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace wick::report {

class Json {
 public:
  enum class Type { kNull, kBool, kInt, kDouble, kString, kArray, kObject };
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;  // null
  static Json Bool(bool b) { return Json(Value(b)); }
  static Json Int(int64_t i) { return Json(Value(i)); }
  static Json Double(double d) { return Json(Value(d)); }
  static Json String(std::string s) { return Json(Value(std::move(s))); }
  static Json MakeArray(Array a = {}) { return Json(Value(std::move(a))); }
  static Json MakeObject(Object o = {}) { return Json(Value(std::move(o))); }

  Type type() const { return static_cast<Type>(value_.index()); }
  bool is_null() const { return type() == Type::kNull; }
  bool is_bool() const { return type() == Type::kBool; }
  bool is_int() const { return type() == Type::kInt; }
  // Integers are numbers too: is_number() is true for both kInt and kDouble.
  bool is_number() const { return is_int() || type() == Type::kDouble; }
  bool is_string() const { return type() == Type::kString; }
  bool is_array() const { return type() == Type::kArray; }
  bool is_object() const { return type() == Type::kObject; }

  // Accessors; calling one on the wrong type is a bug (std::get throws).
  bool as_bool() const { return std::get<bool>(value_); }
  int64_t as_int() const { return std::get<int64_t>(value_); }
  double as_double() const;  // kInt or kDouble
  const std::string& as_string() const { return std::get<std::string>(value_); }
  const Array& as_array() const { return std::get<Array>(value_); }
  Array& mutable_array() { return std::get<Array>(value_); }
  const Object& as_object() const { return std::get<Object>(value_); }

  // The value under `key` in an object (the last one if the key repeats, as Python
  // does), or nullptr if absent or this is not an object.
  const Json* Find(absl::string_view key) const;
  // Sets `key` in an object, replacing an existing value in place or appending.
  void Set(absl::string_view key, Json value);

  // One line with Python's default separators ", " and ": ". Non-ASCII text is written
  // as UTF-8 (Python would write \uXXXX; both parse to the same value).
  std::string Dump() const;
  // Indented by two spaces per level, "key": value, like serde_json's pretty printer.
  std::string DumpPretty() const;

 private:
  using Value = std::variant<std::monostate, bool, int64_t, double, std::string, Array, Object>;
  explicit Json(Value v) : value_(std::move(v)) {}
  void DumpTo(std::string* out, int indent, int depth) const;

  Value value_;
};

// Parses one JSON document (RFC 8259; surrounding whitespace allowed). Numbers without
// fraction or exponent that fit int64 become kInt, others kDouble. Rejects NaN and
// Infinity (as serde_json, and so tlparse, does). InvalidArgument says where it failed.
absl::StatusOr<Json> ParseJson(absl::string_view text);

}  // namespace wick::report

#endif  // WICK_REPORT_JSON_H_
