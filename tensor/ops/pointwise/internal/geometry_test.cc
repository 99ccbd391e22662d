// Output layouts of elementwise ops against PyTorch 1.13's TensorIterator: 70 random
// operand layouts (permuted, sliced, expanded, odd strides on size-1 dims, empty) with the
// strides torch gave for `a + b` and `exp(a)`; plus the overlap checks of in-place ops.
#include "tensor/ops/pointwise/internal/geometry.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/ops/pointwise/internal/test_util.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor::internal {
namespace {

using ::testing::ElementsAre;
using testing::IsPyError;
using testing::Vec;

struct LayoutCase {
  std::vector<int64_t> a_sizes, a_strides, b_sizes, b_strides;
  std::vector<int64_t> sizes, add_strides, exp_strides;
};

// Generated with torch.empty(n).as_strided(sizes, strides) operands:
// (a sizes, a strides, b sizes, b strides, (a + b).shape, (a + b).stride(), a.exp().stride())
const LayoutCase kCases[] = {
    {{2, 4, 0}, {4, 1, 1}, {2, 4, 0}, {0, 0, 0}, {2, 4, 0}, {4, 1, 1}, {4, 1, 1}},
    {{0, 4}, {1, 1}, {4}, {1}, {0, 4}, {1, 0}, {4, 1}},
    {{1, 2}, {1, 1}, {}, {}, {1, 2}, {1, 1}, {2, 1}},
    {{1, 2}, {2, 1}, {1, 2}, {2, 1}, {1, 2}, {2, 1}, {2, 1}},
    {{3, 3, 2, 2}, {1, 6, 3, 18}, {2, 2}, {2, 1}, {3, 3, 2, 2}, {1, 6, 3, 18}, {1, 6, 3, 18}},
    {{3, 1, 1, 4}, {4, 1, 4, 1}, {3, 1, 1, 4}, {4, 1, 7, 1}, {3, 1, 1, 4}, {4, 4, 4, 1}, {4, 4, 4, 1}},
    {{3, 3, 4}, {24, 8, 2}, {3, 3, 4}, {12, 4, 1}, {3, 3, 4}, {12, 4, 1}, {12, 4, 1}},
    {{4, 1, 1}, {1, 1, 1}, {4, 1, 1}, {2, 2, 2}, {4, 1, 1}, {1, 1, 1}, {1, 1, 1}},
    {{1, 4, 3}, {12, 3, 1}, {4, 3}, {1, 4}, {1, 4, 3}, {12, 3, 1}, {12, 3, 1}},
    {{4, 4}, {8, 2}, {4, 4}, {8, 2}, {4, 4}, {4, 1}, {4, 1}},
    {{3, 2, 4, 3}, {3, 36, 9, 1}, {3, 2, 4, 3}, {8, 1, 2, 24}, {3, 2, 4, 3}, {3, 36, 9, 1}, {3, 36, 9, 1}},
    {{4}, {1}, {4}, {1}, {4}, {1}, {1}},
    {{4, 3}, {1, 4}, {4, 3}, {3, 1}, {4, 3}, {1, 4}, {1, 4}},
    {{4}, {1}, {1}, {2}, {4}, {1}, {1}},
    {{1, 4, 4, 1}, {1, 4, 1, 1}, {1, 4, 4, 1}, {16, 4, 1, 1}, {1, 4, 4, 1}, {16, 4, 1, 1}, {16, 4, 1, 1}},
    {{2}, {1}, {1}, {1}, {2}, {1}, {1}},
    {{2, 3, 3, 3}, {27, 9, 3, 1}, {2, 1, 1, 1}, {1, 1, 1, 1}, {2, 3, 3, 3}, {27, 9, 3, 1}, {27, 9, 3, 1}},
    {{3, 4, 2}, {8, 2, 1}, {3, 4, 2}, {4, 1, 0}, {3, 4, 2}, {8, 2, 1}, {8, 2, 1}},
    {{3}, {1}, {3}, {1}, {3}, {1}, {1}},
    {{2, 2, 2}, {4, 2, 1}, {1, 1, 2}, {2, 2, 1}, {2, 2, 2}, {4, 2, 1}, {4, 2, 1}},
    {{4, 3, 2}, {6, 1, 3}, {1, 1, 1}, {1, 1, 1}, {4, 3, 2}, {6, 1, 3}, {6, 1, 3}},
    {{1, 4, 3, 1}, {12, 3, 1, 1}, {1, 4, 1, 1}, {5, 1, 1, 7}, {1, 4, 3, 1}, {12, 3, 1, 1}, {12, 3, 1, 1}},
    {{4, 4, 1, 2}, {1, 8, 32, 4}, {1, 4, 1, 2}, {4, 1, 4, 4}, {4, 4, 1, 2}, {1, 8, 32, 4}, {1, 8, 32, 4}},
    {{1}, {7}, {1}, {1}, {1}, {1}, {1}},
    {{2, 2, 1, 3}, {0, 1, 1, 0}, {2, 2, 1, 3}, {6, 3, 5, 1}, {2, 2, 1, 3}, {6, 3, 6, 1}, {6, 3, 3, 1}},
    {{4, 2, 2, 1}, {1, 8, 4, 4}, {4, 2, 2, 1}, {2, 1, 0, 1}, {4, 2, 2, 1}, {1, 8, 4, 4}, {1, 8, 4, 4}},
    {{1, 1, 2, 2}, {4, 4, 2, 1}, {}, {}, {1, 1, 2, 2}, {4, 4, 2, 1}, {4, 4, 2, 1}},
    {{1}, {1}, {1}, {1}, {1}, {1}, {1}},
    {{4, 2, 3, 2}, {2, 8, 16, 1}, {4, 2, 3, 2}, {12, 6, 2, 1}, {4, 2, 3, 2}, {2, 8, 16, 1}, {2, 8, 16, 1}},
    {{4, 1}, {1, 4}, {1, 1}, {5, 1}, {4, 1}, {1, 4}, {1, 1}},
    {{2, 4, 2}, {8, 2, 1}, {}, {}, {2, 4, 2}, {8, 2, 1}, {8, 2, 1}},
    {{2, 2}, {0, 0}, {2, 2}, {2, 1}, {2, 2}, {2, 1}, {2, 1}},
    {{1, 3, 4}, {12, 4, 1}, {4}, {1}, {1, 3, 4}, {12, 4, 1}, {12, 4, 1}},
    {{2}, {1}, {2}, {1}, {2}, {1}, {1}},
    {{2}, {1}, {2}, {1}, {2}, {1}, {1}},
    {{4, 2, 4}, {8, 4, 1}, {4, 2, 4}, {8, 4, 1}, {4, 2, 4}, {8, 4, 1}, {8, 4, 1}},
    {{4, 1}, {1, 1}, {4, 1}, {1, 4}, {4, 1}, {1, 1}, {1, 1}},
    {{1, 4, 1}, {4, 1, 1}, {1, 4, 1}, {1, 1, 1}, {1, 4, 1}, {4, 1, 1}, {4, 1, 1}},
    {{3, 1}, {1, 1}, {3, 1}, {1, 1}, {3, 1}, {1, 1}, {1, 1}},
    {{3, 3}, {1, 3}, {3, 3}, {3, 1}, {3, 3}, {1, 3}, {1, 3}},
    {{4, 2}, {2, 1}, {4, 2}, {1, 0}, {4, 2}, {2, 1}, {2, 1}},
    {{2, 2, 3}, {6, 3, 1}, {1, 2, 3}, {1, 3, 1}, {2, 2, 3}, {6, 3, 1}, {6, 3, 1}},
    {{4, 2, 1}, {4, 2, 2}, {4, 1, 1}, {1, 4, 4}, {4, 2, 1}, {2, 1, 1}, {2, 1, 1}},
    {{2, 3}, {3, 1}, {2, 3}, {1, 2}, {2, 3}, {3, 1}, {3, 1}},
    {{2, 0, 2}, {2, 2, 1}, {0, 2}, {1, 1}, {2, 0, 2}, {2, 2, 1}, {2, 2, 1}},
    {{3}, {1}, {3}, {2}, {3}, {1}, {1}},
    {{3}, {1}, {3}, {1}, {3}, {1}, {1}},
    {{4, 3}, {6, 2}, {4, 3}, {3, 1}, {4, 3}, {3, 1}, {3, 1}},
    {{1, 4}, {4, 1}, {1, 4}, {7, 1}, {1, 4}, {4, 1}, {4, 1}},
    {{1, 0}, {1, 1}, {0}, {0}, {1, 0}, {1, 1}, {1, 1}},
    {{2}, {1}, {2}, {1}, {2}, {1}, {1}},
    {{1}, {2}, {1}, {1}, {1}, {1}, {1}},
    {{2, 2, 2}, {8, 4, 2}, {}, {}, {2, 2, 2}, {4, 2, 1}, {4, 2, 1}},
    {{4}, {1}, {4}, {1}, {4}, {1}, {1}},
    {{1, 2}, {7, 1}, {1, 1}, {2, 2}, {1, 2}, {2, 1}, {2, 1}},
    {{4}, {1}, {4}, {1}, {4}, {1}, {1}},
    {{3, 3, 4, 4}, {48, 16, 4, 1}, {3, 1, 1, 1}, {1, 3, 3, 1}, {3, 3, 4, 4}, {48, 16, 4, 1}, {48, 16, 4, 1}},
    {{0, 2, 2}, {4, 2, 1}, {1, 2, 2}, {4, 2, 1}, {0, 2, 2}, {4, 2, 1}, {4, 2, 1}},
    {{2, 4, 4}, {1, 2, 8}, {1, 4, 1}, {8, 2, 2}, {2, 4, 4}, {1, 2, 8}, {1, 2, 8}},
    {{1, 3, 1}, {3, 1, 3}, {1, 1, 1}, {1, 1, 1}, {1, 3, 1}, {3, 1, 3}, {3, 1, 1}},
    {{4, 1, 3, 4}, {12, 12, 4, 1}, {4, 1, 3, 4}, {12, 12, 4, 1}, {4, 1, 3, 4}, {12, 12, 4, 1}, {12, 12, 4, 1}},
    {{2, 2, 3}, {1, 2, 4}, {1, 1, 3}, {6, 6, 2}, {2, 2, 3}, {1, 2, 4}, {1, 2, 4}},
    {{1, 1}, {2, 2}, {1, 1}, {5, 5}, {1, 1}, {1, 1}, {1, 1}},
    {{2}, {2}, {}, {}, {2}, {1}, {1}},
    {{3, 4, 2}, {2, 0, 1}, {3, 4, 2}, {1, 0, 0}, {3, 4, 2}, {8, 2, 1}, {8, 2, 1}},
    {{4, 4, 2}, {1, 8, 4}, {4, 4, 2}, {1, 4, 16}, {4, 4, 2}, {1, 8, 4}, {1, 8, 4}},
    {{2, 1, 4}, {4, 7, 1}, {2, 1, 4}, {1, 1, 2}, {2, 1, 4}, {4, 8, 1}, {4, 4, 1}},
    {{3, 3, 2, 2}, {12, 2, 6, 1}, {2, 2}, {2, 1}, {3, 3, 2, 2}, {12, 2, 6, 1}, {12, 2, 6, 1}},
    {{1, 4}, {8, 2}, {1, 1}, {1, 1}, {1, 4}, {4, 1}, {4, 1}},
    {{1, 2}, {1, 0}, {1, 2}, {4, 2}, {1, 2}, {2, 1}, {2, 1}},
};

// A meta tensor with the given geometry (layouts need no data).
Tensor Strided(const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides) {
  return Tensor::MetaStrided(sizes, strides, DType::kFloat32);
}

TEST(GeometryTest, MatchesTensorIterator) {
  int index = 0;
  for (const LayoutCase& c : kCases) {
    const Tensor a = Strided(c.a_sizes, c.a_strides);
    const Tensor b = Strided(c.b_sizes, c.b_strides);
    const Tensor* both[] = {&a, &b};
    absl::StatusOr<ElementwiseGeometry> g = ComputeGeometry(both, nullptr);
    ASSERT_TRUE(g.ok()) << index << ": " << g.status();
    EXPECT_EQ(Vec(g->sizes), c.sizes) << "case " << index;
    EXPECT_EQ(Vec(g->strides), c.add_strides) << "case " << index;
    const Tensor* one[] = {&a};
    EXPECT_EQ(Vec(ComputeGeometry(one, nullptr)->strides), c.exp_strides) << "case " << index;
    // The public ops report the same layout through their meta forms.
    EXPECT_EQ(Vec(Add(a, b, 1, {.meta = true})->strides()), c.add_strides) << "case " << index;
    ++index;
  }
}

// Real data through every layout: a + b computed by the kernels equals the sum of the
// elements read through each operand's own strides.
TEST(GeometryTest, KernelsHonourEveryLayout) {
  int index = 0;
  for (const LayoutCase& c : kCases) {
    auto make = [](const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides,
                   float scale) {
      int64_t extent = 1;
      for (size_t d = 0; d < sizes.size(); ++d) extent += (sizes[d] - 1) * strides[d];
      Tensor base = *Tensor::Empty({std::max<int64_t>(extent, 1)}, DType::kFloat32);
      for (int64_t i = 0; i < base.numel(); ++i) base.data<float>()[i] = scale * i;
      return Tensor::View(base, sizes, strides, 0);
    };
    const Tensor a = make(c.a_sizes, c.a_strides, 1.0f);
    const Tensor b = make(c.b_sizes, c.b_strides, 100.0f);
    const Tensor sum = *Add(a, b);
    const Tensor a_full =
        Tensor::View(a, c.sizes, BroadcastStrides(a, c.sizes), a.storage_offset());
    const Tensor b_full =
        Tensor::View(b, c.sizes, BroadcastStrides(b, c.sizes), b.storage_offset());
    for (int64_t i = 0; i < sum.numel(); ++i) {
      ASSERT_EQ(sum.ElementAt(i).to_double(),
                a_full.ElementAt(i).to_double() + b_full.ElementAt(i).to_double())
          << "case " << index << " element " << i;
    }
    ++index;
  }
}

TEST(GeometryTest, InPlaceTargets) {
  const Tensor self = Tensor::Meta({2, 3}, DType::kFloat32);
  const Tensor row = Tensor::Meta({3}, DType::kFloat32);
  const Tensor* ok[] = {&self, &row};
  EXPECT_TRUE(ComputeGeometry(ok, &self).ok());
  const Tensor* grow[] = {&row, &self};
  EXPECT_THAT(ComputeGeometry(grow, &row).status(),
              IsPyError("RuntimeError",
                        "output with shape [3] doesn't match the broadcast shape [2, 3]"));
  // Internal overlap: an expanded target.
  const Tensor expanded = Tensor::MetaStrided({2, 3}, {0, 1}, DType::kFloat32);
  EXPECT_FALSE(CheckWritable(expanded, {}).ok());
  EXPECT_TRUE(CheckWritable(self, {}).ok());
}

TEST(GeometryTest, NonOverlappingAndDense) {
  EXPECT_TRUE(IsNonOverlappingAndDense({2, 3}, {1, 2}));
  EXPECT_TRUE(IsNonOverlappingAndDense({2, 1, 3}, {3, 99, 1}));
  EXPECT_FALSE(IsNonOverlappingAndDense({2, 3}, {6, 2}));
  EXPECT_FALSE(IsNonOverlappingAndDense({2, 3}, {0, 1}));
  EXPECT_TRUE(IsNonOverlappingAndDense({}, {}));
  EXPECT_FALSE(IsNonOverlappingAndDense({4}, {2}));
}

}  // namespace
}  // namespace wick::tensor::internal
