// Generator: PyTorch 1.13's CPU random generator, bit for bit. A 32-bit Mersenne Twister
// (with PyTorch's `left`/`next` bookkeeping, so get/set_rng_state round-trip), the 64-bit
// initial seed, and the cached second Box–Muller value. Every sampler in this package
// draws from one of these; the process-wide one is DefaultGenerator().
//
//   ManualSeed(0);                                   // torch.manual_seed(0)
//   float u = DefaultGenerator().UniformFloat();     // one draw, in [0, 1)
#ifndef WICK_TENSOR_OPS_RANDOM_GENERATOR_H_
#define WICK_TENSOR_OPS_RANDOM_GENERATOR_H_

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"

namespace wick::tensor {

class Generator {
 public:
  // What a fresh torch.Generator() is seeded with.
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;
  // Size of get_state()'s bytes (PyTorch's THGeneratorStateNew) and of the older layout
  // (THGeneratorState) that set_state() also accepts.
  static constexpr size_t kStateSize = 5056;
  static constexpr size_t kLegacyStateSize = 5048;

  explicit Generator(uint64_t seed = kDefaultSeed) { ManualSeed(seed); }
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  // torch.manual_seed: only the low 32 bits reach the twister; initial_seed() keeps all 64.
  // Clears the normal caches. (Callers holding a negative Python int pass its two's
  // complement, as PyTorch does.)
  void ManualSeed(uint64_t seed);
  uint64_t initial_seed() const;
  // torch.seed(): reseeds from a non-deterministic source and returns the new seed
  // (53 bits, so that it fits the int64 Values the registry returns).
  uint64_t SeedNondeterministically();

  // One raw 32-bit draw (PyTorch's random()).
  uint32_t Random() {
    if (--left_ == 0) Twist();
    return Temper(state_[next_++]);
  }
  // Two draws; the first is the HIGH word (PyTorch's random64()).
  uint64_t Random64() {
    const uint64_t hi = Random();
    return (hi << 32) | Random();
  }
  // n successive Random() / Random64() values, generated a block at a time (the hot path
  // of every bulk sampler). Identical to calling the scalar versions n times.
  void Fill32(uint32_t* out, int64_t n);
  void Fill64(uint64_t* out, int64_t n);

  // uniform_real_distribution<T>(0, 1): 24 (float) or 53 (double) low bits of one
  // Random() / Random64(), scaled exactly.
  float UniformFloat() { return static_cast<float>(Random() & 0xFFFFFFu) * 0x1p-24f; }
  double UniformDouble() {
    return static_cast<double>(Random64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53;
  }

  // The unscaled second value of the last scalar Box–Muller pair (shared by all dtypes,
  // normal_ and log_normal_); the float cache exists in the state but no CPU sampler
  // uses it.
  std::optional<double> next_double_normal() const { return next_double_normal_; }
  void set_next_double_normal(std::optional<double> v) { next_double_normal_ = v; }
  std::optional<float> next_float_normal() const { return next_float_normal_; }
  void set_next_float_normal(std::optional<float> v) { next_float_normal_ = v; }

  // torch.get_rng_state(): kStateSize bytes in PyTorch's layout (little-endian).
  std::vector<uint8_t> GetState() const;
  // torch.set_rng_state(): accepts kStateSize or kLegacyStateSize bytes; RuntimeError
  // statuses with PyTorch's messages for a wrong size or an invalid twister state. On
  // error the generator is unchanged.
  absl::Status SetState(absl::Span<const uint8_t> bytes);

  // Samplers hold this while they draw, as PyTorch's kernels do; the draws themselves
  // do not lock (single draws stay a few instructions). ManualSeed, initial_seed,
  // SeedNondeterministically, GetState and SetState lock it themselves.
  std::mutex& mutex() { return mutex_; }

 private:
  static constexpr int kN = 624;
  static constexpr int kM = 397;

  static uint32_t Temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
  }
  // Regenerates all 624 words; leaves left_ = 624, next_ = 0 (as PyTorch's next_state).
  void Twist();

  std::array<uint32_t, kN> state_;
  int32_t left_ = 1;    // Draws until the next twist, plus one.
  uint32_t next_ = 0;   // Index of the next word to temper.
  uint64_t seed_ = 0;
  std::optional<double> next_double_normal_;
  std::optional<float> next_float_normal_;
  mutable std::mutex mutex_;  // also locked by the const readers
};

// The process-wide generator behind torch.manual_seed and every op that is not given
// one. Seeded non-deterministically at first use, like PyTorch's default generator.
Generator& DefaultGenerator();

// torch.manual_seed(seed) on the default generator.
void ManualSeed(uint64_t seed);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_RANDOM_GENERATOR_H_
