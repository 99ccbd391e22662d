#include "tensor/parallel.h"

#include <omp.h>

#include <atomic>
#include <cstdlib>

namespace wick::tensor {
namespace {

int ReadEnvThreads() {
  const char* v = std::getenv("WICK_NUM_THREADS");
  if (v == nullptr) return 1;
  const int n = std::atoi(v);
  return n >= 1 ? n : 1;
}

std::atomic<int> g_threads{ReadEnvThreads()};

}  // namespace

int NumThreads() { return g_threads.load(std::memory_order_relaxed); }
void SetNumThreads(int n) { g_threads.store(n >= 1 ? n : 1, std::memory_order_relaxed); }

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
