// Replays testdata/fuzz_cases.txt (random views, reshapes and advanced-indexing reads and
// writes on permuted and sliced inputs, evaluated by PyTorch 1.13; see the generator
// gen_fuzz_cases.py for the format) through wick and compares sizes, strides, offsets,
// storage sharing, values and error messages.
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/test_util.h"

namespace wick::tensor {
namespace {

using test_util::Lit;
using test_util::Values;

std::vector<int64_t> Ints(absl::string_view s, char sep = ',') {
  std::vector<int64_t> out;
  if (s == "-" || s == "s") return out;
  for (absl::string_view part : absl::StrSplit(s, sep)) {
    int64_t v = 0;
    EXPECT_TRUE(absl::SimpleAtoi(part, &v)) << part;
    out.push_back(v);
  }
  return out;
}

std::vector<double> AsDoubles(const std::vector<int64_t>& v) {
  return std::vector<double>(v.begin(), v.end());
}

// arange(prod(base)).double().view(base).permute(perm), sliced with step 2 along `sl`.
Tensor MakeInput(const Tensor& storage, absl::string_view base, absl::string_view perm,
                 absl::string_view sl) {
  Tensor t = *View(storage, Ints(base));
  t = *Permute(t, Ints(perm));
  int64_t d = -1;
  EXPECT_TRUE(absl::SimpleAtoi(sl, &d));
  if (d >= 0) t = *Slice(t, d, std::nullopt, std::nullopt, 2);
  return t;
}

Tensor Storage(absl::string_view base) {
  int64_t n = 1;
  for (int64_t s : Ints(base)) n *= s;
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
  return Lit(v, {n}, DType::kFloat64);
}

std::vector<Tensor> Indices(absl::string_view spec) {
  std::vector<Tensor> out;
  for (absl::string_view e : absl::StrSplit(spec, ';')) {
    if (e == "N") {
      out.emplace_back();
      continue;
    }
    const DType dt = e[0] == 'b' ? DType::kBool : DType::kInt64;
    std::vector<absl::string_view> parts = absl::StrSplit(e.substr(1), ':');
    Tensor t = Lit(AsDoubles(Ints(parts[1])), Ints(parts[0], 'x'), dt);
    if (e[0] == 't') t = *Transpose(*Clone(*Transpose(t, 0, 1), true), 0, 1);
    out.push_back(t);
  }
  return out;
}

// "E:Type:message" (or "E:Type") against a failed status.
void ExpectError(const absl::Status& s, absl::string_view expected, const std::string& line) {
  ASSERT_FALSE(s.ok()) << line;
  std::vector<absl::string_view> parts = absl::StrSplit(expected, absl::MaxSplits(':', 2));
  EXPECT_EQ(PythonErrorType(s), parts[1]) << line << "\n  got: " << s;
  if (parts.size() > 2) {
    EXPECT_EQ(s.message(), parts[2]) << line;
  }
}

void ExpectGeometry(const Tensor& t, absl::string_view sizes, absl::string_view strides,
                    const std::string& line) {
  EXPECT_EQ(std::vector<int64_t>(t.sizes().begin(), t.sizes().end()), Ints(sizes)) << line;
  EXPECT_EQ(std::vector<int64_t>(t.strides().begin(), t.strides().end()), Ints(strides)) << line;
}

void CheckView(const std::vector<absl::string_view>& f, const std::string& line) {
  const Tensor storage = Storage(f[1]);
  const Tensor t = MakeInput(storage, f[1], f[2], f[3]);
  const std::vector<int64_t> shape = Ints(f[4]);
  absl::StatusOr<Tensor> v = View(t, shape);
  if (absl::StartsWith(f[5], "E:")) {
    ExpectError(v.status(), f[5], line);
  } else {
    ASSERT_TRUE(v.ok()) << line << ": " << v.status();
    std::vector<absl::string_view> g = absl::StrSplit(f[5], ';');
    ExpectGeometry(*v, g[0], g[1], line);
    EXPECT_EQ(v->storage_offset(), Ints(g[2])[0]) << line;
  }
  absl::StatusOr<Tensor> r = Reshape(t, shape);
  if (absl::StartsWith(f[6], "E:")) {
    ExpectError(r.status(), f[6], line);
    return;
  }
  ASSERT_TRUE(r.ok()) << line << ": " << r.status();
  std::vector<absl::string_view> g = absl::StrSplit(f[6], ';');
  ExpectGeometry(*r, g[0], g[1], line);
  EXPECT_EQ(r->shares_storage(t), g[2] == "1") << line;
  EXPECT_EQ(Values(*r), Values(t)) << line;
}

void CheckIndex(const std::vector<absl::string_view>& f, const std::string& line) {
  const Tensor t = MakeInput(Storage(f[1]), f[1], f[2], f[3]);
  absl::StatusOr<Tensor> r = Index(t, Indices(f[4]));
  if (absl::StartsWith(f[5], "E:")) {
    ExpectError(r.status(), f[5], line);
    return;
  }
  ASSERT_TRUE(r.ok()) << line << ": " << r.status();
  ExpectGeometry(*r, f[5], f[6], line);
  EXPECT_EQ(Values(*r), AsDoubles(Ints(f[7]))) << line;
}

void CheckPut(const std::vector<absl::string_view>& f, const std::string& line) {
  const Tensor storage = Storage(f[1]);
  const Tensor t = MakeInput(storage, f[1], f[2], f[3]);
  const std::vector<int64_t> vshape = Ints(f[6]);
  int64_t n = 1;
  for (int64_t s : vshape) n *= s;
  std::vector<double> vals(n);
  for (int64_t i = 0; i < n; ++i) vals[i] = -(1.0 + static_cast<double>(i));
  const Tensor values = Lit(vals, vshape, DType::kFloat64);
  absl::Status s = IndexPutInPlace(t, Indices(f[4]), values, f[5] == "1");
  if (absl::StartsWith(f[7], "E:")) {
    ExpectError(s, f[7], line);
    return;
  }
  ASSERT_TRUE(s.ok()) << line << ": " << s;
  EXPECT_EQ(Values(storage), AsDoubles(Ints(f[7]))) << line;
}

TEST(Fuzz, MatchesPyTorch) {
  std::ifstream in("tensor/ops/creation/testdata/fuzz_cases.txt");
  ASSERT_TRUE(in.good()) << "testdata missing";
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<absl::string_view> f = absl::StrSplit(line, " | ");
    ++cases;
    if (f[0] == "view") {
      CheckView(f, line);
    } else if (f[0] == "index") {
      CheckIndex(f, line);
    } else if (f[0] == "put") {
      CheckPut(f, line);
    } else {
      ADD_FAILURE() << "bad line: " << line;
    }
  }
  EXPECT_EQ(cases, 2000);
}

}  // namespace
}  // namespace wick::tensor
