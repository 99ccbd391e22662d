// bytes and bytearray slots: CPython's repr (quote choice, \x escapes), hash (bytes
// only), comparisons between either kind, concatenation and repetition, indexing
// (ints) and slicing (same kind), `in` (an int or a sub-sequence), iteration, and the
// constructors bytes(...) / bytearray(...) with CPython's error texts. bytearray adds
// item and slice stores, `del`, and in-place `+=`.
#include "vm/objects/bytes.h"

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm {

Value NewBytes(Runtime& rt, std::string s) {
  return Value::Steal(rt.Alloc<Bytes>(rt.types().bytes, std::move(s)));
}

Value NewByteArray(Runtime& rt, std::string s) {
  return Value::Steal(rt.Alloc<Bytes>(rt.types().bytearray, std::move(s)));
}

bool AsBytesLike(Runtime& rt, const Value& v, absl::string_view* out) {
  if (!v.is_object()) return false;
  Type* t = v.object()->type();
  if (t != rt.types().bytes && t != rt.types().bytearray) return false;
  *out = v.as<Bytes>()->view();
  return true;
}

namespace internal {

// The bytes of an iterable of ints (bytes(x), bytearray.extend, slice stores).
bool BytesFromIterable(Runtime& rt, const Value& src, std::string* out) {
  absl::string_view direct;
  if (AsBytesLike(rt, src, &direct)) {
    out->assign(direct.data(), direct.size());
    return true;
  }
  std::vector<Value> items;
  if (!Unpack(rt, src, &items)) return false;
  out->clear();
  for (const Value& item : items) {
    int64_t b;
    if (!AsIndex(rt, item, &b,
                 absl::StrCat("'", rt.TypeOf(item)->name(),
                              "' object cannot be interpreted as an integer"))) {
      return false;
    }
    if (b < 0 || b > 255) {
      rt.Raise(rt.exc().value_error, "bytes must be in range(0, 256)");
      return false;
    }
    out->push_back(static_cast<char>(b));
  }
  return true;
}

namespace {

bool IsByteArray(Runtime& rt, const Value& v) { return rt.TypeOf(v) == rt.types().bytearray; }

Value NewLike(Runtime& rt, const Value& like, std::string s) {
  return IsByteArray(rt, like) ? NewByteArray(rt, std::move(s)) : NewBytes(rt, std::move(s));
}

std::string BytesLiteral(absl::string_view s) {
  bool has_single = s.find('\'') != absl::string_view::npos;
  bool has_double = s.find('"') != absl::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out = "b";
  out.push_back(quote);
  static const char kHex[] = "0123456789abcdef";
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else {
      out.push_back(c);
    }
  }
  out.push_back(quote);
  return out;
}

Value BytesRepr(Runtime& rt, const Value& v) {
  std::string lit = BytesLiteral(v.as<Bytes>()->view());
  if (IsByteArray(rt, v)) return rt.NewStr(absl::StrCat("bytearray(", lit, ")"));
  return rt.NewStr(lit);
}

bool BytesHash(Runtime&, const Value& v, int64_t* out) {
  *out = Str::ComputeHash(v.as<Bytes>()->view());
  return true;
}

Value BytesCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  absl::string_view x, y;
  if (!AsBytesLike(rt, a, &x) || !AsBytesLike(rt, b, &y)) return rt.NotImplemented();
  int c = x.compare(y);
  switch (op) {
    case CmpOp::kLt: return Value::Bool(c < 0);
    case CmpOp::kLe: return Value::Bool(c <= 0);
    case CmpOp::kEq: return Value::Bool(c == 0);
    case CmpOp::kNe: return Value::Bool(c != 0);
    case CmpOp::kGt: return Value::Bool(c > 0);
    case CmpOp::kGe: return Value::Bool(c >= 0);
  }
  return rt.NotImplemented();
}

int64_t BytesLen(Runtime&, const Value& v) {
  return static_cast<int64_t>(v.as<Bytes>()->data.size());
}

int BytesTruth(Runtime&, const Value& v) { return v.as<Bytes>()->data.empty() ? 0 : 1; }

Value BytesAdd(Runtime& rt, const Value& a, const Value& b) {
  absl::string_view x, y;
  if (!AsBytesLike(rt, a, &x)) return rt.NotImplemented();
  if (!AsBytesLike(rt, b, &y)) {
    if (rt.TypeOf(b)->is_heap()) return rt.NotImplemented();
    return rt.Raise(rt.exc().type_error, absl::StrCat("can't concat ", rt.TypeOf(b)->name(),
                                                      " to ", rt.TypeOf(a)->name()));
  }
  return NewLike(rt, a, absl::StrCat(x, y));
}

Value BytesMul(Runtime& rt, const Value& a, const Value& b) {
  absl::string_view s;
  const Value* seq = &a;
  const Value* count = &b;
  if (!AsBytesLike(rt, a, &s)) {
    seq = &b;
    count = &a;
    if (!AsBytesLike(rt, b, &s)) return rt.NotImplemented();
  }
  if (!count->is_int_like()) return rt.NotImplemented();
  int64_t n = count->as_int();
  if (n <= 0 || s.empty()) return NewLike(rt, *seq, "");
  if (static_cast<uint64_t>(n) > (uint64_t{1} << 40) / s.size()) return rt.RaiseNoMemory();
  std::string out;
  out.reserve(s.size() * n);
  for (int64_t i = 0; i < n; ++i) out.append(s.data(), s.size());
  return NewLike(rt, *seq, std::move(out));
}

Value ByteArrayInPlaceAdd(Runtime& rt, const Value& a, const Value& b) {
  absl::string_view y;
  if (!AsBytesLike(rt, b, &y)) {
    return RaiseTypeName(rt, "can't concat ", b, " to bytearray");
  }
  std::string tail(y);  // `b` may be `a` itself
  a.as<Bytes>()->data += tail;
  return a;
}

Value BytesGetItem(Runtime& rt, const Value& v, const Value& key) {
  const std::string& s = v.as<Bytes>()->data;
  int64_t n = static_cast<int64_t>(s.size());
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) {
      return Value::Raised();
    }
    if (step == 1) return NewLike(rt, v, s.substr(start, count));
    std::string out;
    out.reserve(count);
    for (int64_t i = 0, j = start; i < count; ++i, j += step) out.push_back(s[j]);
    return NewLike(rt, v, std::move(out));
  }
  bool ba = IsByteArray(rt, v);
  int64_t i;
  if (!AsIndex(rt, key, &i,
               absl::StrCat(ba ? "bytearray" : "byte",
                            " indices must be integers or slices, not ",
                            rt.TypeOf(key)->name()))) {
    return Value::Raised();
  }
  if (!NormalizeIndex(&i, n)) {
    return rt.Raise(rt.exc().index_error, ba ? "bytearray index out of range" : "index out of range");
  }
  return Value::Int(static_cast<unsigned char>(s[i]));
}

