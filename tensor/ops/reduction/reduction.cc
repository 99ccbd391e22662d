// RegisterReductionOps: the registry schemas of the reductions and scans, bound to the
// functions of reduction.h. Each function handles meta inputs itself, so one adapter
// serves as both the meta function and the kernel. Overloads are registered in PyTorch's
// binding order (max, max.dim, max.other; var, var.dim, var.correction; ...).
#include "tensor/ops/reduction/reduction.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/ops.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/ops/reduction/internal/registration.h"

namespace wick::tensor::ops {
namespace {

absl::StatusOr<Value> ToValue(absl::StatusOr<Tensor> t) {
  if (!t.ok()) return t.status();
  return Value(*std::move(t));
}
absl::StatusOr<Value> ToValue(absl::StatusOr<std::pair<Tensor, Tensor>> p) {
  if (!p.ok()) return p.status();
  return Value(std::vector<Tensor>{std::move(p->first), std::move(p->second)});
}
absl::StatusOr<Value> ToValue(absl::StatusOr<MaxResult> r) {
  if (!r.ok()) return r.status();
  return Value(std::vector<Tensor>{std::move(r->values), std::move(r->indices)});
}

// Registers `fn` as both the meta function and the kernel.
absl::Status Define(OpRegistry& r, absl::string_view schema, OpFn fn, bool method = true) {
  return r.Register(schema, fn, fn, {.function = true, .method = method});
}

absl::StatusOr<Value> NormStr(const OpArgs& a) {
  const std::string& p = a.string(1);
  const OptDims dims = a.optional_int_list(2);
  const std::optional<DType> dtype = a.optional_dtype(4);
  if (p == "fro") {
    if (dtype) return ValueError("dtype argument is not supported in frobenius norm");
    return ToValue(FrobeniusNorm(a.tensor(0), dims, a.bool_(3)));
  }
  if (p == "nuc") {
    if (dtype) return ValueError("dtype argument is not supported in nuclear norm");
    // Needs singular values; no wick op computes an SVD.
    return NotImplementedError("wick does not implement the nuclear norm (p='nuc')");
  }
  return RuntimeError(absl::StrCat("only valid string values are 'fro' and 'nuc', found ", p));
}

// The C++ type names of upstream's in-place dtype message.
absl::string_view CppTypeName(DType t) {
  switch (t) {
    case DType::kBool: return "bool";
    case DType::kInt32: return "int";
    case DType::kInt64: return "long int";
    case DType::kFloat32: return "float";
    case DType::kFloat64: break;
  }
  return "double";
}

// cumsum_ / cumprod_: the scan written back into self, in self's dtype (a different
// `dtype` is refused); bool has no in-place scan kernel.
absl::StatusOr<Value> ScanInPlace(const OpArgs& a, const std::string& name, bool meta) {
  const Tensor& self = a.tensor(0);
  const std::optional<DType> dtype = a.optional_dtype(2);
  if (dtype && *dtype != self.dtype()) {
    return RuntimeError(absl::StrCat("Bad in-place call: input tensor dtype ",
                                     CppTypeName(self.dtype()), " and output tensor dtype ",
                                     CppTypeName(*dtype), " should match"));
  }
  if (self.dtype() == DType::kBool) {
    return RuntimeError(absl::StrCat("\"", name, "_out_cpu\" not implemented for 'Bool'"));
  }
  auto f = name == "cumprod" ? Cumprod : Cumsum;
  ASSIGN_OR_RETURN(Tensor result, f(self, a.int_(1), self.dtype()));
  if (meta || self.is_meta()) return a[0];
  RETURN_IF_ERROR(CopyInto(self, result));
  self.bump_version();
  return a[0];
}

// cumprod's input gradient along `dim` (a wick op; ATen's also takes the output), exact
// with zeros: d out_j / d x_i = prod_{k<i} x_k * prod_{i<k<=j} x_k for j >= i, so
// grad_i = L_i * T_i with L the exclusive prefix product and T_i = g_i + x_{i+1} T_{i+1}.
absl::StatusOr<Tensor> CumprodBackward(const Tensor& grad, const Tensor& input, int64_t dim) {
  if (input.dim() == 0) return grad.CopyAs(input.dtype());
  if (dim < 0) dim += input.dim();
  if (dim < 0 || dim >= input.dim()) {
    return RuntimeError("cumprod_backward: dimension out of range");
  }
  if (input.is_meta() || grad.is_meta()) return Tensor::Meta(input.sizes(), input.dtype());
  ASSIGN_OR_RETURN(Tensor x, input.CopyAs(input.dtype()));
  ASSIGN_OR_RETURN(Tensor out, grad.CopyAs(input.dtype()));  // g, then T, then the result
  const int64_t n = input.size(dim);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= input.size(d);
  for (int64_t d = dim + 1; d < input.dim(); ++d) inner *= input.size(d);
  absl::Status status = absl::OkStatus();
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const T* xs = x.data<T>();
      T* gs = out.data<T>();
      for (int64_t o = 0; o < outer; ++o) {
        for (int64_t in = 0; in < inner; ++in) {
          const int64_t base = o * n * inner + in;
          for (int64_t i = n - 2; i >= 0; --i) {
            gs[base + i * inner] += xs[base + (i + 1) * inner] * gs[base + (i + 1) * inner];
          }
          T prefix = 1;
          for (int64_t i = 0; i < n; ++i) {
            gs[base + i * inner] *= prefix;
            prefix *= xs[base + i * inner];
          }
        }
      }
    } else {
      status = RuntimeError("cumprod_backward needs a floating input");
    }
  });
  RETURN_IF_ERROR(status);
  return out;
}

