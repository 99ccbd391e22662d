// Values print as Python prints `t.tolist()` elements (repr(float), int, True/False) so
// that compare.py can parse both sides the same way; the str line is ToString with
// newlines escaped, so every record line stays one text line.
#include "tests/parity/record.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "base/python_error.h"
#include "tensor/print/print.h"

namespace wick::parity {

using tensor::Tensor;
using tensor::Value;

namespace {

void Line(std::string* out, const std::string& prefix, absl::string_view a,
          absl::string_view b = "") {
  absl::StrAppend(out, prefix, a, b, "\n");
}

std::string ElementText(const tensor::Scalar& s) {
  if (s.is_bool()) return s.to_bool() ? "True" : "False";
  if (s.is_int()) return absl::StrCat(s.to_int());
  return tensor::PythonFloatRepr(s.to_double());
}

void AppendTensor(const Tensor& t, const std::string& prefix, std::string* out) {
  Line(out, prefix, "type Tensor");
  Line(out, prefix, "dtype ", tensor::DTypeRepr(t.dtype()));
  Line(out, prefix, "shape [", absl::StrCat(absl::StrJoin(t.sizes(), ", "), "]"));
  Line(out, prefix, "stride [", absl::StrCat(absl::StrJoin(t.strides(), ", "), "]"));
  if (t.is_meta()) {
    Line(out, prefix, "values <meta>");
  } else {
    std::string values = "values";
    for (int64_t i = 0; i < t.numel(); ++i) {
      absl::StrAppend(&values, " ", ElementText(t.ElementAt(i)));
    }
    Line(out, prefix, values);
  }
  Line(out, prefix, "str ", absl::StrReplaceAll(tensor::ToString(t), {{"\n", "\\n"}}));
}

void AppendScalar(const tensor::Scalar& s, const std::string& prefix, std::string* out) {
  Line(out, prefix, "type scalar");
  Line(out, prefix, "value ", ElementText(s));
}

template <typename T>
void AppendTuple(const std::vector<T>& items, const std::string& prefix, std::string* out) {
  Line(out, prefix, absl::StrCat("type tuple ", items.size()));
  for (size_t i = 0; i < items.size(); ++i) {
    AppendRecord(Value(items[i]), absl::StrCat(prefix, "[", i, "] "), out);
  }
}

}  // namespace

std::string PythonStringRepr(const std::string& s) {
  const char quote =
      s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == quote)
      out += std::string("\\") + c;
    else
      out.push_back(c);
  }
  out.push_back(quote);
  return out;
}

void AppendRecord(const Value& v, const std::string& prefix, std::string* out) {
  switch (v.kind()) {
    case Value::Kind::kNone:
      Line(out, prefix, "type None");
      return;
    case Value::Kind::kBool:
    case Value::Kind::kInt:
    case Value::Kind::kDouble:
      AppendScalar(v.to_scalar(), prefix, out);
      return;
    case Value::Kind::kString:
      Line(out, prefix, "type str");
      Line(out, prefix, "value ", PythonStringRepr(v.to_string()));
      return;
    case Value::Kind::kDType:
      Line(out, prefix, "type dtype");
      Line(out, prefix, "value ", tensor::DTypeRepr(v.to_dtype()));
      return;
    case Value::Kind::kIntList:
      AppendTuple(v.to_int_list(), prefix, out);
      return;
    case Value::Kind::kDoubleList:
      AppendTuple(v.to_double_list(), prefix, out);
      return;
    case Value::Kind::kTensor:
      if (!v.to_tensor().defined()) {
        Line(out, prefix, "type None");
      } else {
        AppendTensor(v.to_tensor(), prefix, out);
      }
      return;
    case Value::Kind::kTensorList:
      AppendTuple(v.to_tensor_list(), prefix, out);
      return;
  }
}

std::string ErrorRecord(const absl::Status& status, const std::vector<std::string>& missing) {
  if (status.code() == absl::StatusCode::kNotFound && !missing.empty()) {
    std::string out = "error NotFound\n";
    for (const std::string& m : missing) absl::StrAppend(&out, "missing ", m, "\n");
    return out;
  }
  return absl::StrCat("error ", PythonErrorType(status), "\n");
}

}  // namespace wick::parity
