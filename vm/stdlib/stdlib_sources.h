// The standard-library modules' Python sources, embedded at build time by the genrule
// in vm/stdlib/BUILD.bazel from the .py files beside this header.
#ifndef WICK_VM_STDLIB_STDLIB_SOURCES_H_
#define WICK_VM_STDLIB_STDLIB_SOURCES_H_

#include "absl/types/span.h"

namespace wick::vm {

// One embedded module: its dotted name and its source text (static strings).
struct StdlibModule {
  const char* name;
  const char* source;
};

absl::Span<const StdlibModule> StdlibModules();

}  // namespace wick::vm

#endif  // WICK_VM_STDLIB_STDLIB_SOURCES_H_
