// The helpers write elements directly into fresh tensors; run_torch.py computes the same
// numbers with Python ints and floats, so both sides start from identical bits.
#include "tests/parity/inputs.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/shape.h"

namespace wick::parity {

using tensor::DType;
using tensor::Kwargs;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;
using tensor::Value;

namespace {

// The varargs of a helper as ints: A(2, 3) or A((2, 3)) or A([2, 3]).
absl::StatusOr<Shape> IntVarargs(const std::string& fn, absl::Span<const Value> args) {
  if (args.size() == 1 && args[0].is_int_list()) {
    return Shape(args[0].to_int_list().begin(), args[0].to_int_list().end());
  }
  Shape out;
  for (const Value& v : args) {
    if (!v.is_int()) {
      return TypeError(absl::StrCat(fn, "(): sizes must be ints, not ", tensor::ValueTypeName(v)));
    }
    out.push_back(v.to_int());
  }
  return out;
}

struct HelperKwargs {
  int64_t seed = 0;
  DType dtype = DType::kFloat32;
};

absl::StatusOr<HelperKwargs> ParseHelperKwargs(const std::string& fn, const Kwargs& kwargs,
                                               bool has_seed) {
  HelperKwargs out;
  for (const auto& [name, v] : kwargs) {
    if (name == "dtype" && v.is_dtype()) {
      out.dtype = v.to_dtype();
    } else if (name == "seed" && has_seed && v.is_int()) {
      out.seed = v.to_int();
    } else {
      return TypeError(absl::StrCat(fn, "() got an unexpected keyword argument '", name, "'"));
    }
  }
  return out;
}

// Python's `a % m` for m > 0 (the result takes the sign of m).
int64_t FloorMod(int64_t a, int64_t m) {
  const int64_t r = a % m;
  return r < 0 ? r + m : r;
}

// Element conversions as PyTorch's `.to(dtype)` does them (float -> int truncates,
// anything -> bool is != 0).
template <typename T>
T ToElement(int64_t v) {
  return tensor::ConvertElement<T>(v);
}
template <typename T>
T ToElement(double v) {
  return tensor::ConvertElement<T>(v);
}
template <typename T>
T ToElement(const Scalar& s) {
  return s.to<T>();
}

// A fresh contiguous tensor whose element i is fn(i) converted to `dtype`.
template <typename Fn>
absl::StatusOr<Tensor> Fill(tensor::IntSpan sizes, DType dtype, Fn fn) {
  ASSIGN_OR_RETURN(Tensor t, Tensor::Empty(sizes, dtype));
  tensor::VisitDType(dtype, [&]<typename T>() {
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = ToElement<T>(fn(i));
  });
  return t;
}

// T(x, *perm): x.permute(perm) as a view, with PyTorch's checks.
absl::StatusOr<Value> Permute(absl::Span<const Value> args) {
  if (args.empty() || !args[0].is_tensor()) {
    return TypeError("T() expects a tensor as its first argument");
  }
  const Tensor& x = args[0].to_tensor();
  ASSIGN_OR_RETURN(Shape perm, IntVarargs("T", args.subspan(1)));
  if (static_cast<int64_t>(perm.size()) != x.dim()) {
    return RuntimeError(absl::StrCat(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the "
        "length of the desired ordering of dimensions i.e. input.dim() = ",
        x.dim(), " is not equal to len(dims) = ", perm.size()));
  }
  Shape sizes, strides;
  std::vector<bool> seen(x.dim(), false);
  for (int64_t p : perm) {
    absl::StatusOr<int64_t> d = tensor::WrapDim(p, x.dim());
    if (!d.ok()) return IndexError(d.status().message());
    if (seen[*d]) return RuntimeError("permute(): duplicate dims are not allowed.");
    seen[*d] = true;
    sizes.push_back(x.size(*d));
    strides.push_back(x.stride(*d));
  }
  return Value(Tensor::View(x, sizes, strides, x.storage_offset()));
}

// --- torch.tensor ------------------------------------------------------------------------

bool IsSequence(const Expr& e) {
  return e.kind == Expr::Kind::kList || e.kind == Expr::Kind::kTuple;
}

struct Literal {
  Shape sizes;
  std::vector<Scalar> flat;
  bool any_float = false, any_int = false;
};

absl::Status Walk(const Expr& e, size_t depth, Literal* lit) {
  if (IsSequence(e)) {
    if (depth >= lit->sizes.size()) {
      return TypeError("'list' object cannot be interpreted as an integer");
    }
    const int64_t n = static_cast<int64_t>(e.items.size());
    if (n != lit->sizes[depth]) {
      return ValueError(absl::StrCat("expected sequence of length ", lit->sizes[depth], " at dim ",
                                     depth, " (got ", n, ")"));
    }
    for (const ExprPtr& item : e.items) RETURN_IF_ERROR(Walk(*item, depth + 1, lit));
    return absl::OkStatus();
  }
  if (depth < lit->sizes.size()) return TypeError("not a sequence");
  switch (e.kind) {
    case Expr::Kind::kBool:
      lit->flat.emplace_back(e.b);
      break;
    case Expr::Kind::kInt:
      lit->flat.emplace_back(e.i);
      lit->any_int = true;
      break;
    case Expr::Kind::kFloat:
      lit->flat.emplace_back(e.f);
      lit->any_float = true;
      break;
    case Expr::Kind::kString:
      return ValueError("too many dimensions 'str'");
    case Expr::Kind::kNone:
      return RuntimeError("Could not infer dtype of NoneType");
    default:
      return TypeError("torch.tensor() data must be literal numbers and lists");
  }
  return absl::OkStatus();
}

// PyTorch refuses elements that do not fit an integral dtype instead of wrapping them.
absl::Status CheckFits(const Scalar& s, DType dt) {
  if (!tensor::IsIntegral(dt, /*include_bool=*/false)) return absl::OkStatus();
  const double lo = dt == DType::kInt32 ? -2147483648.0 : -9223372036854775808.0;
  const double hi = dt == DType::kInt32 ? 2147483647.0 : 9223372036854775808.0;
  bool ok = true;
  if (s.is_double()) {
    const double v = s.to_double();
    ok = std::isfinite(v) && v >= lo && (dt == DType::kInt32 ? v <= hi : v < hi);
  } else if (s.is_int() && dt == DType::kInt32) {
    ok = s.to_int() >= INT32_MIN && s.to_int() <= INT32_MAX;
  }
  if (ok) return absl::OkStatus();
  return RuntimeError(absl::StrCat("value cannot be converted to type ", tensor::DTypeName(dt),
                                   " without overflow"));
}

}  // namespace

absl::StatusOr<Value> CallInputHelper(const std::string& name, const std::vector<Value>& args,
                                      const Kwargs& kwargs) {
  if (name == "T") {
    if (!kwargs.empty()) return TypeError("T() takes no keyword arguments");
    return Permute(args);
  }
  if (name != "A" && name != "V" && name != "P") {
    return PythonError("NameError", absl::StrCat("name '", name, "' is not defined"));
  }
  ASSIGN_OR_RETURN(Shape sizes, IntVarargs(name, args));
  ASSIGN_OR_RETURN(HelperKwargs kw, ParseHelperKwargs(name, kwargs, name != "A"));
  for (int64_t s : sizes) {
    if (s < 0) return RuntimeError(absl::StrCat(name, "(): negative size ", s));
  }
  const int64_t shift = kw.seed * 104729;
  absl::StatusOr<Tensor> t;
  if (name == "A") {
    t = Fill(sizes, kw.dtype, [](int64_t i) { return i; });
  } else if (name == "V") {
    t = Fill(sizes, kw.dtype, [&](int64_t i) {
      return static_cast<double>(FloorMod(i * 7919 + shift, 2001) - 1000) / 250.0;
    });
  } else {
    t = Fill(sizes, kw.dtype, [&](int64_t i) {
      return static_cast<double>(FloorMod(i * 7919 + shift, 2001) + 1) / 500.0;
    });
  }
  if (!t.ok()) return t.status();
  return Value(*std::move(t));
}

absl::StatusOr<Tensor> TensorFromLiteral(const Expr& data, std::optional<DType> dtype,
                                         bool requires_grad) {
  Literal lit;
  // The shape comes from the first element at each depth, as in PyTorch; Walk then
  // checks every other sequence against it.
  for (const Expr* e = &data; IsSequence(*e);) {
    lit.sizes.push_back(static_cast<int64_t>(e->items.size()));
    if (e->items.empty()) break;
    e = e->items[0].get();
  }
  RETURN_IF_ERROR(Walk(data, 0, &lit));
  const DType dt = dtype                               ? *dtype
                   : lit.any_float || lit.flat.empty() ? tensor::DefaultFloatDType()
                   : lit.any_int                       ? DType::kInt64
                                                       : DType::kBool;
  for (const Scalar& s : lit.flat) RETURN_IF_ERROR(CheckFits(s, dt));
  if (requires_grad && !tensor::IsFloating(dt)) {
    return RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
  }
  ASSIGN_OR_RETURN(Tensor t, Fill(lit.sizes, dt, [&](int64_t i) { return lit.flat[i]; }));
  t.set_requires_grad(requires_grad);
  return t;
}

}  // namespace wick::parity
