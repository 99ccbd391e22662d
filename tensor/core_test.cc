#include <cstring>

#include "gtest/gtest.h"
#include "tensor/allocator.h"
#include "tensor/copy.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor {
namespace {

Tensor Arange(std::initializer_list<int64_t> sizes, DType dt = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dt);
  VisitDType(dt, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(i);
  });
  return t;
}

TEST(Shape, ContiguousStridesAndNumel) {
  EXPECT_EQ(ContiguousStrides({2, 3, 4}), Shape({12, 4, 1}));
  EXPECT_EQ(ContiguousStrides({}), Shape({}));
  EXPECT_EQ(Numel({2, 0, 3}), 0);
  EXPECT_TRUE(IsContiguousLayout({2, 1, 3}, {3, 99, 1}));
  EXPECT_FALSE(IsContiguousLayout({2, 3}, {1, 2}));
}

TEST(Shape, WrapDimMessages) {
  EXPECT_EQ(*WrapDim(-1, 3), 2);
  EXPECT_EQ(*WrapDim(0, 0), 0);
  EXPECT_EQ(*WrapDim(-1, 0), 0);
  EXPECT_EQ(WrapDim(3, 2).status().message(),
            "Dimension out of range (expected to be in range of [-2, 1], but got 3)");
}

TEST(Shape, Broadcasting) {
  EXPECT_EQ(*BroadcastShapes({2, 1, 4}, {3, 1}), Shape({2, 3, 4}));
  EXPECT_EQ(*BroadcastShapes({}, {5}), Shape({5}));
  EXPECT_EQ(*BroadcastShapes({0}, {1}), Shape({0}));
  EXPECT_EQ(BroadcastShapes({2, 3}, {2, 4}).status().message(),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
            "dimension 1");
}

TEST(Shape, ResultTypeFollowsPyTorch) {
  const Tensor i32 = Tensor::Meta({3}, DType::kInt32);
  const Tensor f64_0d = Tensor::Meta({}, DType::kFloat64);
  const Tensor i64_0d = Tensor::Meta({}, DType::kInt64);
  const Tensor b = Tensor::Meta({3}, DType::kBool);
  const Tensor f32 = Tensor::Meta({3}, DType::kFloat32);
  const Tensor wrapped_float = Tensor::FromScalar(Scalar(2.5), std::nullopt, true);
  const Tensor wrapped_int = Tensor::FromScalar(Scalar(int64_t{2}), std::nullopt, true);
  EXPECT_EQ(ResultType(i32, wrapped_int), DType::kInt32);      // int32 + 2 -> int32
  EXPECT_EQ(ResultType(i32, wrapped_float), DType::kFloat32);  // int32 + 2.5 -> float32
  EXPECT_EQ(ResultType(i32, i64_0d), DType::kInt32);           // 0-dim same category loses
  EXPECT_EQ(ResultType(i32, f64_0d), DType::kFloat64);         // higher category wins
  EXPECT_EQ(ResultType(b, wrapped_int), DType::kInt64);
  EXPECT_EQ(ResultType(f32, f64_0d), DType::kFloat32);
  EXPECT_EQ(ResultType(wrapped_int, wrapped_float), DType::kFloat32);
}

TEST(Tensor, ViewsShareStorageAndVersion) {
  Tensor t = Arange({2, 3});
  Tensor v = Tensor::View(t, {3, 2}, {1, 3}, 0);  // transpose
  EXPECT_TRUE(v.shares_storage(t));
  EXPECT_FALSE(v.is_contiguous());
  EXPECT_EQ(v.ElementAt(1).to_double(), 3.0);
  v.bump_version();
  EXPECT_EQ(t.version(), 1u);
  Tensor c = *v.Contiguous();
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_FALSE(c.shares_storage(t));
  const float expected[] = {0, 3, 1, 4, 2, 5};
  EXPECT_EQ(std::memcmp(c.data<float>(), expected, sizeof(expected)), 0);
}