absl::Status RegisterSums(OpRegistry& r) {
  RETURN_IF_ERROR(Define(r, "cumprod_backward(Tensor grad, Tensor input, int dim) -> Tensor",
                         [](const OpArgs& a) {
                           return ToValue(CumprodBackward(a.tensor(0), a.tensor(1), a.int_(2)));
                         },
                         /*method=*/false));
  for (const bool mean : {false, true}) {
    RETURN_IF_ERROR(Define(r,
                           absl::StrCat(mean ? "mean" : "sum",
                                        "(Tensor self, int[1]? dim=None, bool keepdim=False, *, "
                                        "ScalarType? dtype=None) -> Tensor"),
                           [mean](const OpArgs& a) {
                             auto f = mean ? Mean : Sum;
                             return ToValue(f(a.tensor(0), a.optional_int_list(1), a.bool_(2),
                                              a.optional_dtype(3)));
                           }));
  }
  RETURN_IF_ERROR(
      Define(r, "prod(Tensor self, *, ScalarType? dtype=None) -> Tensor", [](const OpArgs& a) {
        return ToValue(Prod(a.tensor(0), std::nullopt, false, a.optional_dtype(1)));
      }));
  RETURN_IF_ERROR(
      Define(r,
             "prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> "
             "Tensor",
             [](const OpArgs& a) {
               return ToValue(Prod(a.tensor(0), a.int_(1), a.bool_(2), a.optional_dtype(3)));
             }));
  RETURN_IF_ERROR(Define(
      r, "logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
      [](const OpArgs& a) { return ToValue(Logsumexp(a.tensor(0), a.int_list(1), a.bool_(2))); }));
  RETURN_IF_ERROR(Define(r, "logcumsumexp(Tensor self, int dim) -> Tensor", [](const OpArgs& a) {
    return ToValue(Logcumsumexp(a.tensor(0), a.int_(1)));
  }));
  for (const bool prod : {false, true}) {
    const std::string name = prod ? "cumprod" : "cumsum";
    RETURN_IF_ERROR(
        Define(r, name + "(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
               [prod](const OpArgs& a) {
                 auto f = prod ? Cumprod : Cumsum;
                 return ToValue(f(a.tensor(0), a.int_(1), a.optional_dtype(2)));
               }));
    RETURN_IF_ERROR(r.Register(
        name + "_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
        [name](const OpArgs& a) { return ScanInPlace(a, name, /*meta=*/true); },
        [name](const OpArgs& a) { return ScanInPlace(a, name, /*meta=*/false); },
        {.function = false, .method = true}));
  }
  return absl::OkStatus();
}

