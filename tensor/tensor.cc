#include "tensor/tensor.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "tensor/allocator.h"
#include "tensor/copy.h"
#include "tensor/shape.h"

namespace wick::tensor {

std::shared_ptr<Storage> Storage::Allocate(size_t nbytes) {
  void* p = CachingAllocator::Get().Allocate(nbytes);
  if (p == nullptr) return nullptr;
  std::shared_ptr<Storage> s(new Storage());
  s->data_ = p;
  s->nbytes_ = nbytes;
  return s;
}

std::shared_ptr<Storage> Storage::Wrap(void* data, size_t nbytes,
                                       std::function<void(void*)> release) {
  std::shared_ptr<Storage> s(new Storage());
  s->data_ = data;
  s->nbytes_ = nbytes;
  s->release_ = release ? std::move(release) : [](void*) {};
  return s;
}

Storage::~Storage() {
  if (release_) {
    release_(data_);
  } else {
    CachingAllocator::Get().Free(data_, nbytes_);
  }
}

Tensor Tensor::Make(std::shared_ptr<Storage> storage, IntSpan sizes, IntSpan strides,
                    int64_t offset, DType dtype) {
  Tensor t;
  t.impl_ = std::make_shared<Impl>();
  t.impl_->storage = std::move(storage);
  t.impl_->sizes.assign(sizes.begin(), sizes.end());
  t.impl_->strides.assign(strides.begin(), strides.end());
  t.impl_->storage_offset = offset;
  t.impl_->dtype = dtype;
  t.Recompute();
  return t;
}

void Tensor::Recompute() {
  impl_->numel = Numel(impl_->sizes);
  impl_->contiguous = IsContiguousLayout(impl_->sizes, impl_->strides);
}

absl::StatusOr<Tensor> Tensor::Empty(IntSpan sizes, DType dtype) {
  return EmptyStrided(sizes, ContiguousStrides(sizes), dtype);
}

absl::StatusOr<Tensor> Tensor::EmptyStrided(IntSpan sizes, IntSpan strides, DType dtype) {
  int64_t extent = 1;  // Elements needed: 1 + sum((size-1) * stride).
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "Trying to create tensor with negative dimension ", sizes[i], ": ",
          ShapeToString(sizes)));
    }
    if (sizes[i] == 0) extent = 0;
  }
  // Sizes from scripts can be anything: the byte count is computed with overflow checks
  // (PyTorch's message), never wrapped around into a small allocation.
  bool overflow = false;
  int64_t numel = 1;
  for (int64_t size : sizes) overflow |= __builtin_mul_overflow(numel, size, &numel);
  if (extent != 0) {
    for (size_t i = 0; i < sizes.size(); ++i) {
      int64_t span = 0;
      overflow |= __builtin_mul_overflow(sizes[i] - 1, strides[i], &span);
      overflow |= __builtin_add_overflow(extent, span, &extent);
    }
  }
  int64_t nbytes = 0;
  overflow |= __builtin_mul_overflow(extent, static_cast<int64_t>(ElementSize(dtype)), &nbytes);
  if (overflow) {
    return RuntimeError(absl::StrCat("Storage size calculation overflowed with sizes=",
                                     ShapeToString(sizes)));
  }
  auto storage = Storage::Allocate(static_cast<size_t>(nbytes));
  if (storage == nullptr) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate "
        "memory: you tried to allocate ", nbytes, " bytes. Error code 12 (Cannot allocate "
        "memory)"));
  }
  return Make(std::move(storage), sizes, strides, 0, dtype);
}

Tensor Tensor::Meta(IntSpan sizes, DType dtype) {
  return Make(nullptr, sizes, ContiguousStrides(sizes), 0, dtype);
}

Tensor Tensor::MetaStrided(IntSpan sizes, IntSpan strides, DType dtype) {
  return Make(nullptr, sizes, strides, 0, dtype);
}

Tensor Tensor::FromScalar(Scalar value, std::optional<DType> dtype, bool wrapped_number) {
  DType dt = dtype.value_or(value.is_double() ? DefaultFloatDType() : value.dtype());
  if (wrapped_number && !dtype) dt = value.dtype();  // Wrapped numbers keep double/int64.
  Tensor t = *Empty({}, dt);
  VisitDType(dt, [&]<typename T>() { *t.data<T>() = value.to<T>(); });
  t.impl_->wrapped_number = wrapped_number;
  return t;
}

Tensor Tensor::View(const Tensor& base, IntSpan sizes, IntSpan strides, int64_t offset) {
  Tensor t = Make(base.impl_->storage, sizes, strides, offset, base.dtype());
  t.impl_->requires_grad = base.impl_->requires_grad;
  return t;
}

void Tensor::SetGeometry(IntSpan sizes, IntSpan strides, int64_t offset) {
  impl_->sizes.assign(sizes.begin(), sizes.end());
  impl_->strides.assign(strides.begin(), strides.end());
  impl_->storage_offset = offset;
  Recompute();
}

Scalar Tensor::ElementAt(int64_t flat_index) const {
  int64_t offset = 0;
  for (int64_t d = dim() - 1; d >= 0; --d) {
    offset += (flat_index % impl_->sizes[d]) * impl_->strides[d];
    flat_index /= impl_->sizes[d];
  }
  return VisitDType(dtype(), [&]<typename T>() -> Scalar {
    const T v = data<T>()[offset];
    if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else if constexpr (std::is_floating_point_v<T>) return Scalar(static_cast<double>(v));
    else return Scalar(static_cast<int64_t>(v));
  });
}

absl::StatusOr<Scalar> Tensor::Item() const {
  if (numel() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a Tensor with ", numel(), " elements cannot be converted to Scalar"));
  }
  if (is_meta()) return absl::FailedPreconditionError("item() on a meta tensor");
  return ElementAt(0);
}

absl::StatusOr<Tensor> Tensor::Contiguous() const {
  if (is_contiguous()) return *this;
  return CopyAs(dtype());
}

absl::StatusOr<Tensor> Tensor::CopyAs(DType dt) const {
  if (is_meta()) return Meta(sizes(), dt);
  absl::StatusOr<Tensor> out = Empty(sizes(), dt);
  if (!out.ok()) return out.status();
  absl::Status s = CopyInto(*out, *this);
  if (!s.ok()) return s;
  return out;
}

std::string Tensor::DebugString() const {
  if (!defined()) return "Tensor(undefined)";
  return absl::StrCat("Tensor(sizes=", ShapeToString(sizes()),
                      ", strides=", ShapeToString(strides()), ", dtype=",
                      DTypeName(dtype()), is_meta() ? ", meta" : "", ")");
}

}  // namespace wick::tensor
