// Dict: Python's insertion-ordered dict (CPython's compact layout: a dense entry array
// in insertion order plus a sparse open-addressed index). Keys compare with Python
// equality, so 1, 1.0 and True are one key. str keys compare without calling into the
// protocol (pointer, then hash, then bytes), which keeps attribute and global lookups
// allocation-free.
#ifndef WICK_VM_OBJECTS_DICT_H_
#define WICK_VM_OBJECTS_DICT_H_

#include <cstdint>
#include <vector>

#include "vm/object.h"
#include "vm/objects/objects.h"
#include "vm/value.h"

namespace wick::vm {

class Dict : public Object {
 public:
  struct Entry {
    int64_t hash;
    Value key;  // is_raised() marks a deleted entry
    Value value;
  };

  Dict() = default;
  void ClearRefs() override;
  void Traverse(Visitor visit, void* arg) const override;

  int64_t size() const { return used_; }
  // Changes on every insertion of a new key and every deletion; iterators and lookups
  // that call user code compare it to detect concurrent modification. Values come from
  // one per-thread counter, so equal versions mean equal key sets even across dicts (0:
  // a dict never changed, hence empty); the interpreter's LOAD_GLOBAL cache relies on it.
  uint64_t version() const { return version_; }
  // Marks the dict as some type's attribute dict: adding or removing a key then
  // invalidates the type attribute cache (Type::Lookup). Replacing a value in place
  // needs no invalidation, since the cache holds a pointer to the value slot.
  void set_type_dict() { is_type_dict_ = true; }

  // Lookup by an interned or plain str: no protocol calls, cannot raise.
  const Value* GetStr(Str* key) const;
  const Value* GetStr(absl::string_view key) const;
  // GetStr's entry index (into entries()), or -1. Inline caches keep it: the entry at
  // that index still holds `key` (compare with Value::Is) exactly while it is live.
  int64_t IndexOfStr(Str* key) const;
  // The entry at a cached index when it still holds exactly `key` (an interned name),
  // else nullptr.
  const Value* AtIndexIfKey(int64_t ix, const Value& key) const {
    if (static_cast<uint64_t>(ix) >= entries_.size()) return nullptr;
    const Entry& e = entries_[ix];
    return e.key.Is(key) ? &e.value : nullptr;
  }
  // The same, writable: replacing a value in place is `d[key] = v` for an existing key.
  Value* MutableAtIndexIfKey(int64_t ix, const Value& key) {
    return const_cast<Value*>(AtIndexIfKey(ix, key));
  }
  // Python-semantics lookup. Returns the value (borrowed), nullptr when absent, or sets
  // *error (after raising: unhashable key, failing __eq__).
  const Value* Get(Runtime& rt, const Value& key, bool* error);
  // d[key] = value. Returns false after raising.
  bool Set(Runtime& rt, const Value& key, Value value);
  bool SetStr(Runtime& rt, Str* key, Value value);
  // del d[key]. Returns 1 if removed, 0 if absent, -1 after raising. On removal the
  // value moves to *out when given.
  int Remove(Runtime& rt, const Value& key, Value* out = nullptr);
  void Clear();

  // Entries in insertion order, including deleted ones (skip `key.is_raised()`).
  const std::vector<Entry>& entries() const { return entries_; }
  // The next live entry at or after *pos; false at the end.
  bool Next(size_t* pos, const Entry** e) const;

  // Internal: with a known hash. Returns the entry index, -1 when absent, -2 on error.
  int64_t Find(Runtime& rt, const Value& key, int64_t hash);
  bool Insert(Runtime& rt, Value key, int64_t hash, Value value);

 private:
  void Rebuild(size_t min_capacity);
  int64_t FindStrIndex(absl::string_view key, int64_t hash) const;

  std::vector<Entry> entries_;
  std::vector<int32_t> index_;  // -1 = empty slot, else an entries_ position
  int64_t used_ = 0;
  uint64_t version_ = 0;
  bool is_type_dict_ = false;
};

}  // namespace wick::vm

#endif  // WICK_VM_OBJECTS_DICT_H_
