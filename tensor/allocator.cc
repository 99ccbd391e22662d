#include "tensor/allocator.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace wick::tensor {
namespace {

constexpr size_t kMinClass = 6;   // 64 bytes.
constexpr size_t kNumClasses = 48;
// Blocks of this size and up are aligned to it and asked to be backed by transparent huge
// pages: in these VMs the first write to a 4 KiB page costs 14-21 us (a fresh 2 MiB
// block, 3-7 ms), to a 2 MiB huge page about 0.2 ms.
constexpr size_t kHugePage = size_t{2} << 20;
// Above this many cached bytes, freed blocks go back to the system instead.
constexpr uint64_t kMaxCachedBytes = uint64_t{4} << 30;

size_t ClassOf(size_t nbytes) {
  if (nbytes <= (size_t{1} << kMinClass)) return kMinClass;
  return std::bit_width(nbytes - 1);
}

// Physical memory, the default cap on one allocation.
size_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return SIZE_MAX;
  return static_cast<size_t>(pages) * static_cast<size_t>(page);
}

struct State {
  std::atomic<size_t> max_allocation{PhysicalMemoryBytes()};
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
  State& s = GetState();
  if (nbytes > s.max_allocation.load(std::memory_order_relaxed)) return nullptr;
  const size_t cls = ClassOf(nbytes);
  if (cls >= kNumClasses) return nullptr;
  const size_t class_bytes = size_t{1} << cls;
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
  void* p = std::aligned_alloc(class_bytes >= kHugePage ? kHugePage : 64, class_bytes);
  if (p != nullptr && class_bytes >= kHugePage) {
    madvise(p, class_bytes, MADV_HUGEPAGE);  // advice only: without THP, 4 KiB pages
  }
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

void CachingAllocator::SetMaxAllocationBytes(size_t nbytes) {
  GetState().max_allocation.store(nbytes, std::memory_order_relaxed);
}

size_t CachingAllocator::MaxAllocationBytes() const {
  return GetState().max_allocation.load(std::memory_order_relaxed);
}

}  // namespace wick::tensor
