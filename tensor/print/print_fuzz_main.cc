// print_fuzz_main: prints the tensors described in a file with wick's Repr, one line per
// tensor (newlines escaped), for print_fuzz.py to compare with PyTorch's repr().
//
// Each input line: precision threshold edgeitems linewidth sci(N|T|F) dtype grad(0|1)
//                  ndim sizes... strides... offset nstorage storage-values...
// (threshold may be "inf"; values are Python float reprs or ints.)
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "absl/strings/str_replace.h"
#include "tensor/dtype.h"
#include "tensor/print/print.h"
#include "tensor/tensor.h"

namespace wick::tensor {
namespace {

bool ParseLine(const std::string& line, PrintOptions* o, Tensor* out) {
  std::istringstream in(line);
  std::string threshold, sci, dtype_name;
  int grad = 0, ndim = 0;
  if (!(in >> o->precision >> threshold >> o->edgeitems >> o->linewidth >> sci >> dtype_name >>
        grad >> ndim)) {
    return false;
  }
  o->threshold = threshold == "inf" ? INFINITY : std::stod(threshold);
  o->sci_mode = sci == "N" ? std::nullopt : std::optional<bool>(sci == "T");
  const std::optional<DType> dt = DTypeFromName(dtype_name);
  if (!dt) return false;
  Shape sizes(ndim), strides(ndim);
  for (auto& s : sizes) in >> s;
  for (auto& s : strides) in >> s;
  int64_t offset = 0, n = 0;
  in >> offset >> n;
  Tensor storage = *Tensor::Empty({n}, *dt);
  for (int64_t i = 0; i < n; ++i) {
    std::string v;
    in >> v;
    VisitDType(*dt, [&]<typename T>() {
      if constexpr (std::is_floating_point_v<T>) {
        storage.data<T>()[i] = static_cast<T>(v == "nan"    ? NAN
                                              : v == "inf"  ? INFINITY
                                              : v == "-inf" ? -INFINITY
                                                            : std::stod(v));
      } else {
        storage.data<T>()[i] = static_cast<T>(std::stoll(v));  // Exact for all of int64.
      }
    });
  }
  if (!in) return false;
  *out = Tensor::View(storage, sizes, strides, offset);
  out->set_requires_grad(grad != 0);
  return true;
}

int Main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: print_fuzz_main CASES\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string line;
  while (std::getline(in, line)) {
    PrintOptions o;
    Tensor t;
    if (!ParseLine(line, &o, &t)) {
      std::cerr << "print_fuzz_main: bad line: " << line << "\n";
      return 2;
    }
    absl::StatusOr<std::string> s = Repr(t, o);
    std::cout << (s.ok() ? absl::StrReplaceAll(*s, {{"\n", "\\n"}})
                         : "error " + std::string(s.status().message()))
              << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace wick::tensor

int main(int argc, char** argv) { return wick::tensor::Main(argc, argv); }
