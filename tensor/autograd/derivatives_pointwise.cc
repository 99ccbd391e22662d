// Derivatives of pointwise ops (PyTorch's derivatives.yaml formulas). Aliases (negative,
// subtract, multiply, clip, ...) and in-place forms share their op's node name; in-place
// forms read `result` or an original-self copy (autograd.cc saves one).
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensor/autograd/derivatives.h"
#include "base/status_macros.h"

namespace wick::tensor::autograd {
namespace {

using G = GradCtx;
using F = FormulaBuilder;
using V = std::vector<Tensor>;

// One entry per spelling: `names` are op base names, each registered with `overload`
// (and its in-place `name_` form when `inplace`).
void Add(std::initializer_list<const char*> names, const char* overload, bool inplace,
         const char* node, std::vector<int> save, Formula formula) {
  std::vector<Derivative> out;
  for (const char* n : names) {
    const std::string dot = overload[0] ? absl::StrCat(".", overload) : "";
    out.push_back({absl::StrCat(n, dot), node, save, formula, {}});
    if (inplace) out.push_back({absl::StrCat(n, "_", dot), node, save, formula, {}});
  }
  AddDerivatives(std::move(out));
}

bool IsOne(const Scalar& s) { return s.to_double() == 1.0; }

Tensor Scale(F& f, const Tensor& g, const Scalar& s) {
  return IsOne(s) ? g : f.Op("mul", {g, Value(s)});
}

void Arithmetic() {
  Add({"add"}, "Tensor", true, "AddBackward0", {}, [](const G& c, F& f) -> V {
    return {c.grad(), c.needs[1] ? Scale(f, c.grad(), c.a().scalar(2)) : Tensor()};
  });
  Add({"sub", "subtract"}, "Tensor", true, "SubBackward0", {}, [](const G& c, F& f) -> V {
    Tensor o;
    if (c.needs[1]) o = f.Neg(Scale(f, c.grad(), c.a().scalar(2)));
    return {c.grad(), o};
  });
  {
    // `2 - x` is PyTorch's rsub.Scalar (RsubBackward1).
    Derivative rsub{"rsub.Tensor", "RsubBackward0", {}, [](const G& c, F& f) -> V {
                      Tensor s;
                      if (c.needs[0]) s = f.Neg(Scale(f, c.grad(), c.a().scalar(2)));
                      return {s, c.grad()};
                    },
                    {}};
    rsub.name_fn = [](const OpArgs& a) {
      return std::string(a.tensor(1).is_wrapped_number() ? "RsubBackward1" : "RsubBackward0");
    };
    std::vector<Derivative> v;
    v.push_back(std::move(rsub));
    AddDerivatives(std::move(v));
  }
  Add({"mul", "multiply"}, "Tensor", true, "MulBackward0", {0, 1}, [](const G& c, F& f) -> V {
    Tensor a, b;
    if (c.needs[0]) a = f.Mul(c.grad(), c.in(1));
    if (c.needs[1]) b = f.Mul(c.grad(), c.in(0));
    return {a, b};
  });
  Add({"div", "divide", "true_divide"}, "Tensor", true, "DivBackward0", {0, 1},
      [](const G& c, F& f) -> V {
        Tensor a, b;
        if (c.needs[0]) a = f.Div(c.grad(), c.in(1));
        if (c.needs[1]) {
          b = f.Neg(f.Div(f.Mul(c.grad(), c.in(0)), f.Mul(c.in(1), c.in(1))));
        }
        return {a, b};
      });
  Add({"neg", "negative"}, "", true, "NegBackward0", {},
      [](const G& c, F& f) -> V { return {f.Neg(c.grad())}; });
  const Formula pow_scalar = [](const G& c, F& f) -> V {
    const double e = c.a().scalar(1).to_double();
    if (e == 0.0) return {f.ZerosLike(c.grad())};
    Tensor d = f.Mul(f.Op("pow", {c.in(0), e - 1.0}), e);
    return {f.Mul(c.grad(), d)};
  };
  Add({"pow"}, "Tensor_Scalar", false, "PowBackward0", {0}, pow_scalar);
  Add({"pow_"}, "Scalar", false, "PowBackward0", {0}, pow_scalar);
  const Formula pow_tensor = [](const G& c, F& f) -> V {
        Tensor a, b;
        if (c.needs[0]) {
          Tensor em1 = f.Op("sub", {c.in(1), 1});
          a = f.Mul(c.grad(), f.Mul(c.in(1), f.Op("pow", {c.in(0), em1})));
          // A zero exponent has a zero base gradient (0 * 0^-1 would be NaN), as PyTorch's.
          a = f.Op("masked_fill", {a, f.Op("eq", {c.in(1), 0}), 0});
        }
        if (c.needs[1]) {
          Tensor v = f.Mul(c.grad(), f.Mul(c.result(), f.Op("log", {c.in(0)})));
          Tensor zero_base = f.Op("logical_and", {f.Op("eq", {c.in(0), 0}),
                                                  f.Op("ge", {c.in(1), 0})});
          b = f.Op("masked_fill", {v, zero_base, 0});
        }
        return {a, b};
      };
  Add({"pow"}, "Tensor_Tensor", false, "PowBackward1", {0, 1, kResult}, pow_tensor);
  Add({"pow_"}, "Tensor", false, "PowBackward1", {0, 1, kResult}, pow_tensor);
  Add({"pow"}, "Scalar", false, "PowBackward2", {kResult}, [](const G& c, F& f) -> V {
    const double base = c.a().scalar(0).to_double();
    return {f.Mul(f.Mul(c.grad(), c.result()), std::log(base))};
  });
}

void Unary() {
  Add({"exp"}, "", true, "ExpBackward0", {kResult},
      [](const G& c, F& f) -> V { return {f.Mul(c.grad(), c.result())}; });
  Add({"expm1"}, "", true, "Expm1Backward0", {kResult}, [](const G& c, F& f) -> V {
    return {f.Mul(c.grad(), f.Op("add", {c.result(), 1}))};
  });
  Add({"log"}, "", false, "LogBackward0", {0},
      [](const G& c, F& f) -> V { return {f.Div(c.grad(), c.in(0))}; });
  Add({"log1p"}, "", false, "Log1PBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Div(c.grad(), f.Op("add", {c.in(0), 1}))};
  });
  Add({"log2"}, "", false, "Log2Backward0", {0}, [](const G& c, F& f) -> V {
    return {f.Div(c.grad(), f.Mul(c.in(0), std::log(2.0)))};
  });
  Add({"log10"}, "", false, "Log10Backward0", {0}, [](const G& c, F& f) -> V {
    return {f.Div(c.grad(), f.Mul(c.in(0), std::log(10.0)))};
  });
  Add({"sqrt"}, "", true, "SqrtBackward0", {kResult}, [](const G& c, F& f) -> V {
    return {f.Div(c.grad(), f.Mul(c.result(), 2.0))};
  });
  Add({"rsqrt"}, "", true, "RsqrtBackward0", {kResult}, [](const G& c, F& f) -> V {
    Tensor r3 = f.Op("pow", {c.result(), 3});
    return {f.Mul(f.Mul(c.grad(), r3), -0.5)};
  });
  Add({"reciprocal"}, "", true, "ReciprocalBackward0", {kResult}, [](const G& c, F& f) -> V {
    return {f.Neg(f.Mul(c.grad(), f.Mul(c.result(), c.result())))};
  });
  Add({"abs", "absolute"}, "", false, "AbsBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Mul(c.grad(), f.Op("sign", {c.in(0)}))};
  });
  Add({"sin"}, "", false, "SinBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Mul(c.grad(), f.Op("cos", {c.in(0)}))};
  });
  Add({"cos"}, "", false, "CosBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Neg(f.Mul(c.grad(), f.Op("sin", {c.in(0)})))};
  });
  Add({"tanh"}, "", true, "TanhBackward0", {kResult}, [](const G& c, F& f) -> V {
    Tensor one_minus = f.Op("rsub", {f.Mul(c.result(), c.result()), 1});
    return {f.Mul(c.grad(), one_minus)};
  });
  Add({"atanh"}, "", false, "AtanhBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Div(c.grad(), f.Op("rsub", {f.Mul(c.in(0), c.in(0)), 1}))};
  });
  Add({"sigmoid"}, "", true, "SigmoidBackward0", {kResult}, [](const G& c, F& f) -> V {
    Tensor d = f.Mul(c.result(), f.Op("rsub", {c.result(), 1}));
    return {f.Mul(c.grad(), d)};
  });
  Add({"relu"}, "", true, "ReluBackward0", {kResult}, [](const G& c, F& f) -> V {
    return {f.Op("masked_fill", {c.grad(), f.Op("le", {c.result(), 0}), 0})};
  });
  Add({"erf"}, "", true, "ErfBackward0", {0}, [](const G& c, F& f) -> V {
    Tensor e = f.Op("exp", {f.Neg(f.Mul(c.in(0), c.in(0)))});
    return {f.Mul(f.Mul(c.grad(), e), 2.0 / std::sqrt(M_PI))};
  });
  for (const char* n : {"sign", "floor", "ceil", "trunc", "round"}) {
    std::string node = absl::StrCat(std::string(1, static_cast<char>(n[0] - 32)), n + 1,
                                    "Backward0");
    Add({n}, "", true, node.c_str(), {},
        [](const G& c, F& f) -> V { return {f.ZerosLike(c.grad())}; });
  }
  AddDerivatives({{"square", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                     return Call("pow", {a.tensor(0), 2});
                   }}});
  AddDerivatives({{"square_", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                     return Call("pow_", {a.tensor(0), 2});
                   }}});
}

