// _wick_struct: the native half of struct.py and zlib.py.
//   pack(error, fmt, values) -> bytes       unpack(error, fmt, buffer, offset) -> tuple
//   calcsize(error, fmt) -> int              crc32(data, value) -> int
// `error` is struct.error, passed in so the module keeps no per-runtime state. Formats
// follow CPython's _struct: byte order/size/alignment prefixes @ = < > !, repeat
// counts, codes x c b B ? h H i I l L q Q n N e f d s p P, with CPython's messages.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/interpreter.h"
#include "vm/objects/bytes.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/stdlib/native_modules.h"

namespace wick::vm {
namespace {

struct Item {
  char code;
  int64_t count;   // repeat count; for s/p the byte length
  int64_t size;    // bytes of one element
  int64_t offset;  // of the first element
};

struct Format {
  bool native = true;   // '@': native sizes and alignment
  bool little = true;   // x86-64 native order is little-endian
  std::vector<Item> items;
  int64_t size = 0;
  int64_t nvalues = 0;  // values pack() consumes
};

int64_t CodeSize(char c, bool native) {
  switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': return native ? 8 : 4;
    case 'q': case 'Q': case 'd': return 8;
    case 'n': case 'N': case 'P': return native ? 8 : 0;
    default: return 0;
  }
}

Value ErrorValue(Runtime& rt, const Value& error, absl::string_view msg);

bool ParseFormat(Runtime& rt, const Value& error, absl::string_view f, Format* out) {
  auto fail = [&](absl::string_view msg) {
    ErrorValue(rt, error, msg);
    return false;
  };
  size_t i = 0;
  if (!f.empty() && (f[0] == '@' || f[0] == '=' || f[0] == '<' || f[0] == '>' || f[0] == '!')) {
    out->native = f[0] == '@';
    out->little = f[0] == '@' || f[0] == '=' || f[0] == '<';
    i = 1;
  }
  int64_t pos = 0;
  while (i < f.size()) {
    char c = f[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      ++i;
      continue;
    }
    int64_t count = 1;
    if (c >= '0' && c <= '9') {
      count = 0;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9') {
        if (count > (int64_t{1} << 40)) return fail("total struct size too long");
        count = count * 10 + (f[i] - '0');
        ++i;
      }
      if (i >= f.size()) return fail("repeat count given without format specifier");
      c = f[i];
    }
    int64_t size = CodeSize(c, out->native);
    if (size == 0) return fail("bad char in struct format");
    if (out->native && size > 1 && c != 's' && c != 'p') pos = (pos + size - 1) / size * size;
    bool bytes_like = c == 's' || c == 'p';
    out->items.push_back(Item{c, count, size, pos});
    pos += bytes_like ? count : size * count;
    if (c != 'x') out->nvalues += bytes_like ? 1 : count;
    ++i;
  }
  out->size = pos;
  return true;
}

Value ErrorValue(Runtime& rt, const Value& error, absl::string_view msg) {
  Value e = Call(rt, error, {rt.NewStr(msg)});
  if (e.is_raised()) return e;
  return rt.RaiseValue(e);
}

void Put(std::string* buf, int64_t at, uint64_t v, int64_t size, bool little) {
  for (int64_t k = 0; k < size; ++k) {
    int64_t idx = little ? k : size - 1 - k;
    (*buf)[at + idx] = static_cast<char>((v >> (8 * k)) & 0xFF);
  }
}

uint64_t Get(absl::string_view buf, int64_t at, int64_t size, bool little) {
  uint64_t v = 0;
  for (int64_t k = 0; k < size; ++k) {
    int64_t idx = little ? k : size - 1 - k;
    v |= static_cast<uint64_t>(static_cast<unsigned char>(buf[at + idx])) << (8 * k);
  }
  return v;
}

