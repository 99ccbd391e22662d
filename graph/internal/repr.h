// Python repr() of the constants a graph holds, as FX's code generator writes them
// (`1`, `1.0`, `1e-05`, `True`, `None`, `'mean'`, `torch.float32`, `[2, 3]`).
#ifndef WICK_GRAPH_INTERNAL_REPR_H_
#define WICK_GRAPH_INTERNAL_REPR_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "sym/expr.h"
#include "tensor/dtype.h"
#include "tensor/value.h"

namespace wick::graph::internal {

// repr(str): single quotes unless the text holds a ' and no ".
std::string PyStringRepr(absl::string_view s);
// repr() of a non-tensor Value.
std::string PyRepr(const tensor::Value& v);
// An Arg::Sym / Arg::SymList as Python source: "s77", "2*s77", "[s77, -1]", with
// `name` for symbols (null: their own names).
std::string SymRepr(const std::vector<sym::ExprPtr>& exprs, bool list,
                    const sym::SymbolNamer& name = nullptr);
// FX's dtype_abbrs: "f32", "f64", "i64", "i32", "b8".
absl::string_view DTypeAbbr(tensor::DType d);

}  // namespace wick::graph::internal

#endif  // WICK_GRAPH_INTERNAL_REPR_H_
