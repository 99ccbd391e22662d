// Threading policy for kernels: one thread by default (an OpenMP fork costs ~3.5 us here,
// more than a small op); WICK_NUM_THREADS=2 enables a second thread for large work only.
#ifndef WICK_TENSOR_PARALLEL_H_
#define WICK_TENSOR_PARALLEL_H_

#include <algorithm>
#include <cstdint>

namespace wick::tensor {

// Work below this many elements always runs serially (ATen's GRAIN_SIZE).
inline constexpr int64_t kParallelGrain = 32768;

// The most threads kernels use (WICK_NUM_THREADS and SetNumThreads are clamped to it).
inline constexpr int kMaxThreads = 256;

// Threads kernels may use: WICK_NUM_THREADS (1 to kMaxThreads), default 1. Read once.
int NumThreads();
// Overrides NumThreads() (benchmarks, tests), clamped to [1, kMaxThreads].
void SetNumThreads(int n);

namespace internal {
void ParallelForImpl(int64_t begin, int64_t end, int nthreads,
                     void (*fn)(void*, int64_t, int64_t), void* ctx);
}  // namespace internal

// Calls fn(chunk_begin, chunk_end) over [begin, end), split across threads only when
// there are more than `grain` items per thread and threads are enabled.
template <typename Fn>
void ParallelFor(int64_t begin, int64_t end, int64_t grain, Fn&& fn) {
  const int64_t n = end - begin;
  if (n <= 0) return;
  const int threads = NumThreads();
  if (threads <= 1 || n <= grain) {
    fn(begin, end);
    return;
  }
  const int use = static_cast<int>(std::min<int64_t>(threads, (n + grain - 1) / grain));
  internal::ParallelForImpl(
      begin, end, use,
      [](void* ctx, int64_t b, int64_t e) { (*static_cast<Fn*>(ctx))(b, e); }, &fn);
}

}  // namespace wick::tensor

#endif  // WICK_TENSOR_PARALLEL_H_
