// oneDNN runtime plumbing: engine/stream, the oneDNN error -> Status adapter, the LRU
// primitive cache and scratchpad-backed execution. See dnnl_adapter.h.
#include "tensor/kernels/dnnl_adapter.h"

#include <omp.h>

#include <exception>

#include "absl/strings/str_cat.h"
#include "tensor/allocator.h"
#include "tensor/parallel.h"

namespace wick::tensor::kernels {
namespace {

// Returns a CachingAllocator block to the cache when the execution is done.
class ScratchBlock {
 public:
  explicit ScratchBlock(size_t n) : n_(n), p_(n ? CachingAllocator::Get().Allocate(n) : nullptr) {}
  ~ScratchBlock() {
    if (p_ != nullptr) CachingAllocator::Get().Free(p_, n_);
  }
  ScratchBlock(const ScratchBlock&) = delete;
  ScratchBlock& operator=(const ScratchBlock&) = delete;
  void* get() const { return p_; }

 private:
  size_t n_;
  void* p_;
};

// oneDNN's OpenMP runtime reads the calling thread's ICV; keep it at wick's policy so
// oneDNN neither oversubscribes nor ignores WICK_NUM_THREADS.
void SyncThreads() {
  const int want = NumThreads();
  if (omp_get_max_threads() != want) omp_set_num_threads(want);
}

}  // namespace

absl::Status DnnlStatus(dnnl_status_t status, absl::string_view what) {
  switch (status) {
    case dnnl_success:
      return absl::OkStatus();
    case dnnl_unimplemented:
      return absl::UnimplementedError(absl::StrCat("oneDNN: ", what));
    case dnnl_out_of_memory:
      return absl::ResourceExhaustedError(absl::StrCat("oneDNN: ", what));
    default:
      break;
  }
  return absl::InternalError(
      absl::StrCat("oneDNN: ", what, " (status ", static_cast<int>(status), ")"));
}

absl::Status DnnlCall(absl::FunctionRef<void()> fn) {
  try {
    fn();
    return absl::OkStatus();
  } catch (const dnnl::error& e) {
    return DnnlStatus(e.status, e.what());
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("oneDNN call failed: ", e.what()));
  }
}

absl::StatusOr<dnnl::engine*> DnnlEngine() {
  // Created once; a failure is remembered rather than retried on every op.
  static absl::StatusOr<dnnl::engine*>* engine = [] {
    auto* result = new absl::StatusOr<dnnl::engine*>(nullptr);
    absl::Status s = DnnlCall([&] { *result = new dnnl::engine(dnnl::engine::kind::cpu, 0); });
    if (!s.ok()) *result = s;
    return result;
  }();
  return *engine;
}

absl::StatusOr<dnnl::stream*> DnnlStream() {
  // CPU streams are cheap; one per thread keeps concurrent executions independent.
  thread_local std::unique_ptr<dnnl::stream> stream;
  if (stream == nullptr) {
    absl::StatusOr<dnnl::engine*> engine = DnnlEngine();
    if (!engine.ok()) return engine.status();
    absl::Status s = DnnlCall([&] { stream = std::make_unique<dnnl::stream>(**engine); });
    if (!s.ok()) return s;
  }
  return stream.get();
}

DnnlPrimitiveCache& DnnlPrimitiveCache::Get() {
  static DnnlPrimitiveCache* cache = new DnnlPrimitiveCache(256);
  return *cache;
}

