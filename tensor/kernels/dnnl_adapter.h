// The one place this package touches oneDNN's runtime: the lazily created CPU engine and
// stream, the conversion of oneDNN errors into absl::Status (thrown dnnl::error and
// returned dnnl_status_t alike; nothing oneDNN throws gets past DnnlCall), a bounded LRU
// cache of created primitives, and execution with a user scratchpad taken from the
// CachingAllocator.
//
//   ASSIGN_OR_RETURN(auto p, DnnlPrimitiveCache::Get().GetOrCreate(key, [&](DnnlPd& pd) {
//     pd.args = {{DNNL_ARG_SRC, src_md}, {DNNL_ARG_DST, dst_md}};
//     return dnnl::eltwise_forward::primitive_desc(..., pd.attr, eng);
//   }));
//   RETURN_IF_ERROR(DnnlExecute(*p, {{DNNL_ARG_SRC, x}, {DNNL_ARG_DST, y}}));
//
// Memory descriptors and memory objects are built once per cached primitive (creating
// each costs about as much as executing a tiny primitive); an execution only points them
// at the caller's data.
#ifndef WICK_TENSOR_KERNELS_DNNL_ADAPTER_H_
#define WICK_TENSOR_KERNELS_DNNL_ADAPTER_H_

#include <atomic>
#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/functional/function_ref.h"
#include "absl/hash/hash.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/types/span.h"
#include "oneapi/dnnl/dnnl.hpp"

namespace wick::tensor::kernels {

// oneDNN's status as an absl::Status: success is OK, unimplemented is Unimplemented,
// out_of_memory is ResourceExhausted, everything else Internal. `what` names the call.
absl::Status DnnlStatus(dnnl_status_t status, absl::string_view what);

// Runs `fn`, turning a dnnl::error (or any other C++ exception) it throws into a status
// via DnnlStatus. Every call into oneDNN's C++ API in this package goes through here.
absl::Status DnnlCall(absl::FunctionRef<void()> fn);

// The process-wide CPU engine and a per-thread in-order stream (created on first use).
absl::StatusOr<dnnl::engine*> DnnlEngine();
absl::StatusOr<dnnl::stream*> DnnlStream();

// A cache key: the primitive kind and every shape/stride/attribute that shaped it.
using PrimitiveKey = absl::InlinedVector<int64_t, 48>;

// What a factory fills in on a cache miss besides the primitive descriptor: its
// attributes (they arrive in user scratchpad mode) and the memory descriptor of every
// argument the primitive will be executed with.
struct DnnlPd {
  dnnl::primitive_attr attr;
  std::vector<std::pair<int, dnnl::memory::desc>> args;
};

class CachedPrimitive {
 public:
  const std::string& impl() const { return impl_; }  // "brg:avx512_core", "ref:any", ...
  size_t scratchpad_bytes() const { return scratchpad_bytes_; }

 private:
  friend class DnnlPrimitiveCache;
  friend absl::Status DnnlExecute(const CachedPrimitive&,
                                  absl::Span<const std::pair<int, const void*>>);
  dnnl::primitive primitive_;
  std::string impl_;
  size_t scratchpad_bytes_ = 0;
  // One memory object per argument (scratchpad last), re-pointed at each execution by
  // whichever thread holds `busy_`; a concurrent execution builds its own.
  std::vector<std::pair<int, dnnl::memory>> memories_;
  mutable std::atomic_flag busy_ = ATOMIC_FLAG_INIT;
};

// Bounded LRU map PrimitiveKey -> CachedPrimitive. oneDNN's own primitive cache costs
// 1.4-5 us per hit; a lookup here is a hash of a few dozen integers. Entries are
// shared_ptrs so one evicted while another thread executes it stays alive. Thread-safe.
class DnnlPrimitiveCache {
 public:
  using PdFactory = absl::FunctionRef<dnnl::primitive_desc(DnnlPd& pd)>;

  static DnnlPrimitiveCache& Get();
  explicit DnnlPrimitiveCache(size_t capacity) : capacity_(capacity) {}

  // The cached primitive for `key`, creating it with `make_pd` on a miss (outside the
  // lock; concurrent misses on one key both build it). The key must capture everything
  // make_pd depends on; the thread count is added here.
  absl::StatusOr<std::shared_ptr<const CachedPrimitive>> GetOrCreate(const PrimitiveKey& key,
                                                                     PdFactory make_pd);

  size_t size() const;
  size_t capacity() const { return capacity_; }
  uint64_t hits() const;
  uint64_t misses() const;
  void Clear();

 private:
  using Entry = std::pair<PrimitiveKey, std::shared_ptr<const CachedPrimitive>>;
  const size_t capacity_;
  mutable absl::Mutex mu_;
  std::list<Entry> lru_ ABSL_GUARDED_BY(mu_);  // Most recently used first.
  absl::flat_hash_map<PrimitiveKey, std::list<Entry>::iterator> index_ ABSL_GUARDED_BY(mu_);
  uint64_t hits_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t misses_ ABSL_GUARDED_BY(mu_) = 0;
};

// Executes `p` on this thread's stream with the data of each argument (by DNNL_ARG_*,
// the same set the factory declared), adding a scratchpad from the CachingAllocator when
// the primitive needs one, with oneDNN's OpenMP thread count set to NumThreads().
absl::Status DnnlExecute(const CachedPrimitive& p,
                         absl::Span<const std::pair<int, const void*>> args);

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_DNNL_ADAPTER_H_