// A byte value for a store or `in`: an int in range(0, 256); false after raising.
bool ByteValue(Runtime& rt, const Value& v, unsigned char* out) {
  int64_t b;
  if (!AsIndex(rt, v, &b,
               absl::StrCat("'", rt.TypeOf(v)->name(), "' object cannot be interpreted as an integer"))) {
    return false;
  }
  if (b < 0 || b > 255) {
    rt.Raise(rt.exc().value_error, "byte must be in range(0, 256)");
    return false;
  }
  *out = static_cast<unsigned char>(b);
  return true;
}

int BytesContains(Runtime& rt, const Value& v, const Value& key) {
  absl::string_view s = v.as<Bytes>()->view(), sub;
  if (AsBytesLike(rt, key, &sub)) return s.find(sub) != absl::string_view::npos;
  if (rt.IsStr(key) || !(key.is_int_like() || rt.TypeOf(key)->Lookup("__index__"))) {
    RaiseTypeName(rt, "a bytes-like object is required, not '", key, "'");
    return -1;
  }
  unsigned char c;
  if (!ByteValue(rt, key, &c)) return -1;
  return s.find(static_cast<char>(c)) != absl::string_view::npos;
}

Value BytesIter(Runtime& rt, const Value& v) { return NewSeqIterator(rt, v); }

