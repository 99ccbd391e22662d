// PyTorch 1.13's torch/_tensor_str.py rules, re-derived: which elements are shown
// (summarisation), one element formatter per tensor (int / fixed / scientific mode and a
// common width, decided from the shown values only), the nested-bracket layout with
// line wrapping, and the suffixes (dtype=, size=, requires_grad=).
#include "tensor/print/print.h"

#include <cmath>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/print/internal/number_format.h"

namespace wick::tensor {
namespace {

std::mutex g_options_mu;
PrintOptions g_options;  // Guarded by g_options_mu.

// ---------------------------------------------------------------------------------------
// Which elements are shown.

// The indices of one dimension that are printed, in order, and where the "..." goes.
// PyTorch slices `t[:E]` and `t[-E:]`; with E == 0 the second slice is the whole
// dimension (Python's `-0 == 0`), which 1.13 really prints: `tensor([ ..., 0, 1, 2])`.
struct DimPlan {
  int64_t head_end;    // Indices [0, head_end) come first...
  bool ellipsis;       // ...then the marker...
  int64_t tail_begin;  // ...then [tail_begin, size).
};

DimPlan PlanDim(int64_t size, bool summarize, int64_t edge) {
  if (summarize && size > 2 * edge) {
    return {edge, true, edge == 0 ? 0 : size - edge};
  }
  return {size, false, size};
}

// The shown elements, in row-major display order, as Python would see them after
// `.tolist()` (floats as exact doubles; integers and bools as int64).
struct Shown {
  bool floating = false;
  bool boolean = false;
  std::vector<double> f;
  std::vector<int64_t> i;
  size_t size() const { return floating ? f.size() : i.size(); }
};

template <typename T>
void Gather(const T* base, const Tensor& t, int64_t d, bool summarize, int64_t edge, Shown* out) {
  if (d == t.dim()) {
    if constexpr (std::is_floating_point_v<T>) {
      out->f.push_back(static_cast<double>(*base));
    } else {
      out->i.push_back(static_cast<int64_t>(*base));
    }
    return;
  }
  const DimPlan plan = PlanDim(t.size(d), summarize, edge);
  const int64_t stride = t.stride(d);
  for (int64_t k = 0; k < plan.head_end; ++k) {
    Gather(base + k * stride, t, d + 1, summarize, edge, out);
  }
  for (int64_t k = plan.tail_begin; plan.ellipsis && k < t.size(d); ++k) {
    Gather(base + k * stride, t, d + 1, summarize, edge, out);
  }
}

Shown GatherShown(const Tensor& t, bool summarize, int64_t edge) {
  Shown shown;
  shown.floating = IsFloating(t.dtype());
  shown.boolean = t.dtype() == DType::kBool;
  VisitDType(t.dtype(), [&]<typename T>() { Gather(t.data<T>(), t, 0, summarize, edge, &shown); });
  return shown;
}

// ---------------------------------------------------------------------------------------
// The element formatter (PyTorch's _Formatter): every shown element becomes a cell of the
// same width, right-aligned.

absl::Status MissingPrecision() {
  // Python's own message for '{:.-1f}'.
  return ValueError("Format specifier missing precision");
}

absl::StatusOr<std::vector<std::string>> FormatFloats(const std::vector<double>& values,
                                                      const PrintOptions& o, int* width) {
  const int p = o.precision;
  bool int_mode = true;
  bool sci = false;
  int w = 1;
  double amin = INFINITY, amax = 0;
  bool any = false;
  for (double v : values) {
    if (!std::isfinite(v) || v == 0) continue;  // Zeros, NaN, inf never set the mode.
    any = true;
    amin = std::min(amin, std::fabs(v));
    amax = std::max(amax, std::fabs(v));
    if (v != std::ceil(v)) int_mode = false;
  }
  if (any) {
    // Strict comparisons, in double, of the values' exact doubles: a ratio of exactly
    // 1000 stays fixed, and float32(1e-4) < 1e-4 goes scientific.
    sci = amax / amin > 1000.0 || amax > 1e8 || (!int_mode && amin < 1e-4);
    if ((sci || !int_mode) && p < 0) return MissingPrecision();
    for (double v : values) {
      if (!std::isfinite(v) || v == 0) continue;
      const int len = sci        ? static_cast<int>(internal::FormatScientific(v, p).size())
                      : int_mode ? static_cast<int>(internal::FormatFixed(v, 0).size()) + 1
                                 : static_cast<int>(internal::FormatFixed(v, p).size());
      w = std::max(w, len);
    }
    // 1.13 applies a forced mode only after the width was computed for the automatic
    // one, so forced output is misaligned exactly like PyTorch's. A tensor with no
    // finite non-zero value never reaches this line: forcing does not apply to it.
    if (o.sci_mode) sci = *o.sci_mode;
  }
  if (sci && p < 0) return MissingPrecision();
  std::vector<std::string> cells;
  cells.reserve(values.size());
  for (double v : values) {
    std::string s;
    if (sci) {
      s = internal::FormatScientific(v, p);
    } else if (int_mode) {
      s = internal::FormatFixed(v, 0);
      if (std::isfinite(v)) s.push_back('.');
    } else {
      s = internal::FormatFixed(v, p);
    }
    if (static_cast<int>(s.size()) < w) s.insert(0, w - s.size(), ' ');
    cells.push_back(std::move(s));
  }
  *width = w;
  return cells;
}

std::vector<std::string> FormatIntegers(const std::vector<int64_t>& values, bool boolean,
                                        int* width) {
  std::vector<std::string> cells;
  cells.reserve(values.size());
  size_t w = 1;
  for (int64_t v : values) {
    cells.push_back(boolean ? (v ? "True" : "False") : absl::StrCat(v));
    w = std::max(w, cells.back().size());
  }
  for (std::string& s : cells) {
    if (s.size() < w) s.insert(0, w - s.size(), ' ');
  }
  *width = static_cast<int>(w);
  return cells;
}

// ---------------------------------------------------------------------------------------
// Layout (PyTorch's _tensor_str_with_formatter / _vector_str).

class Layout {
 public:
  Layout(const Tensor& t, const PrintOptions& o, bool summarize,
         const std::vector<std::string>& cells, int width)
      : t_(t), o_(o), summarize_(summarize), cells_(cells), width_(width) {}

