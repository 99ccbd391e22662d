// One step of source resolution: the value a source names, given the value of its base
// (or the frame, for the sources a chain starts from). The guard tree calls it once per
// node on every check; Resolve (guards.h) chains it.
#ifndef WICK_GUARDS_INTERNAL_RESOLVE_H_
#define WICK_GUARDS_INTERNAL_RESOLVE_H_

#include "guards/guards.h"
#include "guards/source.h"
#include "vm/value.h"

namespace wick::guards::internal {

// `parent` is the resolved base for kAttr/kItem and ignored otherwise. nullptr when the
// path does not exist (unbound local, empty cell, missing name/attribute/key, index out
// of range, a data descriptor that would run code). Allocates nothing.
const vm::Value* Step(const Source& s, const vm::Value* parent, const FrameView& frame);

}  // namespace wick::guards::internal

#endif  // WICK_GUARDS_INTERNAL_RESOLVE_H_
