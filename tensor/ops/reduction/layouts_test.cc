// Cross-checks every reduction against a naive reference over many layouts (contiguous,
// permuted, sliced with gaps so that no dim has stride 1, sliced outer dims, expanded)
// and every subset of reduced dims, so that both the runs and the rows loops, dim
// coalescing and the outer reduced-dim iteration are all exercised.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/ops/reduction/internal/test_util.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/parallel.h"

namespace wick::tensor {
namespace {

using reduce_testing::Sizes;
using reduce_testing::Values;
using Group = std::vector<double>;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

struct Layout {
  std::string name;
  Tensor t;
};

// Varied values (a few exact ties) in a base tensor, viewed five ways as [6, 5, 7].
std::vector<Layout> Layouts(DType dtype, bool with_nan) {
  auto filled = [&](IntSpan sizes) {
    Tensor b = reduce_testing::Varied(sizes, 2, DType::kFloat64);
    Tensor out = *Tensor::Empty(sizes, dtype);
    VisitDType(dtype, [&]<typename T>() {
      for (int64_t i = 0; i < b.numel(); ++i) {
        double v = b.data<double>()[i];
        if (with_nan && i % 53 == 7) v = kNan;
        out.data<T>()[i] = static_cast<T>(v);
      }
    });
    return out;
  };
  const Tensor contiguous = filled({6, 5, 7});
  const Tensor permuted_base = filled({7, 6, 5});
  const Tensor gappy = filled({12, 5, 14});
  const Tensor outer_gaps = filled({12, 10, 7});
  const Tensor row = filled({1, 5, 7});
  return {
      {"contiguous", contiguous},
      {"permuted", reduce_testing::Permute(permuted_base, {1, 2, 0})},
      {"no_unit_stride", Tensor::View(gappy, {6, 5, 7}, {140, 14, 2}, 1)},
      {"outer_gaps", Tensor::View(outer_gaps, {6, 5, 7}, {140, 14, 1}, 7)},
      {"expanded", Tensor::View(row, {6, 5, 7}, {0, 7, 1}, 0)},
  };
}

// Groups the elements of `t` by their output position when reducing `dims`.
std::vector<Group> GroupBy(const Tensor& t, const std::vector<int64_t>& dims) {
  std::vector<bool> reduced(t.dim(), false);
  for (int64_t d : dims) reduced[d] = true;
  int64_t outputs = 1;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (!reduced[d]) outputs *= t.size(d);
  }
  std::vector<Group> groups(outputs);
  for (int64_t i = 0; i < t.numel(); ++i) {
    int64_t rem = i, out = 0, scale = 1;
    for (int64_t d = t.dim() - 1; d >= 0; --d) {
      const int64_t idx = rem % t.size(d);
      rem /= t.size(d);
      if (!reduced[d]) {
        out += idx * scale;
        scale *= t.size(d);
      }
    }
    groups[out].push_back(t.ElementAt(i).to_double());
  }
  return groups;
}

double RefSum(const Group& g) {
  double s = 0;
  for (double v : g) s += v;
  return s;
}
double RefMax(const Group& g, bool is_max) {
  double m = is_max ? -INFINITY : INFINITY;
  for (double v : g) {
    if (std::isnan(v)) return kNan;
    m = is_max ? std::max(m, v) : std::min(m, v);
  }
  return m;
}
double RefVar(const Group& g) {
  const double mean = RefSum(g) / g.size();
  double m2 = 0;
  for (double v : g) m2 += (v - mean) * (v - mean);
  return m2 / (g.size() - 1);
}
double RefProd(const Group& g) {
  double p = 1;
  for (double v : g) p *= v;
  return p;
}
double RefNorm2(const Group& g) {
  double s = 0;
  for (double v : g) s += v * v;
  return std::sqrt(s);
}
double RefNormInf(const Group& g) {
  double m = 0;
  for (double v : g) m = std::isnan(v) || std::isnan(m) ? kNan : std::max(m, std::fabs(v));
  return m;
}
double RefCountNonzero(const Group& g) {
  double c = 0;
  for (double v : g) c += v != 0;
  return c;
}
double RefLogsumexp(const Group& g) {
  const double m = RefMax(g, true);
  double s = 0;
  for (double v : g) s += std::exp(v - m);
  return m + std::log(s);
}

struct OpCase {
  std::string name;
  std::function<absl::StatusOr<Tensor>(const Tensor&, IntSpan)> run;
  std::function<double(const Group&)> ref;
  double rtol;
};

std::vector<OpCase> FloatOps() {
  return {
      {"sum", [](const Tensor& t, IntSpan d) { return Sum(t, d); }, RefSum, 1e-5},
      {"mean", [](const Tensor& t, IntSpan d) { return Mean(t, d); },
       [](const Group& g) { return RefSum(g) / g.size(); }, 1e-5},
      {"prod", [](const Tensor& t, IntSpan d) { return Prod(t, d[0]); }, RefProd, 1e-4},
      {"amax", [](const Tensor& t, IntSpan d) { return Amax(t, d); },
       [](const Group& g) { return RefMax(g, true); }, 0},
      {"amin", [](const Tensor& t, IntSpan d) { return Amin(t, d); },
       [](const Group& g) { return RefMax(g, false); }, 0},
      {"var", [](const Tensor& t, IntSpan d) { return Var(t, d); }, RefVar, 1e-5},
      {"norm2", [](const Tensor& t, IntSpan d) { return VectorNorm(t, 2, d); }, RefNorm2, 1e-5},
      {"norm_inf", [](const Tensor& t, IntSpan d) { return VectorNorm(t, INFINITY, d); },
       RefNormInf, 0},
      {"logsumexp", [](const Tensor& t, IntSpan d) { return Logsumexp(t, d); }, RefLogsumexp, 1e-5},
      {"count_nonzero", [](const Tensor& t, IntSpan d) { return CountNonzero(t, d); },
       RefCountNonzero, 0},
  };
}

void Check(const OpCase& op, const Layout& layout, const std::vector<int64_t>& dims) {
  const std::string what = op.name + " " + layout.name + " dims=" + ::testing::PrintToString(dims);
  absl::StatusOr<Tensor> got = op.run(layout.t, dims);
  ASSERT_TRUE(got.ok()) << what << ": " << got.status();
  const std::vector<Group> groups = GroupBy(layout.t, dims);
  const std::vector<double> values = Values(*got);
  ASSERT_EQ(values.size(), groups.size()) << what;
  for (size_t i = 0; i < groups.size(); ++i) {
    const double want = op.ref(groups[i]);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(values[i])) << what << " output " << i;
    } else {
      EXPECT_NEAR(values[i], want, 1e-6 + op.rtol * std::fabs(want)) << what << " output " << i;
    }
  }
}