// IEEE half from a double, rounding to nearest even; false when it overflows.
bool ToHalf(double d, uint16_t* out) {
  uint16_t sign = std::signbit(d) ? 0x8000 : 0;
  double a = std::fabs(d);
  if (std::isnan(d)) {
    *out = sign | 0x7e00;
    return true;
  }
  if (std::isinf(d)) {
    *out = sign | 0x7c00;
    return true;
  }
  if (a == 0) {
    *out = sign;
    return true;
  }
  int e;
  double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;               // a = (2m) * 2^exp
  if (exp < -14) {
    // Subnormal: units of 2^-24.
    double units = std::nearbyint(std::ldexp(a, 24));
    if (units >= 1024) {
      *out = sign | 0x0400;
      return true;
    }
    *out = sign | static_cast<uint16_t>(units);
    return true;
  }
  double frac = std::nearbyint((2 * m - 1) * 1024);  // ties to even (default rounding)
  if (frac >= 1024) {
    frac = 0;
    ++exp;
  }
  if (exp > 15) return false;
  *out = sign | static_cast<uint16_t>((exp + 15) << 10) | static_cast<uint16_t>(frac);
  return true;
}

double FromHalf(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 31, frac = h & 1023;
  double v;
  if (exp == 0) {
    v = std::ldexp(frac, -24);
  } else if (exp == 31) {
    v = frac ? std::nan("") : INFINITY;
  } else {
    v = std::ldexp(frac + 1024, exp - 25);
  }
  return sign ? -v : v;
}

// The int to pack, with CPython's range errors; false after raising.
bool PackInt(Runtime& rt, const Value& error, const Item& it, const Format& f, const Value& v,
             uint64_t* out) {
  int64_t x;
  if (!(v.is_int_like() || (!v.is_float() && rt.TypeOf(v)->Lookup("__index__") != nullptr)) ||
      !AsIndex(rt, v, &x, "required argument is not an integer")) {
    if (rt.HasPending()) rt.ClearException();
    ErrorValue(rt, error, "required argument is not an integer");
    return false;
  }
  char c = it.code;
  bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
  int64_t size = it.size;
  bool ok;
  if (size == 8) {
    ok = !is_unsigned || x >= 0;
  } else {
    int64_t lo = is_unsigned ? 0 : -(int64_t{1} << (8 * size - 1));
    int64_t hi = is_unsigned ? (int64_t{1} << (8 * size)) - 1 : (int64_t{1} << (8 * size - 1)) - 1;
    ok = x >= lo && x <= hi;
    if (!ok) {
      std::string msg;
      if (size == 1) {
        msg = is_unsigned ? "ubyte format requires 0 <= number <= 255"
                          : "byte format requires -128 <= number <= 127";
      } else if (size == 2) {
        msg = is_unsigned ? "ushort format requires 0 <= number <= 65535"
                          : "short format requires -32768 <= number <= 32767";
      } else if (is_unsigned && !f.native) {
        msg = "argument out of range";
      } else {
        msg = absl::StrCat("'", std::string(1, c), "' format requires ", lo, " <= number <= ", hi);
      }
      ErrorValue(rt, error, msg);
      return false;
    }
  }
  if (!ok) {
    ErrorValue(rt, error, "argument out of range");
    return false;
  }
  *out = static_cast<uint64_t>(x);
  return true;
}

bool PackFloat(Runtime& rt, const Value& error, const Value& v, double* out) {
  if (v.is_float()) {
    *out = v.as_float();
  } else if (v.is_int_like()) {
    *out = static_cast<double>(v.as_int());
  } else {
    ErrorValue(rt, error, "required argument is not a float");
    return false;
  }
  return true;
}