// max/min in PyTorch's order (whole tensor, .dim, .other), then amax/amin, argmax/argmin.
absl::Status RegisterMaxMin(OpRegistry& r, bool is_max) {
  const std::string n = is_max ? "max" : "min";
  RETURN_IF_ERROR(Define(r, n + "(Tensor self) -> Tensor", [is_max](const OpArgs& a) {
    return ToValue(is_max ? MaxAll(a.tensor(0)) : MinAll(a.tensor(0)));
  }));
  RETURN_IF_ERROR(Define(
      r, n + ".dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      [is_max](const OpArgs& a) {
        auto f = is_max ? MaxDim : MinDim;
        return ToValue(f(a.tensor(0), a.int_(1), a.bool_(2)));
      }));
  RETURN_IF_ERROR(
      Define(r, n + ".other(Tensor self, Tensor other) -> Tensor", [is_max](const OpArgs& a) {
        const Tensor& x = a.tensor(0);
        const Tensor& y = a.tensor(1);
        const OpMode mode{.meta = x.is_meta() || y.is_meta()};
        return ToValue(is_max ? Maximum(x, y, mode) : Minimum(x, y, mode));
      }));
  RETURN_IF_ERROR(Define(r,
                         absl::StrCat("a", n,
                                      "(Tensor self, int[1]? dim=None, "
                                      "bool keepdim=False) -> Tensor"),
                         [is_max](const OpArgs& a) {
                           auto f = is_max ? Amax : Amin;
                           return ToValue(f(a.tensor(0), a.optional_int_list(1), a.bool_(2)));
                         }));
  return Define(r, "arg" + n + "(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
                [is_max](const OpArgs& a) {
                  auto f = is_max ? Argmax : Argmin;
                  return ToValue(f(a.tensor(0), a.optional_int(1), a.bool_(2)));
                });
}

// var/std and var_mean/std_mean, each in 1.13's three overloads; correction=None and
// unbiased=True both mean 1.
absl::Status RegisterMoments(OpRegistry& r, absl::string_view name, bool take_sqrt,
                             bool with_mean) {
  const std::string ret = with_mean ? "(Tensor, Tensor)" : "Tensor";
  auto run = [take_sqrt, with_mean](const Tensor& x, OptDims dims, int64_t correction,
                                    bool keepdim) -> absl::StatusOr<Value> {
    if (with_mean) {
      auto f = take_sqrt ? StdMean : VarMean;
      return ToValue(f(x, dims, correction, keepdim));
    }
    auto f = take_sqrt ? Std : Var;
    return ToValue(f(x, dims, correction, keepdim));
  };
  // torch.var_mean/std_mean are functions only; var/std are methods as well.
  const bool method = !with_mean;
  RETURN_IF_ERROR(Define(
      r, absl::StrCat(name, "(Tensor self, bool unbiased=True) -> ", ret),
      [run](const OpArgs& a) { return run(a.tensor(0), std::nullopt, a.bool_(1) ? 1 : 0, false); },
      method));
  RETURN_IF_ERROR(Define(
      r,
      absl::StrCat(name,
                   ".dim(Tensor self, int[1]? dim, bool unbiased=True, "
                   "bool keepdim=False) -> ",
                   ret),
      [run](const OpArgs& a) {
        return run(a.tensor(0), a.optional_int_list(1), a.bool_(2) ? 1 : 0, a.bool_(3));
      },
      method));
  return Define(
      r,
      absl::StrCat(name,
                   ".correction(Tensor self, int[1]? dim, *, "
                   "int? correction=None, bool keepdim=False) -> ",
                   ret),
      [run](const OpArgs& a) {
        return run(a.tensor(0), a.optional_int_list(1), a.optional_int(2).value_or(1), a.bool_(3));
      },
      method);
}

