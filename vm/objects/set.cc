// Set's hash table, step for step as CPython 3.11's setobject.c lays it out, so that
// iteration order (and therefore printing) matches CPython for ints and tuples.
#include "vm/objects/set.h"

#include <utility>

#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
constexpr size_t kMinSize = 8;

}  // namespace

void Set::Traverse(Visitor visit, void* arg) const {
  for (const Entry& e : table_) VisitValue(e.key, visit, arg);
}

void Set::ClearRefs() {
  std::vector<Entry>().swap(table_);
  table_.resize(kMinSize);
  used_ = fill_ = 0;
}

int64_t Set::Lookup(Runtime& rt, const Value& key, int64_t hash) {
restart:
  size_t mask = this->mask();
  size_t i = static_cast<size_t>(hash) & mask;
  size_t perturb = static_cast<size_t>(hash);
  while (true) {
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    size_t j = i;
    while (true) {
      Entry& e = table_[j];
      if (e.state == State::kEmpty) return -1;
      if (e.state == State::kActive && e.hash == hash) {
        if (e.key.Is(key)) return static_cast<int64_t>(j);
        Value held = e.key;
        uint64_t version = version_;
        int eq = Equal(rt, held, key);
        if (eq < 0) return -2;
        if (eq == 1) return static_cast<int64_t>(j);
        if (version != version_) goto restart;
      }
      if (probes-- == 0) break;
      ++j;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

void Set::InsertClean(std::vector<Entry>& table, size_t mask, Value key, int64_t hash) {
  size_t i = static_cast<size_t>(hash) & mask;
  size_t perturb = static_cast<size_t>(hash);
  while (true) {
    if (table[i].state == State::kEmpty) break;
    bool placed = false;
    if (i + kLinearProbes <= mask) {
      for (size_t j = 1; j <= kLinearProbes; ++j) {
        if (table[i + j].state == State::kEmpty) {
          i += j;
          placed = true;
          break;
        }
      }
    }
    if (placed) break;
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
  table[i].key = std::move(key);
  table[i].hash = hash;
  table[i].state = State::kActive;
}

void Set::Resize(int64_t minused) {
  size_t newsize = kMinSize;
  while (newsize <= static_cast<size_t>(minused)) newsize <<= 1;
  std::vector<Entry> old;
  old.swap(table_);
  table_.resize(newsize);
  for (Entry& e : old) {
    if (e.state == State::kActive) InsertClean(table_, newsize - 1, std::move(e.key), e.hash);
  }
  fill_ = used_;
  ++version_;
}

bool Set::AddHashed(Runtime& rt, const Value& key, int64_t hash) {
restart:
  size_t mask = this->mask();
  size_t i = static_cast<size_t>(hash) & mask;
  size_t perturb = static_cast<size_t>(hash);
  Entry* freeslot = nullptr;
  Entry* entry = nullptr;
  while (true) {
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    size_t j = i;
    while (true) {
      entry = &table_[j];
      if (entry->state == State::kEmpty) goto found_unused_or_dummy;
      if (entry->state == State::kActive && entry->hash == hash) {
        if (entry->key.Is(key)) return true;
        Value held = entry->key;
        uint64_t version = version_;
        int eq = Equal(rt, held, key);
        if (eq < 0) return false;
        if (eq == 1) return true;
        if (version != version_) goto restart;
      } else if (entry->state == State::kDummy) {
        freeslot = entry;
      }
      if (probes-- == 0) break;
      ++j;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_unused_or_dummy:
  ++version_;
  if (freeslot != nullptr) {
    ++used_;
    freeslot->key = key;
    freeslot->hash = hash;
    freeslot->state = State::kActive;
    return true;
  }
  ++fill_;
  ++used_;
  entry->key = key;
  entry->hash = hash;
  entry->state = State::kActive;
  if (static_cast<size_t>(fill_) * 5 < mask * 3) return true;
  Resize(used_ > 50000 ? used_ * 2 : used_ * 4);
  return true;
}

bool Set::Add(Runtime& rt, const Value& key) {
  int64_t hash;
  if (!Hash(rt, key, &hash)) return false;
  return AddHashed(rt, key, hash);
}

int Set::ContainsHashed(Runtime& rt, const Value& key, int64_t hash) {
  int64_t ix = Lookup(rt, key, hash);
  return ix == -2 ? -1 : (ix >= 0 ? 1 : 0);
}

int Set::Contains(Runtime& rt, const Value& key) {
  int64_t hash;
  if (!Hash(rt, key, &hash)) return -1;
  return ContainsHashed(rt, key, hash);
}

int Set::DiscardHashed(Runtime& rt, const Value& key, int64_t hash) {
  int64_t ix = Lookup(rt, key, hash);
  if (ix < 0) return ix == -2 ? -1 : 0;
  Entry& e = table_[ix];
  Value old = std::move(e.key);
  e.key = Value();
  e.hash = -1;
  e.state = State::kDummy;
  --used_;
  ++version_;
  return 1;
}

int Set::Discard(Runtime& rt, const Value& key) {
  int64_t hash;
  if (!Hash(rt, key, &hash)) return -1;
  return DiscardHashed(rt, key, hash);
}

Value Set::Pop() {
  size_t i = finger_ & mask();
  while (table_[i].state != State::kActive) {
    i = (i + 1) & mask();
  }
  Entry& e = table_[i];
  Value key = std::move(e.key);
  e.key = Value();
  e.hash = -1;
  e.state = State::kDummy;
  --used_;
  ++version_;
  finger_ = i + 1;
  return key;
}

void Set::Clear() {
  std::vector<Entry> old(kMinSize);
  old.swap(table_);
  used_ = fill_ = 0;
  ++version_;
}

bool Set::Merge(Runtime& rt, const Set& other) {
  if (&other == this || other.used_ == 0) return true;
  // Copy the other table first: comparisons below may run user code that mutates it.
  std::vector<Entry> src = other.table_;
  int64_t other_used = other.used_, other_fill = other.fill_;
  if (static_cast<size_t>(fill_ + other_used) * 5 >= mask() * 3) {
    Resize((used_ + other_used) * 2);
  }
  if (fill_ == 0 && table_.size() == src.size() && other_fill == other_used) {
    table_ = std::move(src);
    fill_ = used_ = other_used;
    ++version_;
    return true;
  }
  if (fill_ == 0) {
    for (Entry& e : src) {
      if (e.state == State::kActive) InsertClean(table_, mask(), std::move(e.key), e.hash);
    }
    fill_ = used_ = other_used;
    ++version_;
    return true;
  }
  for (const Entry& e : src) {
    if (e.state == State::kActive && !AddHashed(rt, e.key, e.hash)) return false;
  }
  return true;
}

bool Set::Update(Runtime& rt, const Value& iterable) {
  if (iterable.is_object() && iterable.object()->type()->layout() == Layout::kSet) {
    return Merge(rt, *iterable.as<Set>());
  }
  if (rt.IsDict(iterable)) {
    Dict* d = iterable.as<Dict>();
    std::vector<std::pair<Value, int64_t>> keys;
    size_t pos = 0;
    const Dict::Entry* e;
    while (d->Next(&pos, &e)) keys.emplace_back(e->key, e->hash);
    int64_t n = static_cast<int64_t>(keys.size());
    if (static_cast<size_t>(fill_ + n) * 5 >= mask() * 3) Resize((used_ + n) * 2);
    for (auto& [k, h] : keys) {
      if (!AddHashed(rt, k, h)) return false;
    }
    return true;
  }
  Value it = GetIter(rt, iterable);
  if (it.is_raised()) return false;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return !rt.HasPending();
    if (!Add(rt, item)) return false;
  }
}

}  // namespace wick::vm
