// Numeric builtins: abs, round, divmod, pow (with the 3-argument modular form), chr,
// ord, bin, oct, hex.
#include <cmath>
#include <cstdint>
#include <string>

#include "base/text.h"
#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

bool IsNumber(const Value& v) { return v.is_int_like() || v.is_float(); }

// Calls the dunder `name` of `v`'s type with `v` as self, or returns nullopt-like
// Raised() with nothing pending when the type has none.
Value CallDunder(Runtime& rt, const Value& v, absl::string_view name, Args extra) {
  const Value* fn = rt.TypeOf(v)->Lookup(name);
  if (fn == nullptr) return Value::Raised();
  std::vector<Value> args{v};
  args.insert(args.end(), extra.begin(), extra.end());
  Value f = *fn;
  return Call(rt, f, args);
}

Value AbsFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "abs", args, kw)) return Value::Raised();
  const Value& v = args[0];
  if (v.is_int_like()) {
    if (v.as_int() == INT64_MIN) return rt.Raise(rt.exc().overflow_error, "integer overflow");
    return Value::Int(v.as_int() < 0 ? -v.as_int() : v.as_int());
  }
  if (v.is_float()) return Value::Float(std::fabs(v.as_float()));
  Value r = CallDunder(rt, v, "__abs__", {});
  if (r.is_raised() && !rt.HasPending()) {
    return RaiseTypeName(rt, "bad operand type for abs(): '", v, "'");
  }
  return r;
}

// round(number, ndigits=None)
Value RoundFn(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!BindArgs(rt, "round", args, kw, {"number", "ndigits"}, 1, a)) return Value::Raised();
  return RoundNumber(rt, a[0], a[1].is_raised() ? nullptr : &a[1]);
}

Value DivmodFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "divmod", args, kw, 2, 2)) return Value::Raised();
  const Value& a = args[0];
  const Value& b = args[1];
  if (IsNumber(a) && IsNumber(b)) {
    Value q = BinaryOp(rt, BinOp::kFloorDiv, a, b);
    if (q.is_raised()) return q;
    Value r = BinaryOp(rt, BinOp::kMod, a, b);
    if (r.is_raised()) return r;
    return rt.NewTuple({std::move(q), std::move(r)});
  }
  Value r = CallDunder(rt, a, "__divmod__", {b});
  if (r.is_raised() && rt.HasPending()) return r;
  if (r.is_raised() || rt.IsNotImplemented(r)) {
    r = CallDunder(rt, b, "__rdivmod__", {a});
    if (r.is_raised() && rt.HasPending()) return r;
  }
  if (r.is_raised() || rt.IsNotImplemented(r)) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("unsupported operand type(s) for divmod(): '", TypeName(rt, a),
                                 "' and '", TypeName(rt, b), "'"));
  }
  return r;
}

int64_t MulMod(int64_t a, int64_t b, int64_t m) {
  return static_cast<int64_t>((static_cast<__int128>(a) * b) % m);
}

// The inverse of `a` modulo m (m > 0) by the extended Euclidean algorithm; false if
// gcd(a, m) != 1.
bool ModInverse(int64_t a, int64_t m, int64_t* out) {
  __int128 old_r = a, r = m, old_s = 1, s = 0;
  while (r != 0) {
    __int128 q = old_r / r;
    __int128 t = old_r - q * r;
    old_r = r;
    r = t;
    t = old_s - q * s;
    old_s = s;
    s = t;
  }
  if (old_r != 1) return false;
  __int128 inv = old_s % m;
  if (inv < 0) inv += m;
  *out = static_cast<int64_t>(inv);
  return true;
}

