// The Mersenne Twister engine, bulk draws, seeding and the get/set_rng_state byte layout
// of PyTorch 1.13's CPUGeneratorImpl.
#include "tensor/ops/random/generator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"

namespace wick::tensor {
namespace {

// Offsets of PyTorch's THGeneratorStateNew (x86-64 struct layout; see A.12 of the RNG
// reference). The legacy THGeneratorState is the first kLegacyStateSize bytes.
constexpr size_t kOffSeed = 0;
constexpr size_t kOffLeft = 8;
constexpr size_t kOffSeeded = 12;
constexpr size_t kOffNext = 16;
constexpr size_t kOffWords = 24;
constexpr size_t kOffNormalX = 5016;
constexpr size_t kOffNormalY = 5024;
constexpr size_t kOffNormalRho = 5032;
constexpr size_t kOffNormalValid = 5040;
constexpr size_t kOffFloatNormal = 5048;
constexpr size_t kOffFloatValid = 5052;

template <typename T>
void Put(std::vector<uint8_t>& b, size_t off, T v) {
  std::memcpy(b.data() + off, &v, sizeof(T));
}
template <typename T>
T Get(absl::Span<const uint8_t> b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof(T));
  return v;
}

uint64_t NondeterministicSeed() {
  std::random_device rd;
  const uint64_t hi = rd();
  return ((hi << 32) + rd()) & 0x1FFFFFFFFFFFFFULL;
}

}  // namespace

void Generator::ManualSeed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(mutex_);
  seed_ = seed;
  state_[0] = static_cast<uint32_t>(seed);
  for (int i = 1; i < kN; ++i) {
    const uint32_t prev = state_[i - 1];
    state_[i] = 1812433253u * (prev ^ (prev >> 30)) + static_cast<uint32_t>(i);
  }
  // No twist at seeding time: the first draw twists.
  left_ = 1;
  next_ = 0;
  next_double_normal_.reset();
  next_float_normal_.reset();
}

uint64_t Generator::initial_seed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seed_;
}

// ManualSeed locks.
uint64_t Generator::SeedNondeterministically() {
  const uint64_t s = NondeterministicSeed();
  ManualSeed(s);
  return s;
}

void Generator::Twist() {
  constexpr uint32_t kMatrixA = 0x9908B0DFu;
  auto twist = [](uint32_t u, uint32_t v) {
    const uint32_t mixed = (u & 0x80000000u) | (v & 0x7FFFFFFFu);
    return (mixed >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
  };
  uint32_t* s = state_.data();
  // Three runs so that no index wraps inside a loop (the first two vectorize).
  for (int i = 0; i < kN - kM; ++i) s[i] = s[i + kM] ^ twist(s[i], s[i + 1]);
  for (int i = kN - kM; i < kN - 1; ++i) s[i] = s[i + kM - kN] ^ twist(s[i], s[i + 1]);
  s[kN - 1] = s[kM - 1] ^ twist(s[kN - 1], s[0]);
  left_ = kN;
  next_ = 0;
}

void Generator::Fill32(uint32_t* out, int64_t n) {
  while (n > 0) {
    // Words readable before Random() would twist: left_ - 1 (SetState guarantees that
    // this never runs past the end of the state).
    const int64_t avail = left_ - 1;
    if (avail == 0) {
      *out++ = Random();  // Twists.
      --n;
      continue;
    }
    const int64_t m = std::min(avail, n);
    const uint32_t* src = state_.data() + next_;
    for (int64_t i = 0; i < m; ++i) out[i] = Temper(src[i]);
    out += m;
    n -= m;
    next_ += static_cast<uint32_t>(m);
    left_ -= static_cast<int32_t>(m);
  }
}

void Generator::Fill64(uint64_t* out, int64_t n) {
  constexpr int64_t kChunk = 256;
  uint32_t buf[2 * kChunk];
  while (n > 0) {
    const int64_t m = std::min(n, kChunk);
    Fill32(buf, 2 * m);
    for (int64_t i = 0; i < m; ++i) {
      out[i] = (static_cast<uint64_t>(buf[2 * i]) << 32) | buf[2 * i + 1];
    }
    out += m;
    n -= m;
  }
}

std::vector<uint8_t> Generator::GetState() const {
  std::vector<uint8_t> b(kStateSize, 0);
  std::lock_guard<std::mutex> lock(mutex_);
  Put<uint64_t>(b, kOffSeed, seed_);
  Put<int32_t>(b, kOffLeft, left_);
  Put<int32_t>(b, kOffSeeded, 1);
  Put<uint64_t>(b, kOffNext, next_);
  for (int i = 0; i < kN; ++i) Put<uint64_t>(b, kOffWords + 8 * i, state_[i]);
  // PyTorch stores the cached value itself in normal_y and zeroes normal_x / normal_rho.
  if (next_double_normal_) {
    Put<double>(b, kOffNormalY, *next_double_normal_);
    Put<int32_t>(b, kOffNormalValid, 1);
  }
  if (next_float_normal_) {
    Put<float>(b, kOffFloatNormal, *next_float_normal_);
    b[kOffFloatValid] = 1;
  }
  return b;
}

absl::Status Generator::SetState(absl::Span<const uint8_t> b) {
  if (b.size() != kStateSize && b.size() != kLegacyStateSize) {
    return RuntimeError(absl::StrCat("Expected either a THGeneratorState of size ",
                                     kLegacyStateSize, " or a THGeneratorStateNew of size ",
                                     kStateSize, " but found the input RNG state size to be ",
                                     b.size()));
  }
  const int32_t left = Get<int32_t>(b, kOffLeft);
  const int32_t seeded = Get<int32_t>(b, kOffSeeded);
  const uint32_t next = static_cast<uint32_t>(Get<uint64_t>(b, kOffNext));
  // PyTorch checks the ranges only; a state whose `left` would carry reads past the end
  // of the words (next + left - 1 > 624) makes PyTorch read out of bounds, so wick
  // rejects it too.
  if (seeded != 1 || left < 1 || left > kN || next > kN ||
      static_cast<int64_t>(next) + left - 1 > kN) {
    return RuntimeError("Invalid mt19937 state");
  }
  std::optional<double> double_normal;
  std::optional<float> float_normal;
  if (Get<int32_t>(b, kOffNormalValid) != 0) {
    if (b.size() == kLegacyStateSize) {
      // The legacy layout kept the Box–Muller inputs; the cached value is the sine half.
      const double rho = Get<double>(b, kOffNormalRho);
      const double theta = 2.0 * M_PI * Get<double>(b, kOffNormalX);
      double_normal = rho * std::sin(theta);
    } else {
      double_normal = Get<double>(b, kOffNormalY);
    }
  }
  if (b.size() == kStateSize && b[kOffFloatValid] != 0) {
    float_normal = Get<float>(b, kOffFloatNormal);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  seed_ = Get<uint64_t>(b, kOffSeed);
  left_ = left;
  next_ = next;
  for (int i = 0; i < kN; ++i) {
    state_[i] = static_cast<uint32_t>(Get<uint64_t>(b, kOffWords + 8 * i));
  }
  next_double_normal_ = double_normal;
  next_float_normal_ = float_normal;
  return absl::OkStatus();
}

Generator& DefaultGenerator() {
  static Generator* g = new Generator(NondeterministicSeed());
  return *g;
}

void ManualSeed(uint64_t seed) { DefaultGenerator().ManualSeed(seed); }

}  // namespace wick::tensor
