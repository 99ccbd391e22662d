// wick::Object: a reference to a value of a script (a tensor, a number, a string, a
// list, a function, a module, ...), as the embedding API hands them to the host.
//
//   absl::StatusOr<wick::Object> fn = interp->Get("model", "forward");
//   absl::StatusOr<wick::Object> out = fn->Call({interp->FromTensor(x)});
//   absl::StatusOr<wick::Tensor> y = out->ToTensor();
//
// An Object keeps its interpreter's world alive (the Interpreter handle may go first)
// and belongs to the thread of that interpreter (docs/embedding.md, "Threads").
// Conversions fail with a TypeError status naming the actual type; nothing here
// aborts on a wrong guess about a value's type.
#ifndef WICK_API_OBJECT_H_
#define WICK_API_OBJECT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "api/tensor.h"
#include "vm/value.h"

namespace wick {

namespace api_internal {
struct World;
}  // namespace api_internal

class Object {
 public:
  Object() = default;  // Refers to nothing; every operation fails with FailedPrecondition.

  bool valid() const { return world_ != nullptr; }
  // The Python type's name: "Tensor", "int", "function", ...
  std::string type_name() const;
  bool is_none() const;
  bool is_tensor() const;

  absl::StatusOr<Tensor> ToTensor() const;  // Tensor or Parameter: shares the storage
  absl::StatusOr<int64_t> ToInt() const;    // int or bool
  absl::StatusOr<double> ToDouble() const;  // float, int or bool
  absl::StatusOr<bool> ToBool() const;      // bool only
  absl::StatusOr<std::string> ToString() const;  // str only
  // The items of a list or tuple.
  absl::StatusOr<std::vector<Object>> ToList() const;
  // repr(value), as the script would print it (or the error's text).
  std::string Repr() const;

  // getattr(value, name).
  absl::StatusOr<Object> GetAttr(absl::string_view name) const;
  // value(*args, **kwargs): a script exception comes back as a status whose message is
  // the traceback as Python prints it (ExceptionTypeOf gives its type).
  absl::StatusOr<Object> Call(std::vector<Object> args = {},
                              std::vector<std::pair<std::string, Object>> kwargs = {}) const;

 private:
  friend class Interpreter;
  friend struct api_internal::World;
  Object(std::shared_ptr<api_internal::World> world, vm::Value value)
      : world_(std::move(world)), value_(std::move(value)) {}

  // Declared first so that the value is released while its world still exists.
  std::shared_ptr<api_internal::World> world_;
  vm::Value value_;
};

}  // namespace wick

#endif  // WICK_API_OBJECT_H_
