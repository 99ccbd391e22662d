// The random module's generator: MT19937 seeded exactly as CPython 3.11's
// random.seed() seeds it (init_by_array over the 32-bit words of |n| for an int, of
// int.from_bytes(s + sha512(s)) for a str), with CPython's random() and
// getrandbits(k). Bit-identical sequences are the point: seeded programs print the
// same numbers under wick and CPython.
#ifndef WICK_VM_STDLIB_MERSENNE_TWISTER_H_
#define WICK_VM_STDLIB_MERSENNE_TWISTER_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace wick::vm::random {

class MersenneTwister {
 public:
  static constexpr int kN = 624;

  MersenneTwister() { SeedByArray({0}); }

  void SeedByArray(const std::vector<uint32_t>& key);
  // random.seed(n) for an int n (its absolute value's 32-bit words, low first).
  void SeedInt(int64_t n);
  // random.seed(s) for a str s (version 2: the UTF-8 bytes followed by their SHA-512).
  void SeedStr(absl::string_view utf8);

  uint32_t Next32();
  // random.random(): 53 random bits as a double in [0, 1).
  double NextDouble();
  // getrandbits(k) for 0 <= k <= 64 (the low k bits of the result are random).
  uint64_t GetRandBits(int k);

  // getstate()/setstate(): the 624 words and the index.
  const std::array<uint32_t, kN>& words() const { return mt_; }
  int index() const { return index_; }
  // False when index is out of range [0, kN].
  bool SetState(const std::array<uint32_t, kN>& words, int index);

 private:
  void InitGenrand(uint32_t s);
  std::array<uint32_t, kN> mt_;
  int index_ = kN + 1;
};

// SHA-512 of `data` (FIPS 180-4), 64 bytes.
std::array<uint8_t, 64> Sha512(absl::string_view data);

}  // namespace wick::vm::random

#endif  // WICK_VM_STDLIB_MERSENNE_TWISTER_H_