Value Pack(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 3 || !rt.IsStr(args[1]) || !rt.IsTuple(args[2])) {
    return rt.Raise(rt.exc().type_error, "pack(error, fmt, values)");
  }
  const Value& error = args[0];
  Format f;
  if (!ParseFormat(rt, error, args[1].as<Str>()->view(), &f)) return Value::Raised();
  const std::vector<Value>& vals = args[2].as<Tuple>()->items;
  if (static_cast<int64_t>(vals.size()) != f.nvalues) {
    return ErrorValue(rt, error, absl::StrCat("pack expected ", f.nvalues,
                                              " items for packing (got ", vals.size(), ")"));
  }
  std::string buf(f.size, '\0');
  size_t vi = 0;
  for (const Item& it : f.items) {
    if (it.code == 'x') continue;
    if (it.code == 's' || it.code == 'p') {
      absl::string_view s;
      if (!AsBytesLike(rt, vals[vi], &s)) {
        return ErrorValue(rt, error, absl::StrCat("argument for '", std::string(1, it.code),
                                                  "' must be a bytes object"));
      }
      ++vi;
      int64_t n = it.count;
      if (it.code == 'p') {
        if (n == 0) continue;
        int64_t len = std::min<int64_t>(static_cast<int64_t>(s.size()), std::min<int64_t>(n - 1, 255));
        buf[it.offset] = static_cast<char>(len);
        std::memcpy(&buf[it.offset + 1], s.data(), len);
      } else {
        std::memcpy(&buf[it.offset], s.data(), std::min<int64_t>(n, s.size()));
      }
      continue;
    }
    for (int64_t k = 0; k < it.count; ++k, ++vi) {
      const Value& v = vals[vi];
      int64_t at = it.offset + k * it.size;
      switch (it.code) {
        case 'c': {
          absl::string_view s;
          if (!AsBytesLike(rt, v, &s) || s.size() != 1) {
            return ErrorValue(rt, error, "char format requires a bytes object of length 1");
          }
          buf[at] = s[0];
          break;
        }
        case '?': {
          int t = Truthy(rt, v);
          if (t < 0) return Value::Raised();
          buf[at] = static_cast<char>(t);
          break;
        }
        case 'e': case 'f': case 'd': {
          double d;
          if (!PackFloat(rt, error, v, &d)) return Value::Raised();
          if (it.code == 'd') {
            uint64_t bits;
            std::memcpy(&bits, &d, 8);
            Put(&buf, at, bits, 8, f.little);
          } else if (it.code == 'f') {
            float fl = static_cast<float>(d);
            if (std::isinf(fl) && !std::isinf(d)) {
              return rt.Raise(rt.exc().overflow_error, "float too large to pack with f format");
            }
            uint32_t bits;
            std::memcpy(&bits, &fl, 4);
            Put(&buf, at, bits, 4, f.little);
          } else {
            uint16_t h;
            if (!ToHalf(d, &h)) {
              return rt.Raise(rt.exc().overflow_error, "float too large to pack with e format");
            }
            Put(&buf, at, h, 2, f.little);
          }
          break;
        }
        default: {
          uint64_t u;
          if (!PackInt(rt, error, it, f, v, &u)) return Value::Raised();
          Put(&buf, at, u, it.size, f.little);
        }
      }
    }
  }
  return NewBytes(rt, std::move(buf));
}

