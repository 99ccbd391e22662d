// Tensor: a view (sizes, strides, offset, dtype) onto shared Storage, with PyTorch's
// semantics. Copying a Tensor copies the handle; views share storage. A tensor without
// storage is a *meta* tensor: it carries metadata only, which is what the op registry's
// meta functions consume and produce (the tracer never runs kernels).
//
//   Tensor t = Tensor::Empty({2, 3}, DType::kFloat32);
//   float* p = t.data<float>();                 // first element, offset applied
//   Tensor m = Tensor::Meta({2, 3}, DType::kFloat32);   // no storage
#ifndef WICK_TENSOR_TENSOR_H_
#define WICK_TENSOR_TENSOR_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/dtype.h"
#include "tensor/scalar.h"

namespace wick::tensor {

// Sizes and strides (strides in elements, as PyTorch reports them).
using Shape = absl::InlinedVector<int64_t, 6>;
using IntSpan = absl::Span<const int64_t>;

// A contiguous block of bytes shared by a tensor and its views.
class Storage {
 public:
  // `nbytes` bytes from the caching allocator; nullptr when out of memory.
  static std::shared_ptr<Storage> Allocate(size_t nbytes);
  // Wraps caller-owned memory; `release(data)` runs when the last user lets go.
  static std::shared_ptr<Storage> Wrap(void* data, size_t nbytes,
                                       std::function<void(void*)> release);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  // Bumped by every in-place write (PyTorch's `_version`); shared by all views.
  uint64_t version() const { return version_; }
  void bump_version() { ++version_; }

 private:
  Storage() = default;
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  uint64_t version_ = 0;
  std::function<void(void*)> release_;  // Empty: memory belongs to the caching allocator.
};

class Tensor {
 public:
  Tensor() = default;  // Undefined tensor (None in an optional-tensor slot).

  // Uninitialised contiguous tensor. Fails only when memory cannot be had.
  static absl::StatusOr<Tensor> Empty(IntSpan sizes, DType dtype);
  static absl::StatusOr<Tensor> EmptyStrided(IntSpan sizes, IntSpan strides, DType dtype);
  // Metadata only (contiguous strides unless given).
  static Tensor Meta(IntSpan sizes, DType dtype);
  static Tensor MetaStrided(IntSpan sizes, IntSpan strides, DType dtype);
  // A 0-dim tensor holding `value` in `dtype` (default: the scalar's own dtype, with
  // doubles in the default float dtype). `wrapped_number` marks a Python number promoted
  // to a tensor by an op (it takes part in type promotion as a scalar).
  static Tensor FromScalar(Scalar value, std::optional<DType> dtype = std::nullopt,
                           bool wrapped_number = false);
  // A tensor over an existing storage (host buffers, api/tensor.h). The caller has
  // checked that the geometry stays inside the storage.
  static Tensor FromStorage(std::shared_ptr<Storage> storage, IntSpan sizes, IntSpan strides,
                            int64_t offset, DType dtype) {
    return Make(std::move(storage), sizes, strides, offset, dtype);
  }
  // A view of `base`'s storage with new geometry (no bounds check beyond the debug one).
  static Tensor View(const Tensor& base, IntSpan sizes, IntSpan strides, int64_t offset);

  bool defined() const { return impl_ != nullptr; }
  bool is_meta() const { return impl_->storage == nullptr; }
  DType dtype() const { return impl_->dtype; }
  IntSpan sizes() const { return impl_->sizes; }
  IntSpan strides() const { return impl_->strides; }
  int64_t size(int64_t d) const { return impl_->sizes[d]; }
  int64_t stride(int64_t d) const { return impl_->strides[d]; }
  int64_t dim() const { return static_cast<int64_t>(impl_->sizes.size()); }
  int64_t numel() const { return impl_->numel; }
  int64_t storage_offset() const { return impl_->storage_offset; }
  bool is_contiguous() const { return impl_->contiguous; }
  size_t element_size() const { return ElementSize(impl_->dtype); }

  bool requires_grad() const { return impl_->requires_grad; }
  void set_requires_grad(bool r) { impl_->requires_grad = r; }
  bool is_wrapped_number() const { return impl_->wrapped_number; }

  const std::shared_ptr<Storage>& storage() const { return impl_->storage; }
  // Identity of the underlying TensorImpl (Python object identity for `is`).
  const void* id() const { return impl_.get(); }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }
  bool shares_storage(const Tensor& o) const {
    return impl_->storage && impl_->storage == o.impl_->storage;
  }
  uint64_t version() const { return impl_->storage ? impl_->storage->version() : 0; }
  void bump_version() const { if (impl_->storage) impl_->storage->bump_version(); }

  // Pointer to the first element (storage offset applied). Requires a real tensor.
  void* raw_data() const {
    return static_cast<char*>(impl_->storage->data()) +
           impl_->storage_offset * static_cast<int64_t>(ElementSize(impl_->dtype));
  }
  template <typename T> T* data() const { return static_cast<T*>(raw_data()); }

  // The single element of a one-element tensor, as a Scalar of its dtype's kind.
  absl::StatusOr<Scalar> Item() const;
  // The value at a flat (row-major logical) index; for tests and printing, not kernels.
  Scalar ElementAt(int64_t flat_index) const;

  // Contiguous copy (or this tensor itself when already contiguous).
  absl::StatusOr<Tensor> Contiguous() const;
  // New contiguous tensor with converted elements (always a copy).
  absl::StatusOr<Tensor> CopyAs(DType dtype) const;
  // Replaces the metadata in place (in-place view ops such as unsqueeze_, t_).
  void SetGeometry(IntSpan sizes, IntSpan strides, int64_t offset);

  // Debug text: "Tensor(sizes=[2, 3], strides=[3, 1], dtype=float32)".
  std::string DebugString() const;

 private:
  struct Impl {
    std::shared_ptr<Storage> storage;
    Shape sizes;
    Shape strides;
    int64_t storage_offset = 0;
    int64_t numel = 1;
    DType dtype = DType::kFloat32;
    bool contiguous = true;
    bool requires_grad = false;
    bool wrapped_number = false;
  };
  static Tensor Make(std::shared_ptr<Storage> storage, IntSpan sizes, IntSpan strides,
                     int64_t offset, DType dtype);
  void Recompute();

  std::shared_ptr<Impl> impl_;
};

}  // namespace wick::tensor

#endif  // WICK_TENSOR_TENSOR_H_