// grad where lo <= x <= hi (either bound optional).
Tensor ClampGrad(F& f, const Tensor& g, const Tensor& x, std::optional<Scalar> lo,
                 std::optional<Scalar> hi) {
  Tensor keep;
  if (lo) keep = f.Op("ge", {x, Value(*lo)});
  if (hi) {
    Tensor h = f.Op("le", {x, Value(*hi)});
    keep = keep.defined() ? f.Op("logical_and", {keep, h}) : h;
  }
  if (!keep.defined()) return g;
  return f.Op("masked_fill", {g, f.Op("logical_not", {keep}), 0});
}

void Activations() {
  Add({"clamp", "clip"}, "", true, "ClampBackward1", {0}, [](const G& c, F& f) -> V {
    return {ClampGrad(f, c.grad(), c.in(0), c.a().optional_scalar(1), c.a().optional_scalar(2))};
  });
  Add({"clamp_min"}, "", true, "ClampMinBackward0", {0}, [](const G& c, F& f) -> V {
    return {ClampGrad(f, c.grad(), c.in(0), c.a().scalar(1), std::nullopt)};
  });
  Add({"clamp_max"}, "", true, "ClampMaxBackward0", {0}, [](const G& c, F& f) -> V {
    return {ClampGrad(f, c.grad(), c.in(0), std::nullopt, c.a().scalar(1))};
  });
  Add({"gelu"}, "", true, "GeluBackward0", {0}, [](const G& c, F& f) -> V {
    const Tensor& x = c.in(0);
    const bool tanh = c.args.size() > 1 && c.args[1].is_string() && c.a().string(1) == "tanh";
    if (tanh) {
      const double k = std::sqrt(2.0 / M_PI), kappa = 0.044715;
      Tensor x2 = f.Mul(x, x);
      Tensor inner = f.Mul(f.Add(x, f.Mul(f.Mul(x2, x), kappa)), k);
      Tensor t = f.Op("tanh", {inner});
      Tensor left_d = f.Mul(f.Op("add", {t, 1}), 0.5);
      Tensor dinner = f.Mul(f.Op("add", {f.Mul(x2, 3 * kappa), 1}), k);
      Tensor right_d = f.Mul(f.Mul(f.Mul(x, 0.5), f.Op("rsub", {f.Mul(t, t), 1})), dinner);
      return {f.Mul(c.grad(), f.Add(left_d, right_d))};
    }
    Tensor cdf = f.Mul(f.Op("add", {f.Op("erf", {f.Mul(x, M_SQRT1_2)}), 1}), 0.5);
    Tensor pdf = f.Mul(f.Op("exp", {f.Mul(f.Mul(x, x), -0.5)}), 1.0 / std::sqrt(2 * M_PI));
    return {f.Mul(c.grad(), f.Add(cdf, f.Mul(x, pdf)))};
  });
  Add({"silu"}, "", true, "SiluBackward0", {0}, [](const G& c, F& f) -> V {
    const Tensor& x = c.in(0);
    Tensor s = f.Op("sigmoid", {x});
    Tensor d = f.Mul(s, f.Op("add", {f.Mul(x, f.Op("rsub", {s, 1})), 1}));
    return {f.Mul(c.grad(), d)};
  });
  Add({"softplus"}, "", false, "SoftplusBackward0", {0}, [](const G& c, F& f) -> V {
    const double beta = c.a().scalar(1).to_double();
    const double threshold = c.a().scalar(2).to_double();
    Tensor bx = f.Mul(c.in(0), beta);
    Tensor z = f.Op("exp", {bx});
    Tensor d = f.Div(z, f.Op("add", {z, 1}));
    Tensor over = f.Op("gt", {bx, threshold});
    return {f.Mul(c.grad(), f.Op("masked_fill", {d, over, 1}))};
  });
  Add({"leaky_relu"}, "", true, "LeakyReluBackward0", {0}, [](const G& c, F& f) -> V {
    const double slope = c.a().scalar(1).to_double();
    Tensor pos = f.Op("gt", {c.in(0), 0});
    Tensor scaled = f.Mul(c.grad(), slope);
    return {f.Op("where", {pos, c.grad(), scaled})};
  });
  Add({"where"}, "self", false, "WhereBackward0", {0}, [](const G& c, F& f) -> V {
    Tensor a, b;
    if (c.needs[1]) a = f.Op("masked_fill", {c.grad(), f.Op("logical_not", {c.in(0)}), 0});
    if (c.needs[2]) b = f.Op("masked_fill", {c.grad(), c.in(0), 0});
    return {Tensor(), a, b};
  });
  Add({"masked_fill"}, "Scalar", true, "MaskedFillBackward0", {1}, [](const G& c, F& f) -> V {
    return {f.Op("masked_fill", {c.grad(), c.in(1), 0}), Tensor()};
  });
  Add({"masked_fill"}, "Tensor", true, "MaskedFillBackward1", {1}, [](const G& c, F& f) -> V {
    Tensor a = f.Op("masked_fill", {c.grad(), c.in(1), 0});
    Tensor v;
    if (c.needs[2]) {
      v = f.Op("sum", {f.Op("masked_fill", {c.grad(), f.Op("logical_not", {c.in(1)}), 0})});
    }
    return {a, Tensor(), v};
  });
  for (bool is_max : {true, false}) {
    Add({is_max ? "maximum" : "minimum"}, "", false,
        is_max ? "MaximumBackward0" : "MinimumBackward0", {0, 1},
        [is_max](const G& c, F& f) -> V {
          Tensor half = f.Op("where", {f.Op("eq", {c.in(0), c.in(1)}), f.Mul(c.grad(), 0.5),
                                       c.grad()});
          Tensor a, b;
          if (c.needs[0]) {
            a = f.Op("masked_fill", {half, f.Op(is_max ? "lt" : "gt", {c.in(0), c.in(1)}), 0});
          }
          if (c.needs[1]) {
            b = f.Op("masked_fill", {half, f.Op(is_max ? "gt" : "lt", {c.in(0), c.in(1)}), 0});
          }
          return {a, b};
        });
  }
}

