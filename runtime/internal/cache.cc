// Guard dispatch over a CodeCache's entries.
#include "runtime/internal/cache.h"

#include <algorithm>

namespace wick::runtime::internal {

CacheEntry* Lookup(CodeCache& cache, const guards::FrameView& view, uintptr_t backend_id) {
  auto& entries = cache.entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i]->backend_id != backend_id || !entries[i]->guards->Check(view)) continue;
    if (i != 0) std::rotate(entries.begin(), entries.begin() + i, entries.begin() + i + 1);
    return entries[0].get();
  }
  return nullptr;
}

}  // namespace wick::runtime::internal