Value Unpack(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 4 || !rt.IsStr(args[1]) || !args[3].is_int()) {
    return rt.Raise(rt.exc().type_error, "unpack(error, fmt, buffer, offset)");
  }
  const Value& error = args[0];
  Format f;
  if (!ParseFormat(rt, error, args[1].as<Str>()->view(), &f)) return Value::Raised();
  absl::string_view buf;
  if (!AsBytesLike(rt, args[2], &buf)) {
    return RaiseTypeName(rt, "a bytes-like object is required, not '", args[2], "'");
  }
  int64_t offset = args[3].as_int();
  int64_t n = static_cast<int64_t>(buf.size());
  if (offset < 0) {
    // unpack() passes -1 to ask for an exact-size buffer.
    if (n != f.size) {
      return ErrorValue(rt, error, absl::StrCat("unpack requires a buffer of ", f.size, " bytes"));
    }
    offset = 0;
  } else if (n - offset < f.size) {
    return ErrorValue(rt, error, absl::StrCat("unpack_from requires a buffer of at least ",
                                              f.size + offset, " bytes for unpacking ", f.size,
                                              " bytes at offset ", offset,
                                              " (actual buffer size is ", n, ")"));
  }
  buf.remove_prefix(offset);
  std::vector<Value> out;
  out.reserve(f.nvalues);
  for (const Item& it : f.items) {
    if (it.code == 'x') continue;
    if (it.code == 's') {
      out.push_back(NewBytes(rt, std::string(buf.substr(it.offset, it.count))));
      continue;
    }
    if (it.code == 'p') {
      int64_t len = it.count == 0 ? 0 : static_cast<unsigned char>(buf[it.offset]);
      len = std::min(len, std::max<int64_t>(it.count - 1, 0));
      out.push_back(NewBytes(rt, std::string(buf.substr(it.offset + 1, len))));
      continue;
    }
    for (int64_t k = 0; k < it.count; ++k) {
      int64_t at = it.offset + k * it.size;
      uint64_t u = Get(buf, at, it.size, f.little);
      switch (it.code) {
        case 'c': out.push_back(NewBytes(rt, std::string(1, buf[at]))); break;
        case '?': out.push_back(Value::Bool(u != 0)); break;
        case 'e': out.push_back(Value::Float(FromHalf(static_cast<uint16_t>(u)))); break;
        case 'f': {
          uint32_t bits = static_cast<uint32_t>(u);
          float fl;
          std::memcpy(&fl, &bits, 4);
          out.push_back(Value::Float(fl));
          break;
        }
        case 'd': {
          double d;
          std::memcpy(&d, &u, 8);
          out.push_back(Value::Float(d));
          break;
        }
        case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': {
          int shift = 64 - 8 * static_cast<int>(it.size);
          out.push_back(Value::Int(static_cast<int64_t>(u << shift) >> shift));
          break;
        }
        default:
          if (u > static_cast<uint64_t>(INT64_MAX)) {
            return rt.Raise(rt.exc().overflow_error,
                            "unsigned value too large for wick's 64-bit ints");
          }
          out.push_back(Value::Int(static_cast<int64_t>(u)));
      }
    }
  }
  return rt.NewTuple(std::move(out));
}

Value CalcSize(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 2 || !rt.IsStr(args[1])) return rt.Raise(rt.exc().type_error, "calcsize(error, fmt)");
  Format f;
  if (!ParseFormat(rt, args[0], args[1].as<Str>()->view(), &f)) return Value::Raised();
  return Value::Int(f.size);
}

// zlib.crc32: the reflected CRC-32 (polynomial 0xEDB88320) zip and PNG use.
Value Crc32(Runtime& rt, Args args, const KwArgs& kw) {
  absl::string_view data;
  if (args.size() != 2 || !AsBytesLike(rt, args[0], &data) || !args[1].is_int_like()) {
    if (args.size() >= 1 && !AsBytesLike(rt, args[0], &data)) {
      return RaiseTypeName(rt, "a bytes-like object is required, not '", args[0], "'");
    }
    return rt.Raise(rt.exc().type_error, "crc32(data, value=0)");
  }
  static uint32_t table[256];
  static bool ready = [] {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    return true;
  }();
  (void)ready;
  uint32_t crc = ~static_cast<uint32_t>(args[1].as_int());
  for (unsigned char b : data) crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8);
  return Value::Int(static_cast<uint32_t>(~crc));
}

}  // namespace

bool InitStructModule(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  struct Fn {
    const char* name;
    BuiltinFn fn;
  };
  for (const Fn& f : {Fn{"pack", &Pack}, Fn{"unpack", &Unpack}, Fn{"calcsize", &CalcSize},
                      Fn{"crc32", &Crc32}}) {
    d->SetStr(rt, rt.Intern(f.name), rt.NewBuiltinFunction(f.name, f.fn));
  }
  return true;
}

}  // namespace wick::vm
