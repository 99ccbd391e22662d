// Dict's hash table: insertion, lookup with Python key equality, deletion and
// compaction. The Python-visible dict type (methods, repr, views) is in dict_type.cc.
#include "vm/objects/dict.h"

#include <utility>

#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

constexpr int kPerturbShift = 5;

// Equality of two keys without calling into user code, when both are builtin scalars
// or strs. Returns 1/0, or -1 when the generic protocol is needed.
int FastKeyEq(const Value& a, const Value& b, Type* str_type) {
  if (a.Is(b)) return 1;
  if (a.is_int_like() && b.is_int_like()) return a.as_int() == b.as_int();
  if (a.is_float() && b.is_float()) return a.as_float() == b.as_float();
  if (a.is_object() && b.is_object() && a.object()->type() == str_type &&
      b.object()->type() == str_type) {
    return a.as<Str>()->data == b.as<Str>()->data;
  }
  return -1;
}

// Versions are unique per thread (not per dict), so an inline cache that saw version v
// knows the dict's keys are exactly as they were then, whichever dict it is now.
uint64_t NextVersion() {
  thread_local uint64_t last = 0;
  return ++last;
}

}  // namespace

void Dict::Traverse(Visitor visit, void* arg) const {
  for (const Entry& e : entries_) {
    VisitValue(e.key, visit, arg);
    VisitValue(e.value, visit, arg);
  }
}

void Dict::ClearRefs() {
  std::vector<Entry>().swap(entries_);
  std::vector<int32_t>().swap(index_);
  used_ = 0;
  if (is_type_dict_) Type::InvalidateLookupCache();
}

