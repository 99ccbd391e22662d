// Set: CPython's set table (open addressing, 9 linear probes then perturbed jumps,
// dummies on deletion, resize at 60% fill) reproduced step for step, because Python
// programs print sets and users expect CPython's iteration order (`{3, 1, 2}` prints
// `{1, 2, 3}`; `{10, 100, 1000}` prints `{1000, 10, 100}`).
#ifndef WICK_VM_OBJECTS_SET_H_
#define WICK_VM_OBJECTS_SET_H_

#include <cstdint>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"

namespace wick::vm {

class Set : public Object {
 public:
  enum class State : uint8_t { kEmpty, kActive, kDummy };
  struct Entry {
    int64_t hash = 0;
    Value key;
    State state = State::kEmpty;
  };

  Set() : table_(8) {}
  void ClearRefs() override;
  void Traverse(Visitor visit, void* arg) const override;

  int64_t size() const { return used_; }
  uint64_t version() const { return version_; }
  const std::vector<Entry>& table() const { return table_; }

  // Each returns false (or -1) after raising.
  bool Add(Runtime& rt, const Value& key);
  bool AddHashed(Runtime& rt, const Value& key, int64_t hash);
  int Contains(Runtime& rt, const Value& key);
  int ContainsHashed(Runtime& rt, const Value& key, int64_t hash);
  // 1 removed, 0 absent, -1 error.
  int Discard(Runtime& rt, const Value& key);
  int DiscardHashed(Runtime& rt, const Value& key, int64_t hash);
  // set.pop(): the CPython "finger" order. Precondition: size() > 0.
  Value Pop();
  void Clear();
  // Adds every element of `other` as CPython's set_merge does (same resulting order).
  bool Merge(Runtime& rt, const Set& other);
  // Adds every element of an iterable (sets via Merge, dicts by key).
  bool Update(Runtime& rt, const Value& iterable);

 private:
  // The slot holding `key`, or -1 when absent, -2 on error.
  int64_t Lookup(Runtime& rt, const Value& key, int64_t hash);
  void Resize(int64_t minused);
  static void InsertClean(std::vector<Entry>& table, size_t mask, Value key,
                          int64_t hash);

  std::vector<Entry> table_;
  size_t mask() const { return table_.size() - 1; }
  int64_t fill_ = 0;  // active + dummy
  int64_t used_ = 0;  // active
  size_t finger_ = 0;
  uint64_t version_ = 0;
};

}  // namespace wick::vm

#endif  // WICK_VM_OBJECTS_SET_H_
