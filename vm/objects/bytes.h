// bytes and bytearray: one C++ layout, a byte string. bytes never changes after
// construction; bytearray's methods and item stores mutate `data` in place. The types
// live in Runtime::types() (bytes, bytearray); vm/objects/bytes.cc fills their slots,
// bytes_methods.cc their methods and str.encode.
#ifndef WICK_VM_OBJECTS_BYTES_H_
#define WICK_VM_OBJECTS_BYTES_H_

#include <string>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

class Bytes : public Object {
 public:
  explicit Bytes(std::string s) : data(std::move(s)) {}
  absl::string_view view() const { return data; }
  std::string data;
};

// New bytes / bytearray objects owning `s`.
Value NewBytes(Runtime& rt, std::string s);
Value NewByteArray(Runtime& rt, std::string s);

// Whether `v` is a bytes or bytearray; when it is, *out views its data (valid while
// `v` lives and, for a bytearray, is not mutated).
bool AsBytesLike(Runtime& rt, const Value& v, absl::string_view* out);

namespace internal {
void InitBytesTypes(Runtime& rt);    // bytes.cc: slots, constructors
void InitBytesMethods(Runtime& rt);  // bytes_methods.cc: methods, str.encode
// str.encode / bytes.decode for utf-8, latin-1 and ascii with errors "strict",
// "ignore" and "replace"; false after raising (LookupError, Unicode*Error).
bool EncodeText(Runtime& rt, absl::string_view text, absl::string_view encoding,
                absl::string_view errors, std::string* out);
bool DecodeBytes(Runtime& rt, absl::string_view data, absl::string_view encoding,
                 absl::string_view errors, std::string* out);
// The bytes of a bytes-like object or an iterable of ints in range(0, 256), with
// CPython's errors; false after raising.
bool BytesFromIterable(Runtime& rt, const Value& src, std::string* out);
}  // namespace internal

}  // namespace wick::vm

#endif  // WICK_VM_OBJECTS_BYTES_H_