  std::string Render() {
    next_ = 0;
    if (t_.dim() == 0) return cells_[0];
    return Nest(0, 7);
  }

 private:
  std::string Nest(int64_t d, int indent) {
    const int64_t size = t_.size(d);
    const DimPlan plan = PlanDim(size, summarize_, o_.edgeitems);
    if (d == t_.dim() - 1) return Vector(plan, size, indent);
    std::vector<std::string> parts;
    for (int64_t k = 0; k < plan.head_end; ++k) parts.push_back(Nest(d + 1, indent + 1));
    if (plan.ellipsis) {
      parts.push_back("...");
      for (int64_t k = plan.tail_begin; k < size; ++k) {
        parts.push_back(Nest(d + 1, indent + 1));
      }
    }
    // Rows of a k-dim block are separated by k-1 newlines; blank lines carry no spaces.
    const int64_t k = t_.dim() - d;
    const std::string sep =
        absl::StrCat(",", std::string(k - 1, '\n'), std::string(indent + 1, ' '));
    return absl::StrCat("[", absl::StrJoin(parts, sep), "]");
  }

  std::string Vector(const DimPlan& plan, int64_t size, int indent) {
    std::vector<absl::string_view> items;
    for (int64_t k = 0; k < plan.head_end; ++k) items.push_back(cells_[next_++]);
    if (plan.ellipsis) {
      items.push_back(" ...");  // With its leading space: "2,  ..., 7".
      for (int64_t k = plan.tail_begin; k < size; ++k) items.push_back(cells_[next_++]);
    }
    // Python floors a true division here; any non-positive quotient becomes 1.
    const int64_t room = static_cast<int64_t>(o_.linewidth) - indent;
    const int64_t per_line = std::max<int64_t>(1, room > 0 ? room / (width_ + 2) : 1);
    std::vector<std::string> lines;
    for (size_t i = 0; i < items.size(); i += per_line) {
      const size_t end = std::min(items.size(), i + static_cast<size_t>(per_line));
      lines.push_back(absl::StrJoin(items.begin() + i, items.begin() + end, ", "));
    }
    return absl::StrCat(
        "[", absl::StrJoin(lines, absl::StrCat(",\n", std::string(indent + 1, ' '))), "]");
  }