int64_t Dict::FindStrIndex(absl::string_view key, int64_t hash) const {
  if (index_.empty()) return -1;
  size_t mask = index_.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = perturb & mask;
  while (true) {
    int32_t ix = index_[i];
    if (ix < 0) return -1;
    const Entry& e = entries_[ix];
    if (e.hash == hash && e.key.is_object()) {
      Object* o = e.key.object();
      // Any Str-layout key (exact str) compares by bytes; other objects cannot equal
      // a str without user code, and attribute dicts only hold str keys.
      if (o->type()->layout() == Layout::kStr && static_cast<Str*>(o)->data == key) {
        return ix;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + perturb + 1) & mask;
  }
}

int64_t Dict::IndexOfStr(Str* key) const {
  if (index_.empty()) return -1;
  int64_t hash = key->Hash();
  size_t mask = index_.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = perturb & mask;
  while (true) {
    int32_t ix = index_[i];
    if (ix < 0) return -1;
    const Entry& e = entries_[ix];
    // Interned names hit on the pointer test; other strs fall back to bytes.
    if (e.key.is_object() && (e.key.object() == key ||
                              (e.hash == hash && e.key.object()->type()->layout() == Layout::kStr &&
                               e.key.as<Str>()->data == key->data))) {
      return ix;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + perturb + 1) & mask;
  }
}

const Value* Dict::GetStr(Str* key) const {
  int64_t ix = IndexOfStr(key);
  return ix >= 0 ? &entries_[ix].value : nullptr;
}

const Value* Dict::GetStr(absl::string_view key) const {
  int64_t ix = FindStrIndex(key, Str::ComputeHash(key));
  return ix < 0 ? nullptr : &entries_[ix].value;
}

int64_t Dict::Find(Runtime& rt, const Value& key, int64_t hash) {
restart:
  if (index_.empty()) return -1;
  size_t mask = index_.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = perturb & mask;
  while (true) {
    int32_t ix = index_[i];
    if (ix < 0) return -1;
    if (entries_[ix].hash == hash && !entries_[ix].key.is_raised()) {
      int eq = FastKeyEq(entries_[ix].key, key, rt.types().str);
      if (eq < 0) {
        // User __eq__ may mutate this dict; hold the key and restart if it did.
        Value held = entries_[ix].key;
        uint64_t version = version_;
        eq = Equal(rt, held, key);
        if (eq < 0) return -2;
        if (version != version_) goto restart;
      }
      if (eq == 1) return ix;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + perturb + 1) & mask;
  }
}

const Value* Dict::Get(Runtime& rt, const Value& key, bool* error) {
  *error = false;
  if (rt.IsStr(key)) return GetStr(key.as<Str>());
  int64_t hash;
  if (!Hash(rt, key, &hash)) {
    *error = true;
    return nullptr;
  }
  int64_t ix = Find(rt, key, hash);
  if (ix == -2) *error = true;
  return ix < 0 ? nullptr : &entries_[ix].value;
}

void Dict::Rebuild(size_t min_capacity) {
  size_t cap = 8;
  while (cap < min_capacity) cap <<= 1;
  if (static_cast<int64_t>(entries_.size()) != used_) {
    std::vector<Entry> live;
    live.reserve(used_);
    for (Entry& e : entries_) {
      if (!e.key.is_raised()) live.push_back(std::move(e));
    }
    entries_.swap(live);
  }
  index_.assign(cap, -1);
  size_t mask = cap - 1;
  for (size_t ix = 0; ix < entries_.size(); ++ix) {
    size_t perturb = static_cast<size_t>(entries_[ix].hash);
    size_t i = perturb & mask;
    while (index_[i] >= 0) {
      perturb >>= kPerturbShift;
      i = (i * 5 + perturb + 1) & mask;
    }
    index_[i] = static_cast<int32_t>(ix);
  }
}

bool Dict::Insert(Runtime& rt, Value key, int64_t hash, Value value) {
  int64_t ix = Find(rt, key, hash);
  if (ix == -2) return false;
  if (ix >= 0) {
    // Keep the original key object (Python keeps the first key inserted).
    Value old = std::exchange(entries_[ix].value, std::move(value));
    return true;
  }
  if ((entries_.size() + 1) * 3 > index_.size() * 2) {
    Rebuild(static_cast<size_t>(used_ + 1) * 3);
  }
  size_t mask = index_.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = perturb & mask;
  while (index_[i] >= 0) {
    perturb >>= kPerturbShift;
    i = (i * 5 + perturb + 1) & mask;
  }
  index_[i] = static_cast<int32_t>(entries_.size());
  entries_.push_back(Entry{hash, std::move(key), std::move(value)});
  ++used_;
  version_ = NextVersion();
  if (is_type_dict_) Type::InvalidateLookupCache();
  return true;
}

bool Dict::Set(Runtime& rt, const Value& key, Value value) {
  int64_t hash;
  if (!Hash(rt, key, &hash)) return false;
  return Insert(rt, key, hash, std::move(value));
}

bool Dict::SetStr(Runtime& rt, Str* key, Value value) {
  return Insert(rt, Value::Borrow(key), key->Hash(), std::move(value));
}

int Dict::Remove(Runtime& rt, const Value& key, Value* out) {
  int64_t hash;
  if (!Hash(rt, key, &hash)) return -1;
  int64_t ix = Find(rt, key, hash);
  if (ix == -2) return -1;
  if (ix == -1) return 0;
  // The index slot keeps pointing at the dead entry, which acts as a dummy for probing
  // until the next rebuild compacts it away.
  Entry& e = entries_[ix];
  Value dead_key = std::exchange(e.key, Value::Raised());
  Value dead_value = std::move(e.value);
  e.value = Value();
  --used_;
  version_ = NextVersion();
  if (is_type_dict_) Type::InvalidateLookupCache();
  if (out != nullptr) *out = std::move(dead_value);
  return 1;
}

void Dict::Clear() {
  std::vector<Entry> old;
  old.swap(entries_);
  index_.clear();
  used_ = 0;
  version_ = NextVersion();
  if (is_type_dict_) Type::InvalidateLookupCache();
  // `old` is released here, after the dict is consistent, since freeing values may run
  // arbitrary destructors.
}

bool Dict::Next(size_t* pos, const Entry** e) const {
  while (*pos < entries_.size()) {
    const Entry& entry = entries_[(*pos)++];
    if (!entry.key.is_raised()) {
      *e = &entry;
      return true;
    }
  }
  return false;
}

}  // namespace wick::vm
