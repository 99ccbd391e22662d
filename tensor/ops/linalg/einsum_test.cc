// einsum against a brute-force sum over every label assignment: matmul, bmm, transposes,
// outer products, reductions, diagonals, attention patterns, broadcasting, ellipses,
// contraction paths; result layouts as PyTorch 1.13 reports them; its error messages.
#include <map>

#include "gtest/gtest.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using testing::ExpectClose;
using testing::Random;
using testing::Values;

// Every term of `eq` (explicit output, letters only) evaluated by looping over all label
// values; size-1 dims broadcast.
std::vector<double> BruteForce(const std::string& eq, const std::vector<Tensor>& ops,
                               Shape* out_shape) {
  const size_t arrow = eq.find("->");
  std::vector<std::string> terms;
  std::string cur;
  for (char c : eq.substr(0, arrow)) {
    if (c == ',') {
      terms.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  terms.push_back(cur);
  const std::string out = eq.substr(arrow + 2);
  std::map<char, int64_t> size;
  for (size_t i = 0; i < ops.size(); ++i) {
    for (size_t d = 0; d < terms[i].size(); ++d) {
      size[terms[i][d]] = std::max(size[terms[i][d]], ops[i].size(d));
    }
  }
  std::vector<char> labels;
  for (auto& [l, s] : size) labels.push_back(l);
  out_shape->clear();
  for (char c : out) out_shape->push_back(size[c]);
  std::vector<double> result(Numel(*out_shape), 0.0);
  std::vector<std::vector<double>> vals;
  for (const Tensor& t : ops) vals.push_back(Values(t));
  std::map<char, int64_t> idx;
  for (char l : labels) idx[l] = 0;
  int64_t total = 1;
  for (char l : labels) total *= size[l];
  for (int64_t n = 0; n < total; ++n) {
    int64_t rem = n;
    for (auto it = labels.rbegin(); it != labels.rend(); ++it) {
      idx[*it] = rem % size[*it];
      rem /= size[*it];
    }
    double prod = 1;
    for (size_t i = 0; i < ops.size(); ++i) {
      int64_t flat = 0;
      for (size_t d = 0; d < terms[i].size(); ++d) {
        const int64_t s = ops[i].size(d);
        flat = flat * s + (s == 1 ? 0 : idx[terms[i][d]]);
      }
      prod *= vals[i][flat];
    }
    int64_t o = 0;
    for (char c : out) o = o * size[c] + idx[c];
    result[o] += prod;
  }
  return result;
}

struct Pattern {
  std::string eq;
  std::vector<Shape> shapes;
  Shape strides;  // PyTorch 1.13's result strides
};

TEST(Einsum, PatternsMatchBruteForceWithPyTorchLayouts) {
  const std::vector<Pattern> patterns = {
      {"ij,jk->ik", {{2, 3}, {3, 4}}, {4, 1}},
      {"ij,jk->ki", {{2, 3}, {3, 4}}, {1, 4}},
      {"bij,bjk->ibk", {{5, 2, 3}, {5, 3, 4}}, {4, 8, 1}},
      {"i,j->ji", {{2}, {3}}, {2, 1}},
      {"i,j->ij", {{2}, {3}}, {3, 1}},
      {"ij,ij->ji", {{2, 3}, {2, 3}}, {1, 3}},
      {"ij,ij->ij", {{2, 3}, {2, 3}}, {3, 1}},
      {"ijk->kj", {{2, 3, 4}}, {3, 1}},
      {"ijk->kji", {{2, 3, 4}}, {1, 4, 12}},
      {"ijk->k", {{2, 3, 4}}, {1}},
      {"ijk->ik", {{2, 3, 4}}, {4, 1}},
      {"bhqd,bhkd->bhqk", {{2, 3, 4, 5}, {2, 3, 6, 5}}, {72, 24, 6, 1}},
      {"bqhd,bkhd->bhqk", {{2, 4, 3, 5}, {2, 6, 3, 5}}, {72, 24, 6, 1}},
      {"bhqk,bhkd->bqhd", {{2, 3, 4, 6}, {2, 3, 6, 5}}, {60, 5, 20, 1}},
      {"ij,kj->ik", {{2, 3}, {4, 3}}, {4, 1}},
      {"ji,jk->ik", {{3, 2}, {3, 4}}, {4, 1}},
      {"ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 5}}, {5, 1}},
      {"ij,jk,kl->li", {{2, 3}, {3, 4}, {4, 5}}, {1, 5}},
      {"i,i->", {{3}, {3}}, {}},
      {"ij,j->i", {{2, 3}, {3}}, {1}},
      {"j,ij->i", {{3}, {2, 3}}, {1}},
      {"ij,ik->jk", {{2, 3}, {2, 4}}, {4, 1}},
      {"bn,anm,bm->ba", {{2, 3}, {4, 3, 5}, {2, 5}}, {4, 1}},
      {"ii->i", {{3, 3}}, {4}},
      {"iij->ji", {{3, 3, 2}}, {1, 8}},
      {"ij,jk->ik", {{2, 1}, {3, 4}}, {4, 1}},
      {"i,i->", {{2}, {1}}, {}},
      {"ij,jk->jik", {{2, 3}, {3, 4}}, {4, 12, 1}},
      {"ij->ji", {{2, 3}}, {1, 3}},
      {"ij->", {{2, 3}}, {}},
      {"ii->", {{3, 3}}, {}},
      // Products of same-shape contiguous operands are contiguous (TensorIterator's fast
      // path), whatever the strides of their size-1 dims.
      {"ecb,bc,e->cbe", {{1, 1, 4}, {4, 1}, {1}}, {4, 1, 1}},
  };
  uint32_t seed = 1;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (const Pattern& p : patterns) {
      std::vector<Tensor> ops;
      for (const Shape& s : p.shapes) ops.push_back(Random(s, dt, seed++));
      absl::StatusOr<Tensor> r = Einsum(p.eq, ops);
      ASSERT_TRUE(r.ok()) << p.eq << ": " << r.status();
      Shape shape;
      const std::vector<double> want = BruteForce(p.eq, ops, &shape);
      EXPECT_EQ(r->sizes(), IntSpan(shape)) << p.eq;
      EXPECT_EQ(r->strides(), IntSpan(p.strides)) << p.eq;
      EXPECT_EQ(r->dtype(), dt) << p.eq;
      const double tol = dt == DType::kFloat32 ? 1e-5 : 1e-12;
      ExpectClose(*r, want, tol, tol, p.eq);
      // The meta version agrees on metadata.
      std::vector<Tensor> metas;
      for (const Tensor& t : ops) metas.push_back(Tensor::Meta(t.sizes(), t.dtype()));
      absl::StatusOr<Tensor> m = Einsum(p.eq, metas);
      ASSERT_TRUE(m.ok()) << p.eq << ": " << m.status();
      EXPECT_TRUE(m->is_meta());
      EXPECT_EQ(m->sizes(), r->sizes()) << p.eq;
      EXPECT_EQ(m->strides(), r->strides()) << p.eq;
    }
  }
}

TEST(Einsum, PureTransposeIsAView) {
  const Tensor a = Random({2, 3}, DType::kFloat32, 1);
  const Tensor t = *Einsum("ij->ji", {a});
  EXPECT_TRUE(t.shares_storage(a));
  const Tensor same = *Einsum("ij->ij", {a});
  EXPECT_TRUE(same.shares_storage(a));
  EXPECT_EQ(same.strides(), a.strides());
}

TEST(Einsum, ImplicitOutputEllipsisAndNonContiguous) {
  const Tensor a = Random({5, 2, 3}, DType::kFloat64, 1), b = Random({3, 4}, DType::kFloat64, 2);
  Shape shape;
  const std::vector<double> want = BruteForce("bij,jk->bik", {a, b}, &shape);
  for (const char* eq : {"...ij,...jk->...ik", "...ij,...jk", "bij,jk"}) {
    absl::StatusOr<Tensor> r = Einsum(eq, {a, b});
    ASSERT_TRUE(r.ok()) << eq << ": " << r.status();
    EXPECT_EQ(r->sizes(), IntSpan(shape)) << eq;
    EXPECT_EQ(r->strides(), IntSpan(Shape{8, 4, 1})) << eq;
    ExpectClose(*r, want, 1e-12, 1e-12, eq);
  }
  // Implicit output orders labels alphabetically, upper case first.
  const Tensor x = Random({2, 3}, DType::kFloat64, 3);
  EXPECT_EQ(Einsum("ji", {x})->sizes(), IntSpan(Shape{3, 2}));
  EXPECT_EQ(Einsum("Ab,bC->AC", {x, Random({3, 4}, DType::kFloat64, 4)})->sizes(),
            IntSpan(Shape{2, 4}));
  EXPECT_EQ(Einsum("i...->...", {Random({2, 3, 4}, DType::kFloat64, 5)})->sizes(),
            IntSpan(Shape{3, 4}));
  // Spaces are ignored; non-contiguous operands work.
  const Tensor xt = testing::WithLayout(x, {1, 0});
  const Tensor y = testing::Strided(Random({3, 4}, DType::kFloat64, 6), 1, 2);
  const std::vector<double> want2 = BruteForce("ij,jk->ik", {xt, y}, &shape);
  ExpectClose(*Einsum("i j , j k -> i k", {xt, y}), want2, 1e-12, 1e-12);
  // 0-dim operands and an empty equation side.
  const Tensor s = Tensor::FromScalar(2.0, DType::kFloat32);
  ExpectClose(*Einsum("", {s}), {2});
  ExpectClose(*Einsum("->", {s}), {2});
  ExpectClose(*Einsum("i,->i", {testing::FromValues({1, 2}, {2}), s}), {2, 4});
}

TEST(Einsum, DtypesFollowPyTorch) {
  const Tensor l = testing::FromValues({1, 2}, {2}, DType::kInt64);
  EXPECT_EQ(Einsum("i,i->", {l, l})->dtype(), DType::kInt64);
  ExpectClose(*Einsum("i,i->", {l, l}), {5}, 0, 0);
  // Sums of bool give int64 (torch.sum); products promote (torch.mul).
  const Tensor b = testing::FromValues({1, 1, 0, 1, 1, 1}, {2, 3}, DType::kBool);
  EXPECT_EQ(Einsum("ij->i", {b})->dtype(), DType::kInt64);
  ExpectClose(*Einsum("ij->i", {b}), {2, 3}, 0, 0);
  EXPECT_EQ(Einsum("i,j->ij", {Random({2}, DType::kFloat32, 1), Random({3}, DType::kFloat64, 2)})
                ->dtype(),
            DType::kFloat64);
  auto err = [](absl::StatusOr<Tensor> r) {
    return r.ok() ? "" : std::string(r.status().message());
  };
  EXPECT_EQ(err(Einsum("ij,jk->ik",
                       {Random({2, 3}, DType::kFloat32, 1), Random({3, 4}, DType::kFloat64, 2)})),
            "expected scalar type Float but found Double");
  EXPECT_EQ(err(Einsum("ij,jk->ik", {b, testing::FromValues({1, 1, 1}, {3, 1}, DType::kBool)})),
            "\"bmm\" not implemented for 'Bool'");
}

TEST(Einsum, ContractionPath) {
  const Tensor a = Random({2, 3}, DType::kFloat64, 1), b = Random({3, 4}, DType::kFloat64, 2),
               c = Random({4, 5}, DType::kFloat64, 3);
  Shape shape;
  const std::vector<double> want = BruteForce("ij,jk,kl->il", {a, b, c}, &shape);
  const std::vector<int64_t> path = {1, 2, 0, 1};
  absl::StatusOr<Tensor> r = Einsum("ij,jk,kl->il", {a, b, c}, absl::Span<const int64_t>(path));
  ASSERT_TRUE(r.ok()) << r.status();
  ExpectClose(*r, want, 1e-12, 1e-12);
  const std::vector<int64_t> bad = {0, 0, 0, 1};
  EXPECT_EQ(Einsum("ij,jk,kl->il", {a, b, c}, absl::Span<const int64_t>(bad)).status().message(),
            "einsum(): invalid contraction (0, 0) cannot contract an operand with itself");
  const std::vector<int64_t> short_path = {0, 1};
  EXPECT_EQ(
      Einsum("ij,jk,kl->il", {a, b, c}, absl::Span<const int64_t>(short_path)).status().message(),
      "einsum(): expected contraction path given in path parameter to have size 4 but got 2");
}

TEST(Einsum, ErrorMessagesMatchPyTorch) {
  const Tensor a = Random({2, 3}, DType::kFloat32, 1), b = Random({3, 4}, DType::kFloat32, 2);
  auto err = [](absl::StatusOr<Tensor> r) {
    return r.ok() ? "" : std::string(r.status().message());
  };
  EXPECT_EQ(err(Einsum("ij,jk->ik", {a})),
            "einsum(): fewer operands were provided than specified in the equation");
  EXPECT_EQ(err(Einsum("i", {Random({2}, DType::kFloat32, 1), Random({2}, DType::kFloat32, 2)})),
            "einsum(): more operands were provided than specified in the equation");
  EXPECT_EQ(err(Einsum("ij,jk->ik", {a, a})),
            "einsum(): subscript j has size 2 for operand 1 which does not broadcast with "
            "previously seen size 3");
  EXPECT_EQ(err(Einsum("ijk,jk->ik", {a, b})),
            "einsum(): the number of subscripts in the equation (3) does not match the number "
            "of dimensions (2) for operand 0 and no ellipsis was given");
  EXPECT_EQ(err(Einsum("ijk...->", {a})),
            "einsum(): the number of subscripts in the equation (3) is more than the number of "
            "dimensions (2) for operand 0");
  EXPECT_EQ(err(Einsum("ij,jk->il", {a, b})),
            "einsum(): output subscript l does not appear in the equation for any input operand");
  EXPECT_EQ(err(Einsum("ij,jk->iik", {a, b})),
            "einsum(): output subscript i appears more than once in the output");
  EXPECT_EQ(err(Einsum("i1,jk->ik", {a, b})),
            "einsum(): invalid subscript given at index 1 in the equation string, subscripts "
            "must be in [a-zA-Z]");
  EXPECT_EQ(err(Einsum("ij,jk->i k1", {a, b})),
            "einsum(): invalid subscript given at index 10 in the equation string, subscripts "
            "must be in [a-zA-Z]");
  EXPECT_EQ(err(Einsum("ij->i->j", {a})),
            "einsum(): invalid subscript given at index 5 in the equation string, subscripts "
            "must be in [a-zA-Z]");
  EXPECT_EQ(err(Einsum("ii->i", {a})),
            "einsum(): subscript i is repeated for operand 0 but the sizes don't match, 3 != 2");
  EXPECT_EQ(err(Einsum("i.j", {a})),
            "einsum(): found '.' for operand 0 that is not part of any ellipsis");
  EXPECT_EQ(err(Einsum("i..j", {a})),
            "einsum(): found '.' for operand 0 that is not part of any ellipsis");
  EXPECT_EQ(err(Einsum("...i...", {a})),
            "einsum(): found '.' for operand 0 for which an ellipsis was already found");
  EXPECT_EQ(err(Einsum("ij->..", {a})),
            "einsum(): found '.' for output that is not part of any ellipsis (...)");
  EXPECT_EQ(err(Einsum("...ij,...jk", {Random({2, 2, 3}, DType::kFloat32, 1),
                                       Random({3, 3, 4}, DType::kFloat32, 2)})),
            "einsum(): dimension 0 covered by ellipsis in operand 1has size 3 which does not "
            "broadcast with previously seen ellipsis with size 2 for the respective dimension");
  EXPECT_EQ(err(Einsum("ij", {})), "einsum(): must provide at least one operand");
}

}  // namespace
}  // namespace wick::tensor