const std::vector<std::vector<int64_t>> kDimSets = {{0},    {1},    {2},      {0, 1},
                                                    {0, 2}, {1, 2}, {0, 1, 2}};

TEST(Layouts, FloatReductionsMatchTheReference) {
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (const Layout& layout : Layouts(dt, /*with_nan=*/false)) {
      for (const OpCase& op : FloatOps()) {
        for (const auto& dims : kDimSets) {
          if (op.name == "prod" && dims.size() > 1) continue;  // prod takes one dim.
          Check(op, layout, dims);
        }
      }
    }
  }
}

TEST(Layouts, NanPropagatesInEveryLoop) {
  for (const Layout& layout : Layouts(DType::kFloat32, /*with_nan=*/true)) {
    for (const OpCase& op : FloatOps()) {
      if (op.name != "amax" && op.name != "amin" && op.name != "norm_inf" && op.name != "sum" &&
          op.name != "count_nonzero") {
        continue;
      }
      for (const auto& dims : kDimSets) Check(op, layout, dims);
    }
  }
}

TEST(Layouts, IntegerAndBoolReductions) {
  const std::vector<OpCase> ops = {
      {"sum", [](const Tensor& t, IntSpan d) { return Sum(t, d); }, RefSum, 0},
      {"amax", [](const Tensor& t, IntSpan d) { return Amax(t, d); },
       [](const Group& g) { return RefMax(g, true); }, 0},
      {"amin", [](const Tensor& t, IntSpan d) { return Amin(t, d); },
       [](const Group& g) { return RefMax(g, false); }, 0},
      {"count_nonzero", [](const Tensor& t, IntSpan d) { return CountNonzero(t, d); },
       RefCountNonzero, 0},
  };
  for (DType dt : {DType::kInt32, DType::kInt64, DType::kBool}) {
    for (const Layout& layout : Layouts(dt, false)) {
      for (const OpCase& op : ops) {
        for (const auto& dims : kDimSets) Check(op, layout, dims);
      }
    }
  }
}

