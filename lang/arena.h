// Arena: the bump allocator that owns a Module's AST. Nodes are trivially destructible
// (pointers, spans and string_views into the arena or the module's source), so the
// arena frees whole blocks at once and never runs destructors. Parsing a 10k-line file
// makes ~10^5 nodes; one malloc per 64 KiB instead of one per node keeps it linear and fast.
// Public because a Module (ast.h) owns one: whoever holds the Module holds its tree.
#ifndef WICK_LANG_ARENA_H_
#define WICK_LANG_ARENA_H_

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace wick::lang {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // Constructs a T in the arena. T must be trivially destructible: it is never destroyed.
  template <typename T, typename... Args>
  T* New(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    return new (Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }

  // Copies `items` into the arena; the span stays valid as long as the arena.
  template <typename T>
  absl::Span<const T> Copy(const std::vector<T>& items) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (items.empty()) return {};
    T* out = static_cast<T*>(Allocate(sizeof(T) * items.size(), alignof(T)));
    std::memcpy(static_cast<void*>(out), items.data(), sizeof(T) * items.size());
    return absl::Span<const T>(out, items.size());
  }

  absl::string_view Copy(absl::string_view s) {
    if (s.empty()) return {};
    char* out = static_cast<char*>(Allocate(s.size(), 1));
    std::memcpy(out, s.data(), s.size());
    return absl::string_view(out, s.size());
  }

  // Bytes handed out so far (for tests and benchmarks).
  size_t used() const { return used_; }

 private:
  static constexpr size_t kBlockSize = 64 * 1024;

  void* Allocate(size_t size, size_t align) {
    size_t offset = (offset_ + align - 1) & ~(align - 1);
    if (blocks_.empty() || offset + size > block_size_) {
      // Oversized requests get a block of their own.
      block_size_ = size > kBlockSize / 4 ? size : kBlockSize;
      blocks_.push_back(std::make_unique<std::max_align_t[]>(
          (block_size_ + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)));
      offset = 0;
    }
    offset_ = offset + size;
    used_ += size;
    return reinterpret_cast<char*>(blocks_.back().get()) + offset;
  }

  std::vector<std::unique_ptr<std::max_align_t[]>> blocks_;
  size_t block_size_ = 0;
  size_t offset_ = 0;
  size_t used_ = 0;
};

}  // namespace wick::lang

#endif  // WICK_LANG_ARENA_H_
