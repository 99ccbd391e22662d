// What the cycle collector (vm/gc.cc) needs from weak references
// (vm/stdlib/weakref_module.cc), which keep each referent by one strong "anchor"
// reference: the collector discounts that reference, and releases the anchors of the
// garbage it finds so the weak references die. The weakref module installs the hooks.
#ifndef WICK_VM_GC_HOOKS_H_
#define WICK_VM_GC_HOOKS_H_

#include <vector>

#include "vm/value.h"

namespace wick::vm {

class Runtime;

struct WeakAnchorHooks {
  // Calls fn(referent, arg) for every object a weak reference anchors.
  void (*for_each)(void (*fn)(Object*, void*), void* arg) = nullptr;
  // Drops `referent`'s anchor; appends (ref, callback) pairs to run afterwards.
  void (*release)(Object* referent, std::vector<Value>* callbacks) = nullptr;
};

WeakAnchorHooks& GetWeakAnchorHooks();

}  // namespace wick::vm

#endif  // WICK_VM_GC_HOOKS_H_