TEST(Tensor, CopyConvertsAndBroadcasts) {
  Tensor src = Arange({3}, DType::kFloat64);
  src.data<double>()[1] = 1.7;
  Tensor dst = *Tensor::Empty({2, 3}, DType::kInt64);
  ASSERT_TRUE(CopyInto(dst, src).ok());
  EXPECT_EQ(dst.ElementAt(4).to_int(), 1);  // truncation
  Tensor b = *Tensor::Empty({3}, DType::kBool);
  ASSERT_TRUE(CopyInto(b, src).ok());
  EXPECT_FALSE(b.ElementAt(0).to_bool());
  EXPECT_TRUE(b.ElementAt(1).to_bool());
  Tensor bad = *Tensor::Empty({4}, DType::kFloat32);
  EXPECT_FALSE(CopyInto(bad, src).ok());
}

// Column-major last two dims copied row-major take the tiled path: every element lands
// where the element-wise definition puts it (batched, uneven tile edges, 4- and 8-byte
// types, a strided destination row).
TEST(Tensor, TransposedCopyIsTiled) {
  for (DType dt : {DType::kFloat32, DType::kFloat64, DType::kInt64}) {
    Tensor base = Arange({2, 45, 70}, dt);  // [b][k][m]
    // src[b][i][j] = base[b][j][i]: sizes {2, 70, 45}, strides {3150, 1, 70}.
    Tensor src = Tensor::View(base, {2, 70, 45}, {3150, 1, 70}, 0);
    Tensor dst = *Tensor::Empty({2, 70, 45}, dt);
    ASSERT_TRUE(CopyInto(dst, src).ok());
    for (int64_t b = 0; b < 2; ++b) {
      for (int64_t i = 0; i < 70; ++i) {
        for (int64_t j = 0; j < 45; ++j) {
          ASSERT_EQ(dst.ElementAt((b * 70 + i) * 45 + j).to_double(),
                    base.ElementAt((b * 45 + j) * 70 + i).to_double());
        }
      }
    }
    // Into every other row of a wider buffer.
    Tensor wide = *Tensor::Empty({70, 90}, dt);
    Tensor rows = Tensor::View(wide, {70, 45}, {90, 1}, 0);
    Tensor src2 = Tensor::View(base, {70, 45}, {1, 70}, 0);
    ASSERT_TRUE(CopyInto(rows, src2).ok());
    EXPECT_EQ(wide.ElementAt(3 * 90 + 7).to_double(), base.ElementAt(7 * 70 + 3).to_double());
  }
}

TEST(Tensor, ItemAndScalars) {
  Tensor s = Tensor::FromScalar(Scalar(2.5));
  EXPECT_EQ(s.dtype(), DType::kFloat32);
  EXPECT_EQ(s.Item()->to_double(), 2.5);
  EXPECT_EQ(Arange({2}).Item().status().message(),
            "a Tensor with 2 elements cannot be converted to Scalar");
  Tensor i = Tensor::FromScalar(Scalar(int64_t{7}));
  EXPECT_EQ(i.dtype(), DType::kInt64);
  EXPECT_TRUE(Tensor::Meta({2}, DType::kFloat32).is_meta());
}

TEST(Tensor, NegativeSizeIsAnError) {
  EXPECT_EQ(Tensor::Empty({2, -1}, DType::kFloat32).status().message(),
            "Trying to create tensor with negative dimension -1: [2, -1]");
}

TEST(Allocator, ReusesFreedBlocks) {
  CachingAllocator& a = CachingAllocator::Get();
  void* p = a.Allocate(1000);
  a.Free(p, 1000);
  const uint64_t hits = a.Stats().cache_hits;
  void* q = a.Allocate(900);  // Same size class.
  EXPECT_EQ(p, q);
  EXPECT_EQ(a.Stats().cache_hits, hits + 1);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % 64, 0u);
  a.Free(q, 900);
}

}  // namespace
}  // namespace wick::tensor