absl::Status RegisterLogicalAndNorms(OpRegistry& r) {
  for (const bool is_all : {true, false}) {
    const std::string n = is_all ? "all" : "any";
    RETURN_IF_ERROR(Define(r, n + "(Tensor self) -> Tensor", [is_all](const OpArgs& a) {
      return ToValue(is_all ? All(a.tensor(0)) : Any(a.tensor(0)));
    }));
    RETURN_IF_ERROR(Define(r, n + ".dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
                           [is_all](const OpArgs& a) {
                             auto f = is_all ? All : Any;
                             return ToValue(f(a.tensor(0), a.int_(1), a.bool_(2)));
                           }));
  }
  RETURN_IF_ERROR(
      Define(r, "count_nonzero(Tensor self, int? dim=None) -> Tensor", [](const OpArgs& a) {
        const std::optional<int64_t> d = a.optional_int(1);
        if (!d) return ToValue(CountNonzero(a.tensor(0)));
        const int64_t dims[] = {*d};
        return ToValue(CountNonzero(a.tensor(0), IntSpan(dims)));
      }));
  RETURN_IF_ERROR(
      Define(r, "count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor",
             [](const OpArgs& a) { return ToValue(CountNonzero(a.tensor(0), a.int_list(1))); }));
  // torch.norm is a Python function in PyTorch; its string p ('fro', 'nuc') and numeric
  // p paths are two overloads here, the string one first so that norm() means 'fro'.
  RETURN_IF_ERROR(Define(r,
                         "norm.str(Tensor self, str p='fro', int[1]? dim=None, "
                         "bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
                         NormStr));
  // torch.linalg.vector_norm (bound by the torch.linalg module, vm/torch/nn/linalg.py).
  RETURN_IF_ERROR(Define(r,
                         "linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, "
                         "bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
                         [](const OpArgs& a) {
                           return ToValue(VectorNorm(a.tensor(0), a.scalar(1).to_double(),
                                                     a.optional_int_list(2), a.bool_(3),
                                                     a.optional_dtype(4)));
                         },
                         /*method=*/false));
  return Define(r,
                "norm.Scalar(Tensor self, Scalar? p, int[1]? dim=None, bool keepdim=False, *, "
                "ScalarType? dtype=None) -> Tensor",
                [](const OpArgs& a) {
                  const double p = a.optional_scalar(1).value_or(Scalar(2.0)).to_double();
                  return ToValue(VectorNorm(a.tensor(0), p, a.optional_int_list(2), a.bool_(3),
                                            a.optional_dtype(4)));
                });
}

}  // namespace

absl::Status RegisterReductionOps(OpRegistry& r) {
  RETURN_IF_ERROR(RegisterSums(r));
  RETURN_IF_ERROR(RegisterMaxMin(r, /*is_max=*/true));
  RETURN_IF_ERROR(RegisterMaxMin(r, /*is_max=*/false));
  RETURN_IF_ERROR(RegisterMoments(r, "var", /*take_sqrt=*/false, /*with_mean=*/false));
  RETURN_IF_ERROR(RegisterMoments(r, "std", /*take_sqrt=*/true, /*with_mean=*/false));
  RETURN_IF_ERROR(RegisterMoments(r, "var_mean", /*take_sqrt=*/false, /*with_mean=*/true));
  RETURN_IF_ERROR(RegisterMoments(r, "std_mean", /*take_sqrt=*/true, /*with_mean=*/true));
  RETURN_IF_ERROR(RegisterLogicalAndNorms(r));
  return reduce_internal::RegisterDistanceOps(r);
}

}  // namespace wick::tensor::ops
