// Tensor printing identical to PyTorch 1.13's `str(t)` / `repr(t)`, the print options of
// `torch.set_printoptions` held as a process-wide default, and the small reprs next to it
// (`torch.Size`, dtypes, Python floats) that printed programs show.
//
//   std::string s = ToString(t);   // "tensor([ 1.0000,  2.5000, -3.2500])"
//   UpdatePrintOptions({.precision = 2});
#ifndef WICK_TENSOR_PRINT_PRINT_H_
#define WICK_TENSOR_PRINT_PRINT_H_

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// PyTorch's PRINT_OPTS. Defaults are profile "default".
struct PrintOptions {
  int precision = 4;             // Digits after the point (fixed) or in the mantissa (sci).
  double threshold = 1000;       // Summarise when numel() > threshold; +inf never does.
  int edgeitems = 3;             // Items kept at each end of a summarised dimension.
  int linewidth = 80;            // Target line width for wrapping.
  std::optional<bool> sci_mode;  // nullopt: automatic.
};

// The arguments of torch.set_printoptions; nullopt = not passed.
struct PrintOptionsUpdate {
  std::optional<int> precision;
  std::optional<double> threshold;
  std::optional<int> edgeitems;
  std::optional<int> linewidth;
  std::optional<std::string> profile;  // "default", "short", "full"; others are ignored.
  std::optional<bool> sci_mode;
};

// The process-wide options (thread-safe; each call sees a consistent snapshot).
PrintOptions GetPrintOptions();
void SetPrintOptions(const PrintOptions& options);
// torch.set_printoptions semantics: the profile first, then each given option; sci_mode
// is reset to automatic by every call that does not pass it. Never fails, like PyTorch:
// bad values (a negative precision) surface when a tensor is printed.
void UpdatePrintOptions(const PrintOptionsUpdate& update);

// What the tensor alone does not know but its repr shows.
struct ReprExtras {
  // Autograd node name ("MulBackward0"): prints `grad_fn=<MulBackward0>` instead of
  // `requires_grad=True`.
  std::string grad_fn;
};

// repr(t) == str(t) under `options`. The errors are PyTorch's own at print time:
// ValueError "Format specifier missing precision" (negative precision), RuntimeError
// "stack expects a non-empty TensorList" (edgeitems=0 on a summarised tensor of 2+ dims).
// A negative edgeitems is a ValueError (PyTorch prints nonsense for it).
// Meta tensors print as PyTorch's meta device does: `tensor(..., device='meta', size=(2, 3))`.
absl::StatusOr<std::string> Repr(const Tensor& t, const PrintOptions& options,
                                 const ReprExtras& extras = {});

// repr(t) with the process-wide options; on a print-time error (see Repr) the text is
// "<unprintable tensor: message>". Undefined tensors print as "None".
std::string ToString(const Tensor& t);
std::string ToString(const Tensor& t, const PrintOptions& options);

// Python's repr(float): shortest round-trip digits, "1.0", "1e-05", "1e+16", "nan",
// "-inf" (what `t.item()` and `t.tolist()` show).
std::string PythonFloatRepr(double v);

// "torch.Size([2, 3])", "torch.Size([])".
std::string SizeRepr(IntSpan sizes);

// "torch.float32", "torch.int64", ... (canonical names; aliases never appear).
std::string DTypeRepr(DType dtype);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_PRINT_PRINT_H_