// More pointwise ops: elu, nan_to_num, clamp with tensor bounds, tan, fmod, remainder,
// addcmul, addcdiv (PyTorch's derivatives.yaml formulas).
void MorePointwise() {
  // elu(self, alpha, scale, input_scale): scale for x > 0, else
  // alpha * scale * input_scale * exp(x * input_scale).
  Add({"elu"}, "", true, "EluBackward0", {0}, [](const G& c, F& f) -> V {
    const Tensor& x = c.in(0);
    const double alpha = c.a().scalar(1).to_double(), scale = c.a().scalar(2).to_double(),
                 in_scale = c.a().scalar(3).to_double();
    Tensor neg = f.Mul(f.Op("exp", {f.Mul(x, in_scale)}), alpha * scale * in_scale);
    Tensor slope = f.Op("where", {f.Op("gt", {x, 0}), Value(scale), neg});
    return {f.Mul(c.grad(), slope)};
  });
  Add({"nan_to_num"}, "", true, "NanToNumBackward0", {0}, [](const G& c, F& f) -> V {
    return {f.Mul(c.grad(), f.Op("isfinite", {c.in(0)}))};
  });
  // clamp.Tensor(self, min, max): self's gradient where it lies within the bounds, each
  // bound's where it was taken.
  Add({"clamp", "clip"}, "Tensor", true, "ClampBackward0", {0, 1, 2}, [](const G& c, F& f) -> V {
    const Tensor& x = c.in(0);
    const Tensor lo = c.a().optional_tensor(1), hi = c.a().optional_tensor(2);
    Tensor inside = f.Op("ones_like", {x}, {{"dtype", Value(DType::kBool)}});
    V out(3);
    if (lo.defined()) {
      inside = f.Op("logical_and", {inside, f.Op("ge", {x, lo})});
      if (c.needs[1]) {
        out[1] = f.SumTo(f.Mul(c.grad(), f.Op("lt", {x, lo})), lo.sizes());
      }
    }
    if (hi.defined()) {
      inside = f.Op("logical_and", {inside, f.Op("le", {x, hi})});
      if (c.needs[2]) {
        Tensor above = f.Op("gt", {x, hi});
        if (lo.defined()) above = f.Op("logical_and", {above, f.Op("ge", {x, lo})});
        out[2] = f.SumTo(f.Mul(c.grad(), above), hi.sizes());
      }
    }
    if (c.needs[0]) out[0] = f.Mul(c.grad(), inside);
    return out;
  });
  Add({"tan"}, "", true, "TanBackward0", {kResult}, [](const G& c, F& f) -> V {
    return {f.Mul(c.grad(), f.Op("add", {f.Mul(c.result(), c.result()), 1}))};
  });
  // fmod/remainder(self, other): 1 for self; other's is -trunc(self / other) and
  // -floor(self / other).
  Add({"fmod"}, "Tensor", true, "FmodBackward1", {0, 1}, [](const G& c, F& f) -> V {
    Tensor b;
    if (c.needs[1]) {
      b = f.SumTo(f.Neg(f.Mul(c.grad(), f.Op("trunc", {f.Div(c.in(0), c.in(1))}))),
                  c.in(1).sizes());
    }
    return {f.SumTo(c.grad(), c.in(0).sizes()), b};
  });
  Add({"remainder"}, "Tensor", true, "RemainderBackward1", {0, 1}, [](const G& c, F& f) -> V {
    Tensor b;
    if (c.needs[1]) {
      b = f.SumTo(f.Neg(f.Mul(c.grad(), f.Op("floor", {f.Div(c.in(0), c.in(1))}))),
                  c.in(1).sizes());
    }
    return {f.SumTo(c.grad(), c.in(0).sizes()), b};
  });
  // addcmul/addcdiv(self, tensor1, tensor2, value).
  Add({"addcmul"}, "", true, "AddcmulBackward0", {1, 2}, [](const G& c, F& f) -> V {
    const Scalar v = c.a().scalar(3);
    V out(3);
    out[0] = f.SumTo(c.grad(), c.in(0).sizes());
    if (c.needs[1]) out[1] = f.SumTo(Scale(f, f.Mul(c.grad(), c.in(2)), v), c.in(1).sizes());
    if (c.needs[2]) out[2] = f.SumTo(Scale(f, f.Mul(c.grad(), c.in(1)), v), c.in(2).sizes());
    return out;
  });
  Add({"addcdiv"}, "", true, "AddcdivBackward0", {1, 2}, [](const G& c, F& f) -> V {
    const Scalar v = c.a().scalar(3);
    V out(3);
    out[0] = f.SumTo(c.grad(), c.in(0).sizes());
    if (c.needs[1]) out[1] = f.SumTo(Scale(f, f.Div(c.grad(), c.in(2)), v), c.in(1).sizes());
    if (c.needs[2]) {
      Tensor t2sq = f.Mul(c.in(2), c.in(2));
      out[2] = f.SumTo(Scale(f, f.Neg(f.Div(f.Mul(c.grad(), c.in(1)), t2sq)), v),
                       c.in(2).sizes());
    }
    return out;
  });
}