absl::StatusOr<std::shared_ptr<const CachedPrimitive>> DnnlPrimitiveCache::GetOrCreate(
    const PrimitiveKey& op_key, PdFactory make_pd) {
  // oneDNN plans a primitive's parallelisation for the thread count at creation.
  PrimitiveKey key = op_key;
  key.push_back(NumThreads());
  {
    absl::MutexLock lock(&mu_);
    auto it = index_.find(key);
    if (it != index_.end()) {
      ++hits_;
      lru_.splice(lru_.begin(), lru_, it->second);
      return it->second->second;
    }
    ++misses_;
  }
  absl::StatusOr<dnnl::engine*> engine = DnnlEngine();
  if (!engine.ok()) return engine.status();
  auto entry = std::make_shared<CachedPrimitive>();
  SyncThreads();
  absl::Status s = DnnlCall([&] {
    DnnlPd pd;
    pd.attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    dnnl::primitive_desc desc = make_pd(pd);
    entry->impl_ = desc.impl_info_str();
    const dnnl::memory::desc scratch_md = desc.scratchpad_desc();
    entry->scratchpad_bytes_ = scratch_md.get_size();
    entry->primitive_ = dnnl::primitive(desc);
    for (const auto& [arg, md] : pd.args) {
      entry->memories_.emplace_back(arg, dnnl::memory(md, **engine, DNNL_MEMORY_NONE));
    }
    if (entry->scratchpad_bytes_ > 0) {
      entry->memories_.emplace_back(DNNL_ARG_SCRATCHPAD,
                                    dnnl::memory(scratch_md, **engine, DNNL_MEMORY_NONE));
    }
  });
  if (!s.ok()) return s;
  absl::MutexLock lock(&mu_);
  auto it = index_.find(key);
  if (it != index_.end()) {
    lru_.erase(it->second);
    index_.erase(it);
  }
  lru_.emplace_front(key, entry);
  index_[key] = lru_.begin();
  while (lru_.size() > capacity_) {
    index_.erase(lru_.back().first);
    lru_.pop_back();
  }
  return std::shared_ptr<const CachedPrimitive>(std::move(entry));
}

size_t DnnlPrimitiveCache::size() const {
  absl::MutexLock lock(&mu_);
  return lru_.size();
}

uint64_t DnnlPrimitiveCache::hits() const {
  absl::MutexLock lock(&mu_);
  return hits_;
}

uint64_t DnnlPrimitiveCache::misses() const {
  absl::MutexLock lock(&mu_);
  return misses_;
}

void DnnlPrimitiveCache::Clear() {
  absl::MutexLock lock(&mu_);
  index_.clear();
  lru_.clear();
}

absl::Status DnnlExecute(const CachedPrimitive& p,
                         absl::Span<const std::pair<int, const void*>> args) {
  absl::StatusOr<dnnl::stream*> stream = DnnlStream();
  if (!stream.ok()) return stream.status();
  ScratchBlock scratch(p.scratchpad_bytes_);
  if (p.scratchpad_bytes_ > 0 && scratch.get() == nullptr) {
    return absl::ResourceExhaustedError("out of memory for a oneDNN scratchpad");
  }
  const void* scratch_data = scratch.get();
  auto data_for = [&](int arg) -> const void* {
    if (arg == DNNL_ARG_SCRATCHPAD) return scratch_data;
    for (const auto& [a, d] : args) {
      if (a == arg) return d;
    }
    return nullptr;
  };
  // The entry's own memory objects when no other thread is using them, else fresh ones.
  const bool own = !p.busy_.test_and_set(std::memory_order_acquire);
  std::vector<std::pair<int, dnnl::memory>> fresh;
  if (!own) {
    absl::Status s = DnnlCall([&] {
      for (const auto& [arg, m] : p.memories_)
        fresh.emplace_back(arg, dnnl::memory(m.get_desc(), m.get_engine(), DNNL_MEMORY_NONE));
    });
    if (!s.ok()) return s;
  }
  const auto& memories = own ? p.memories_ : fresh;
  absl::InlinedVector<dnnl_exec_arg_t, 8> exec_args;
  dnnl_status_t status = dnnl_success;
  for (const auto& [arg, m] : memories) {
    status = dnnl_memory_set_data_handle(m.get(), const_cast<void*>(data_for(arg)));
    if (status != dnnl_success) break;
    exec_args.push_back({arg, m.get()});
  }
  if (status == dnnl_success) {
    SyncThreads();
    status = dnnl_primitive_execute(p.primitive_.get(), (*stream)->get(),
                                    static_cast<int>(exec_args.size()), exec_args.data());
  }
  if (status == dnnl_success) status = dnnl_stream_wait((*stream)->get());
  if (own) p.busy_.clear(std::memory_order_release);
  return DnnlStatus(status, "primitive execution");
}

}  // namespace wick::tensor::kernels
