// The tracer fuzz target's program generator: fuzzer bytes in, a small Python program
// out. The bytes are a stream of choices (each choice reads one byte; once they run out
// every choice is 0, and choice 0 is always the simplest option), so every input, even
// an empty one, gives a valid program, and similar inputs give similar programs.
//
// The programs always terminate (no `while`; loops are `for i in range(<1..3>)` or over
// a tuple of tensors; recursion only through `rec(x, d)` with a constant d <= 3), never
// raise out of their top function (a `raise` only inside a `try` that catches it), and
// use only deterministic float32 tensors (torch.ones / arange / full / zeros / tensor,
// no RNG) whose values the generator keeps bounded (every tensor variable stays within
// [-8, 8]; any sub-expression that could exceed 64 is clamped), and avoid operations
// whose results are discontinuous at values a rounding difference could reach (no
// floor, sign, argmax or int(tensor); comparisons only against thresholds no computed
// value here lands on). So eager and compiled results must agree up to float rounding.
//
// Layout of a program:
//   rec(x, d), dis(x) (a torch.compiler.disable'd helper), h0 .. hN (helpers that may
//   call earlier helpers), f(x, w, k) (the function under test), then the driver: f
//   eagerly on two inputs ("== a ref", "== b ref"), then for the backends "eager" and
//   "inductor" (after torch._dynamo.reset()) g = torch.compile(f, backend=B) called on
//   input a twice ("fresh", "cached") and on input b once. Each run prints a "== <input>
//   <label>" header, everything f prints, and f's result. The program compares each
//   compiled result with the eager one (torch.allclose, rtol=atol=1e-4, equal shapes,
//   equal Python state) and prints a line starting "MISMATCH" on a difference.
#ifndef WICK_TESTS_FUZZ_PROGRAM_GEN_H_
#define WICK_TESTS_FUZZ_PROGRAM_GEN_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "absl/strings/string_view.h"

namespace wick::tracer_fuzz {

// Choices read from fuzzer bytes: one byte per choice, 0 after the last byte.
class ChoiceStream {
 public:
  ChoiceStream(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  // A number in [0, n): the next byte modulo n (0 once the bytes run out, or n <= 1).
  int Below(int n);
  // True with probability about 1/n; false once the bytes run out.
  bool OneIn(int n) { return n > 0 && Below(n) == n - 1; }
  // An index into `weights` drawn with those weights (index 0 once the bytes run out,
  // or the first nonzero weight).
  int Weighted(std::initializer_list<int> weights);
  size_t consumed() const { return pos_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// The program for `data` (deterministic: the same bytes give the same text).
std::string GenerateProgram(const uint8_t* data, size_t size);

// The output oracle's comparison of two runs' printed output: the same tokens, where
// numbers (as printed by print(tensor), print(float), f"{x:.4f}") may differ by
// 2e-4 + 1e-4 * |value| (both NaN counts as equal) and whitespace is ignored (a
// rounding difference can change a tensor's print format and its line breaks). On a
// difference, `why` (when not null) says where.
bool SameOutput(absl::string_view want, absl::string_view got, std::string* why);

}  // namespace wick::tracer_fuzz

#endif  // WICK_TESTS_FUZZ_PROGRAM_GEN_H_