// all/any/argmax take a single dim.
TEST(Layouts, SingleDimReductions) {
  for (const Layout& layout : Layouts(DType::kFloat32, false)) {
    for (int64_t d = 0; d < 3; ++d) {
      const std::vector<Group> groups = GroupBy(layout.t, {d});
      const std::vector<double> all = Values(*All(layout.t, d));
      const std::vector<double> any = Values(*Any(layout.t, d));
      const MaxResult mx = *MaxDim(layout.t, d);
      const std::vector<double> idx = Values(mx.indices);
      const std::vector<double> argmin = Values(*Argmin(layout.t, d));
      for (size_t i = 0; i < groups.size(); ++i) {
        const Group& g = groups[i];
        bool a = true, o = false;
        for (double v : g) {
          a = a && v != 0;
          o = o || v != 0;
        }
        EXPECT_EQ(all[i], a) << layout.name << " " << d;
        EXPECT_EQ(any[i], o) << layout.name << " " << d;
        const size_t first_max = std::max_element(g.begin(), g.end()) - g.begin();
        const size_t first_min = std::min_element(g.begin(), g.end()) - g.begin();
        EXPECT_EQ(idx[i], first_max) << layout.name << " " << d << " " << i;
        EXPECT_EQ(argmin[i], first_min) << layout.name << " " << d << " " << i;
      }
    }
  }
}

// With two threads the outputs are split at arbitrary points (inside a stretch of the
// innermost kept dim, inside a rows chunk); every output must come out bit-identical.
TEST(Layouts, ThreadSplitsGiveIdenticalResults) {
  const Tensor base = reduce_testing::Varied({96, 37, 41}, 5);
  const std::vector<Tensor> inputs = {base, reduce_testing::Permute(base, {2, 0, 1}),
                                      Tensor::View(base, {48, 37, 20}, {2 * 37 * 41, 41, 2}, 1)};
  auto run_all = [&]() {
    std::vector<std::vector<double>> out;
    for (const Tensor& t : inputs) {
      for (int64_t d = 0; d < 3; ++d) {
        const int64_t dims[] = {d};
        out.push_back(Values(*Sum(t, IntSpan(dims))));
        out.push_back(Values(*Amax(t, IntSpan(dims))));
        out.push_back(Values(*Var(t, IntSpan(dims))));
        out.push_back(Values(*Logsumexp(t, dims)));
        out.push_back(Values(MaxDim(t, d)->indices));
      }
    }
    return out;
  };
  SetNumThreads(1);
  const auto serial = run_all();
  SetNumThreads(2);
  const auto threaded = run_all();
  SetNumThreads(1);
  ASSERT_EQ(serial.size(), threaded.size());
  for (size_t i = 0; i < serial.size(); ++i) EXPECT_EQ(serial[i], threaded[i]) << i;
}

}  // namespace
}  // namespace wick::tensor
