// What an embedded interpreter is made of, shared by the api/ sources: the Runtime and
// the VM interpreter, kept alive by the Interpreter handle and by every Object.
#ifndef WICK_API_INTERNAL_WORLD_H_
#define WICK_API_INTERNAL_WORLD_H_

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "api/interpreter.h"
#include "api/object.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::api_internal {

struct World {
  // Destroyed in reverse order: the interpreter before its runtime.
  vm::Runtime rt;
  std::unique_ptr<vm::Interpreter> interp;
  InterpreterOptions options;
  std::weak_ptr<World> self;
  Interpreter* facade = nullptr;  // the handle, while it exists
  vm::Value native_function_type;  // released first: members go in reverse order

  wick::Object Wrap(vm::Value v) { return wick::Object(self.lock(), std::move(v)); }
  static const vm::Value& ValueOf(const wick::Object& o) { return o.value_; }
  static World& Of(const wick::Object& o) { return *o.world_; }
  std::vector<vm::Value> Unwrap(const std::vector<wick::Object>& objects) {
    std::vector<vm::Value> values;
    values.reserve(objects.size());
    for (const wick::Object& o : objects) values.push_back(o.value_);
    return values;
  }
  // The pending exception as a status: Python's traceback text, its type as payload.
  absl::Status PendingError();
  // `v`, or the pending exception's status when `v` is Raised().
  absl::StatusOr<wick::Object> Result(vm::Value v);
  vm::Type* NativeFunctionType();
};

}  // namespace wick::api_internal

#endif  // WICK_API_INTERNAL_WORLD_H_
