#include "tensor/allocator.h"

#include <bit>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace wick::tensor {
namespace {

constexpr size_t kMinClass = 6;   // 64 bytes.
constexpr size_t kNumClasses = 48;
// Above this many cached bytes, freed blocks go back to the system instead.
constexpr uint64_t kMaxCachedBytes = uint64_t{4} << 30;

size_t ClassOf(size_t nbytes) {
  if (nbytes <= (size_t{1} << kMinClass)) return kMinClass;
  return std::bit_width(nbytes - 1);
}

struct State {
  std::mutex mu;
  std::vector<void*> free_lists[kNumClasses];
  AllocatorStats stats;
};

State& GetState() {
  static State* state = new State();  // Never destroyed: storages may outlive statics.
  return *state;
}

}  // namespace

CachingAllocator& CachingAllocator::Get() {
  static CachingAllocator allocator;
  return allocator;
}

void* CachingAllocator::Allocate(size_t nbytes) {
  const size_t cls = ClassOf(nbytes);
  if (cls >= kNumClasses) return nullptr;
  const size_t class_bytes = size_t{1} << cls;
  State& s = GetState();
  {
    std::lock_guard<std::mutex> lock(s.mu);
    ++s.stats.allocations;
    auto& list = s.free_lists[cls];
    if (!list.empty()) {
      void* p = list.back();
      list.pop_back();
      ++s.stats.cache_hits;
      s.stats.bytes_cached -= class_bytes;
      s.stats.bytes_in_use += class_bytes;
      return p;
    }
    s.stats.bytes_in_use += class_bytes;
  }
  void* p = std::aligned_alloc(64, class_bytes);
  if (p == nullptr) {
    std::lock_guard<std::mutex> lock(s.mu);
    s.stats.bytes_in_use -= class_bytes;
  }
  return p;
}

void CachingAllocator::Free(void* ptr, size_t nbytes) {
  if (ptr == nullptr) return;
  const size_t cls = ClassOf(nbytes);
  const size_t class_bytes = size_t{1} << cls;
  State& s = GetState();
  {
    std::lock_guard<std::mutex> lock(s.mu);
    s.stats.bytes_in_use -= class_bytes;
    if (s.stats.bytes_cached + class_bytes <= kMaxCachedBytes) {
      s.free_lists[cls].push_back(ptr);
      s.stats.bytes_cached += class_bytes;
      return;
    }
  }
  std::free(ptr);
}

void CachingAllocator::EmptyCache() {
  State& s = GetState();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto& list : s.free_lists) {
    for (void* p : list) std::free(p);
    list.clear();
  }
  s.stats.bytes_cached = 0;
}

AllocatorStats CachingAllocator::Stats() const {
  State& s = GetState();
  std::lock_guard<std::mutex> lock(s.mu);
  return s.stats;
}

}  // namespace wick::tensor
