#include "tensor/parallel.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace wick::tensor {
namespace {

// WICK_NUM_THREADS, range-checked: a value that is not a whole number from 1 to
// kMaxThreads is reported once on stderr and replaced (65536 OpenMP threads would
// exhaust the process before the first kernel ran).
int ReadEnvThreads() {
  const char* v = std::getenv("WICK_NUM_THREADS");
  if (v == nullptr) return 1;
  char* end = nullptr;
  errno = 0;
  const long n = std::strtol(v, &end, 10);
  if (end == v || *end != '\0' || errno != 0 || n < 1) {
    std::fprintf(stderr, "wick: ignoring WICK_NUM_THREADS=%s: expected a whole number from 1 to %d\n",
                 v, kMaxThreads);
    return 1;
  }
  if (n > kMaxThreads) {
    std::fprintf(stderr, "wick: WICK_NUM_THREADS=%s is more than %d; using %d\n", v,
                 kMaxThreads, kMaxThreads);
    return kMaxThreads;
  }
  return static_cast<int>(n);
}

std::atomic<int> g_threads{ReadEnvThreads()};

}  // namespace

int NumThreads() { return g_threads.load(std::memory_order_relaxed); }
void SetNumThreads(int n) {
  g_threads.store(std::clamp(n, 1, kMaxThreads), std::memory_order_relaxed);
}

namespace internal {

void ParallelForImpl(int64_t begin, int64_t end, int nthreads,
                     void (*fn)(void*, int64_t, int64_t), void* ctx) {
  const int64_t n = end - begin;
#pragma omp parallel num_threads(nthreads)
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    const int64_t chunk = (n + nt - 1) / nt;
    const int64_t b = begin + t * chunk;
    const int64_t e = std::min(end, b + chunk);
    if (b < e) fn(ctx, b, e);
  }
}

}  // namespace internal
}  // namespace wick::tensor