  const Tensor& t_;
  const PrintOptions& o_;
  const bool summarize_;
  const std::vector<std::string>& cells_;
  const int width_;
  size_t next_ = 0;
};

absl::StatusOr<std::string> Body(const Tensor& t, const PrintOptions& o) {
  const bool summarize = static_cast<double>(t.numel()) > o.threshold;
  if (o.edgeitems < 0) {
    return ValueError(absl::StrCat("print option edgeitems must be >= 0, got ", o.edgeitems));
  }
  if (summarize && o.edgeitems == 0 && t.dim() >= 2) {
    // 1.13 stacks the (empty) list of kept rows to find the shown values.
    return RuntimeError("stack expects a non-empty TensorList");
  }
  const Shown shown = GatherShown(t, summarize, o.edgeitems);
  int width = 1;
  std::vector<std::string> cells;
  if (shown.floating) {
    ASSIGN_OR_RETURN(cells, FormatFloats(shown.f, o, &width));
  } else {
    cells = FormatIntegers(shown.i, shown.boolean, &width);
  }
  return Layout(t, o, summarize, cells, width).Render();
}

// "(2, 3)", "(3,)", "()": Python's str of a tuple.
std::string TupleString(IntSpan sizes) {
  if (sizes.size() == 1) return absl::StrCat("(", sizes[0], ",)");
  return absl::StrCat("(", absl::StrJoin(sizes, ", "), ")");
}

// Appends ", suffix" pieces, moving a piece to its own line (indented like the body)
// when it would pass the line width.
std::string AddSuffixes(std::string s, const std::vector<std::string>& suffixes, int indent,
                        int linewidth) {
  // PyTorch's `len(s) - s.rfind('\n') + 1`: the last line's length plus 2 (rfind gives
  // -1 without a newline, so a one-line string counts as len + 2 as well).
  const size_t nl = s.rfind('\n');
  const int64_t nl_pos = nl == std::string::npos ? -1 : static_cast<int64_t>(nl);
  int64_t last = static_cast<int64_t>(s.size()) - nl_pos + 1;
  for (const std::string& suffix : suffixes) {
    const int64_t len = static_cast<int64_t>(suffix.size());
    if (last + len + 2 > linewidth) {
      absl::StrAppend(&s, ",\n", std::string(indent, ' '), suffix);
      last = indent + len;
    } else {
      absl::StrAppend(&s, ", ", suffix);
      last += len + 2;
    }
  }
  s.push_back(')');
  return s;
}

}  // namespace

PrintOptions GetPrintOptions() {
  std::lock_guard<std::mutex> lock(g_options_mu);
  return g_options;
}

void SetPrintOptions(const PrintOptions& options) {
  std::lock_guard<std::mutex> lock(g_options_mu);
  g_options = options;
}

void UpdatePrintOptions(const PrintOptionsUpdate& u) {
  std::lock_guard<std::mutex> lock(g_options_mu);
  PrintOptions& o = g_options;
  if (u.profile) {
    // Profiles set precision, threshold, edgeitems and linewidth (not sci_mode).
    if (*u.profile == "default") {
      o.precision = 4, o.threshold = 1000, o.edgeitems = 3, o.linewidth = 80;
    } else if (*u.profile == "short") {
      o.precision = 2, o.threshold = 1000, o.edgeitems = 2, o.linewidth = 80;
    } else if (*u.profile == "full") {
      o.precision = 4, o.threshold = INFINITY, o.edgeitems = 3, o.linewidth = 80;
    }
  }
  if (u.precision) o.precision = *u.precision;
  if (u.threshold) o.threshold = *u.threshold;
  if (u.edgeitems) o.edgeitems = *u.edgeitems;
  if (u.linewidth) o.linewidth = *u.linewidth;
  o.sci_mode = u.sci_mode;
}

absl::StatusOr<std::string> Repr(const Tensor& t, const PrintOptions& o, const ReprExtras& extras) {
  if (!t.defined()) return std::string("None");
  constexpr int kIndent = 7;  // strlen("tensor(")
  const DType dt = t.dtype();
  const bool default_dtype = dt == DefaultFloatDType() || dt == DType::kInt64 || dt == DType::kBool;
  const std::string dtype_suffix = absl::StrCat("dtype=", DTypeRepr(dt));
  std::vector<std::string> suffixes;
  std::string body;
  if (t.is_meta()) {
    suffixes.push_back("device='meta'");
    suffixes.push_back(absl::StrCat("size=", TupleString(t.sizes())));
    if (dt != DefaultFloatDType()) suffixes.push_back(dtype_suffix);
    body = "...";
  } else if (t.numel() == 0) {
    // As NumPy does, the shape is shown unless it is (0,); the dtype of an empty tensor
    // cannot be guessed from its elements, so only the default float dtype is implied.
    if (t.dim() != 1) suffixes.push_back(absl::StrCat("size=", TupleString(t.sizes())));
    if (dt != DefaultFloatDType()) suffixes.push_back(dtype_suffix);
    body = "[]";
  } else {
    if (!default_dtype) suffixes.push_back(dtype_suffix);
    ASSIGN_OR_RETURN(body, Body(t, o));
  }
  if (!extras.grad_fn.empty()) {
    suffixes.push_back(absl::StrCat("grad_fn=<", extras.grad_fn, ">"));
  } else if (t.requires_grad()) {
    suffixes.push_back("requires_grad=True");
  }
  return AddSuffixes(absl::StrCat("tensor(", body), suffixes, kIndent, o.linewidth);
}

std::string ToString(const Tensor& t, const PrintOptions& options) {
  absl::StatusOr<std::string> s = Repr(t, options);
  if (!s.ok()) return absl::StrCat("<unprintable tensor: ", s.status().message(), ">");
  return *std::move(s);
}

std::string ToString(const Tensor& t) { return ToString(t, GetPrintOptions()); }

std::string PythonFloatRepr(double v) { return internal::PythonFloatRepr(v); }

std::string SizeRepr(IntSpan sizes) {
  return absl::StrCat("torch.Size([", absl::StrJoin(sizes, ", "), "])");
}

std::string DTypeRepr(DType dtype) { return absl::StrCat("torch.", DTypeName(dtype)); }

}  // namespace wick::tensor