// pow(base, exp, mod) for ints: the result has the sign of `mod`, as in CPython.
Value PowMod(Runtime& rt, int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) return rt.Raise(rt.exc().value_error, "pow() 3rd argument cannot be 0");
  bool negative_mod = mod < 0;
  int64_t m = negative_mod ? -mod : mod;
  int64_t b = base % m;
  if (b < 0) b += m;
  if (exp < 0) {
    if (!ModInverse(b, m, &b)) {
      return rt.Raise(rt.exc().value_error, "base is not invertible for the given modulus");
    }
    exp = -exp;
  }
  int64_t result = 1 % m;
  while (exp > 0) {
    if (exp & 1) result = MulMod(result, b, m);
    b = MulMod(b, b, m);
    exp >>= 1;
  }
  if (negative_mod && result != 0) result -= m;
  return Value::Int(result);
}

// pow(base, exp, mod=None)
Value PowFn(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[3];
  if (!BindArgs(rt, "pow", args, kw, {"base", "exp", "mod"}, 2, a)) return Value::Raised();
  if (a[2].is_raised() || a[2].is_none()) return BinaryOp(rt, BinOp::kPow, a[0], a[1]);
  if (!a[0].is_int_like() || !a[1].is_int_like() || !a[2].is_int_like()) {
    return rt.Raise(rt.exc().type_error,
                    "pow() 3rd argument not allowed unless all arguments are integers");
  }
  return PowMod(rt, a[0].as_int(), a[1].as_int(), a[2].as_int());
}

void AppendUtf8(std::string* out, uint32_t cp) {
  base::AppendUtf8(static_cast<char32_t>(cp), out);
}

Value ChrFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "chr", args, kw)) return Value::Raised();
  int64_t cp;
  if (!AsIndex(rt, args[0], &cp,
               absl::StrCat("'", TypeName(rt, args[0]), "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  if (cp < 0 || cp >= 0x110000) {
    return rt.Raise(rt.exc().value_error, "chr() arg not in range(0x110000)");
  }
  std::string s;
  AppendUtf8(&s, static_cast<uint32_t>(cp));
  return rt.NewStr(std::move(s));
}

// Decodes UTF-8 text into code points (strs are UTF-8 bytes; see objects.h).
std::vector<uint32_t> CodePoints(absl::string_view s) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = n == 1 ? c : c & (0x3F >> (n - 1));
    for (int k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

Value OrdFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "ord", args, kw)) return Value::Raised();
  if (!rt.IsInstance(args[0], rt.types().str)) {
    return RaiseTypeName(rt, "ord() expected string of length 1, but ", args[0], " found");
  }
  std::vector<uint32_t> cps = CodePoints(StrOf(args[0]));
  if (cps.size() != 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("ord() expected a character, but string of length ",
                                 cps.size(), " found"));
  }
  return Value::Int(cps[0]);
}

// bin/oct/hex: Python's prefixed base forms, via the format mini-language.
Value BaseForm(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw,
               absl::string_view spec) {
  if (!OneArg(rt, name, args, kw)) return Value::Raised();
  int64_t v;
  if (!AsIndex(rt, args[0], &v,
               absl::StrCat("'", TypeName(rt, args[0]), "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  return Format(rt, Value::Int(v), spec);
}
Value BinFn(Runtime& rt, Args a, const KwArgs& k) { return BaseForm(rt, "bin", a, k, "#b"); }
Value OctFn(Runtime& rt, Args a, const KwArgs& k) { return BaseForm(rt, "oct", a, k, "#o"); }
Value HexFn(Runtime& rt, Args a, const KwArgs& k) { return BaseForm(rt, "hex", a, k, "#x"); }

}  // namespace

void InstallNumberBuiltins(Runtime& rt, Dict* b) {
  AddFunction(rt, b, "abs", &AbsFn);
  AddFunction(rt, b, "round", &RoundFn);
  AddFunction(rt, b, "divmod", &DivmodFn);
  AddFunction(rt, b, "pow", &PowFn);
  AddFunction(rt, b, "chr", &ChrFn);
  AddFunction(rt, b, "ord", &OrdFn);
  AddFunction(rt, b, "bin", &BinFn);
  AddFunction(rt, b, "oct", &OctFn);
  AddFunction(rt, b, "hex", &HexFn);
}

}  // namespace wick::vm::builtins