// lerp(self, end, weight) = self + weight * (end - self).
void Lerps() {
  Add({"lerp"}, "Scalar", true, "LerpBackward0", {}, [](const G& c, F& f) -> V {
    const Scalar w = c.a().scalar(2);
    Tensor a, b;
    if (c.needs[0]) a = f.SumTo(Scale(f, c.grad(), Scalar(1.0 - w.to_double())), c.in(0).sizes());
    if (c.needs[1]) b = f.SumTo(Scale(f, c.grad(), w), c.in(1).sizes());
    return {a, b};
  });
  Add({"lerp"}, "Tensor", true, "LerpBackward1", {0, 1, 2}, [](const G& c, F& f) -> V {
    const Tensor& w = c.in(2);
    Tensor a, b, cw;
    if (c.needs[0]) {
      a = f.SumTo(f.Mul(c.grad(), f.Op("rsub", {w, 1})), c.in(0).sizes());
    }
    if (c.needs[1]) b = f.SumTo(f.Mul(c.grad(), w), c.in(1).sizes());
    if (c.needs[2]) cw = f.SumTo(f.Mul(c.grad(), f.Sub(c.in(1), c.in(0))), w.sizes());
    return {a, b, cw};
  });
}

void Copies() {
  auto identity = [](const G& c, F&) -> V { return {c.grad()}; };
  Add({"clone"}, "", false, "CloneBackward0", {}, identity);
  Add({"contiguous"}, "", false, "CloneBackward0", {}, identity);
  Add({"alias"}, "", false, "AliasBackward0", {}, identity);
  for (const char* o : {"dtype", "device", "other"}) {
    Add({"to"}, o, false, "ToCopyBackward0", {}, [](const G& c, F&) -> V {
      return {c.grad(), Tensor()};
    });
  }
  for (const char* n : {"float", "double", "type_as"}) {
    Add({n}, "", false, "ToCopyBackward0", {},
        [](const G& c, F&) -> V { return {c.grad(), Tensor()}; });
  }
  Add({"copy_"}, "", false, "CopyBackwards", {}, [](const G& c, F& f) -> V {
    Tensor a, b;
    if (c.needs[0]) a = f.ZerosLike(c.grad());
    if (c.needs[1]) b = c.grad();
    return {a, b};
  });
  Add({"fill_"}, "Scalar", false, "FillBackward0", {},
      [](const G& c, F& f) -> V { return {f.ZerosLike(c.grad())}; });
  Add({"zero_"}, "", false, "ZeroBackward0", {},
      [](const G& c, F& f) -> V { return {f.ZerosLike(c.grad())}; });
}

}  // namespace

void AddPointwiseDerivatives() {
  Arithmetic();
  Unary();
  Activations();
  Copies();
  Lerps();
  MorePointwise();
}

}  // namespace wick::tensor::autograd
