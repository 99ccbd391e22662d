// The parser + compiler fuzz target: any bytes must compile to a code object whose
// disassembly is well formed, or fail with a SyntaxError; never crash, hang, report
// another kind of error, or trip a sanitizer. Linked two ways (BUILD.bazel): into
// compile_fuzz_test, which replays mutated corpus programs deterministically on every
// test run, and into a libFuzzer binary for open-ended runs (`./wick fuzz`).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "lang/parser.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/runtime.h"

namespace {

[[noreturn]] void Fail(absl::string_view what, absl::string_view source) {
  std::fprintf(stderr, "compile fuzz: %.*s\n--- input ---\n%.*s\n--- end ---\n",
               static_cast<int>(what.size()), what.data(), static_cast<int>(source.size()),
               source.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view source(reinterpret_cast<const char*>(data), size);
  wick::vm::Runtime rt;
  absl::StatusOr<wick::vm::Value> code = wick::vm::CompileSource(rt, source, "fuzz.py");
  if (!code.ok()) {
    if (!wick::lang::GetSyntaxError(code.status()).has_value()) {
      Fail(std::string("error without a SyntaxError: ") + code.status().ToString(), source);
    }
    return 0;
  }
  const auto* object = code->as<wick::vm::CodeObject>();
  if (object->code.empty() || object->positions.size() != object->code.size() ||
      object->block_index.size() != object->code.size()) {
    Fail("inconsistent code object tables", source);
  }
  if (wick::vm::Disassemble(*object).empty()) Fail("empty disassembly", source);
  return 0;
}