bool ByteArraySetItem(Runtime& rt, const Value& v, const Value& key, const Value* val) {
  std::string& s = v.as<Bytes>()->data;
  int64_t n = static_cast<int64_t>(s.size());
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) return false;
    std::string repl;
    if (val != nullptr) {
      if (val->is_int_like() || rt.IsStr(*val)) {
        rt.Raise(rt.exc().type_error,
                 "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        return false;
      }
      if (!BytesFromIterable(rt, *val, &repl)) return false;
    }
    if (step == 1) {
      s.replace(start, count, repl);
      return true;
    }
    if (val == nullptr) {
      std::string kept;
      for (int64_t i = 0; i < n; ++i) {
        bool hit = step > 0 ? (i >= start && i < stop && (i - start) % step == 0)
                            : (i <= start && i > stop && (start - i) % (-step) == 0);
        if (!hit) kept.push_back(s[i]);
      }
      s = std::move(kept);
      return true;
    }
    if (static_cast<int64_t>(repl.size()) != count) {
      rt.Raise(rt.exc().value_error,
               absl::StrCat("attempt to assign bytes of size ", repl.size(),
                            " to extended slice of size ", count));
      return false;
    }
    for (int64_t i = 0, j = start; i < count; ++i, j += step) s[j] = repl[i];
    return true;
  }
  int64_t i;
  if (!AsIndex(rt, key, &i,
               absl::StrCat("bytearray indices must be integers or slices, not ",
                            rt.TypeOf(key)->name()))) {
    return false;
  }
  if (!NormalizeIndex(&i, n)) {
    rt.Raise(rt.exc().index_error, val != nullptr ? "bytearray index out of range"
                                                  : "bytearray deletion index out of range");
    return false;
  }
  if (val == nullptr) {
    s.erase(i, 1);
    return true;
  }
  unsigned char c;
  if (!ByteValue(rt, *val, &c)) return false;
  s[i] = static_cast<char>(c);
  return true;
}

// bytes(source=b"", encoding=None, errors=None) and bytearray(...).
Value BytesConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  bool ba = type == rt.types().bytearray;
  const char* fname = ba ? "bytearray" : "bytes";
  Value a[3];
  if (!UnpackArgs(rt, fname, args, kw, {"source", "encoding", "errors"}, 0, a)) {
    return Value::Raised();
  }
  auto make = [&](std::string s) { return ba ? NewByteArray(rt, std::move(s)) : NewBytes(rt, std::move(s)); };
  if (a[0].is_raised()) {
    if (!a[1].is_raised() || !a[2].is_raised()) {
      return rt.Raise(rt.exc().type_error, a[1].is_raised() ? "errors without a string argument"
                                                            : "encoding without a string argument");
    }
    return make("");
  }
  if (rt.IsStr(a[0])) {
    if (a[1].is_raised()) return rt.Raise(rt.exc().type_error, "string argument without an encoding");
    if (!rt.IsStr(a[1]) || (!a[2].is_raised() && !rt.IsStr(a[2]))) {
      return rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() argument 'encoding' must be str"));
    }
    std::string out;
    if (!EncodeText(rt, StrView(a[0]), StrView(a[1]),
                    a[2].is_raised() ? absl::string_view("strict") : StrView(a[2]), &out)) {
      return Value::Raised();
    }
    return make(std::move(out));
  }
  if (!a[1].is_raised()) return rt.Raise(rt.exc().type_error, "encoding without a string argument");
  if (!a[2].is_raised()) return rt.Raise(rt.exc().type_error, "errors without a string argument");
  if (a[0].is_int_like()) {
    int64_t n = a[0].as_int();
    if (n < 0) return rt.Raise(rt.exc().value_error, "negative count");
    if (n > (int64_t{1} << 40)) return rt.RaiseNoMemory();
    return make(std::string(n, '\0'));
  }
  if (!ba && rt.TypeOf(a[0]) == rt.types().bytes) return a[0];
  if (rt.TypeOf(a[0])->slots().iter == nullptr && rt.TypeOf(a[0])->Lookup("__iter__") == nullptr &&
      rt.TypeOf(a[0])->slots().getitem == nullptr) {
    return RaiseTypeName(rt, "cannot convert '", a[0], "' object to bytes");
  }
  std::string out;
  if (!BytesFromIterable(rt, a[0], &out)) return Value::Raised();
  return make(std::move(out));
}

}  // namespace

void InitBytesTypes(Runtime& rt) {
  for (Type* t : {rt.types().bytes, rt.types().bytearray}) {
    TypeSlots& s = t->slots();
    s.repr = &BytesRepr;
    s.str = &BytesRepr;
    s.compare = &BytesCompare;
    s.len = &BytesLen;
    s.truth = &BytesTruth;
    s.binary[static_cast<int>(BinOp::kAdd)] = &BytesAdd;
    s.binary[static_cast<int>(BinOp::kMul)] = &BytesMul;
    s.getitem = &BytesGetItem;
    s.contains = &BytesContains;
    s.iter = &BytesIter;
    s.construct = &BytesConstruct;
  }
  rt.types().bytes->slots().hash = &BytesHash;
  TypeSlots& ba = rt.types().bytearray->slots();
  ba.hash = &UnhashableSlot;
  ba.setitem = &ByteArraySetItem;
  ba.inplace[static_cast<int>(BinOp::kAdd)] = &ByteArrayInPlaceAdd;
  InitBytesMethods(rt);
}

}  // namespace internal
}  // namespace wick::vm
