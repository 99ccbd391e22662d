// The caching allocator behind every tensor's storage and oneDNN's scratchpads.
//
// On these machines the first touch of fresh memory costs 14-21 us per 4 KiB page, so freed
// blocks are kept in power-of-two size classes and handed out again instead of being
// returned to the system. Blocks are 64-byte aligned; blocks of 2 MiB and more are 2 MiB
// aligned and advised into transparent huge pages, whose first touch is far cheaper.
// Thread-safe.
#ifndef WICK_TENSOR_ALLOCATOR_H_
#define WICK_TENSOR_ALLOCATOR_H_

#include <cstddef>
#include <cstdint>

namespace wick::tensor {

struct AllocatorStats {
  uint64_t allocations = 0;   // Calls to Allocate.
  uint64_t cache_hits = 0;    // Of those, served from a cached block.
  uint64_t bytes_in_use = 0;  // Size-class bytes currently handed out.
  uint64_t bytes_cached = 0;  // Size-class bytes held for reuse.
};

class CachingAllocator {
 public:
  // The process-wide instance.
  static CachingAllocator& Get();

  // Returns a 64-byte-aligned block of at least `nbytes` (a zero-byte request gets a
  // small valid block), or nullptr if the system is out of memory.
  void* Allocate(size_t nbytes);
  // Returns a block from Allocate(nbytes) (same nbytes) to the cache.
  void Free(void* ptr, size_t nbytes);
  // Releases every cached block to the system.
  void EmptyCache();
  // The largest single request granted (default: the machine's physical memory). A
  // larger one fails like an out-of-memory allocation instead of overcommitting memory
  // that the first write would then run out of.
  void SetMaxAllocationBytes(size_t nbytes);
  size_t MaxAllocationBytes() const;
  AllocatorStats Stats() const;

 private:
  CachingAllocator() = default;
};

}  // namespace wick::tensor

#endif  // WICK_TENSOR_ALLOCATOR_H_
