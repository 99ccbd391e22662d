// _wick_random: the native half of `random` (vm/stdlib/random.py has the Random class
// and every distribution, as CPython's random.py does over _random):
//   new(type) -> generator      seed_int(g, n)   seed_str(g, s)
//   random(g) -> float          getrandbits(g, k) for 0 <= k <= 63
//   getstate(g) -> 625 ints     setstate(g, tuple of 625 ints)
#include <array>

#include "absl/strings/str_cat.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/stdlib/mersenne_twister.h"
#include "vm/stdlib/native_modules.h"

namespace wick::vm {
namespace {

struct Generator : public Object {
  random::MersenneTwister mt;
};

// The generator in args[0] with `n` arguments in all, or nullptr after raising.
Generator* Self(Runtime& rt, Args args, const KwArgs& kw, size_t n, const char* what) {
  Generator* g = !args.empty() && args[0].is_object()
                     ? dynamic_cast<Generator*>(args[0].object())
                     : nullptr;
  if (g == nullptr || args.size() != n || !kw.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrCat("_wick_random.", what, ": bad arguments"));
    return nullptr;
  }
  return g;
}

Value New(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !kw.empty() || !rt.IsInstance(args[0], rt.types().type)) {
    return rt.Raise(rt.exc().type_error, "new(type)");
  }
  return Value::Steal(rt.Alloc<Generator>(args[0].as<Type>()));
}

Value SeedInt(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 2, "seed_int");
  if (g == nullptr) return Value::Raised();
  if (!args[1].is_int_like()) return rt.Raise(rt.exc().type_error, "seed_int needs an int");
  g->mt.SeedInt(args[1].as_int());
  return Value::None();
}

Value SeedStr(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 2, "seed_str");
  if (g == nullptr) return Value::Raised();
  if (!rt.IsStr(args[1])) return rt.Raise(rt.exc().type_error, "seed_str needs a str");
  g->mt.SeedStr(args[1].as<Str>()->view());
  return Value::None();
}

Value Random(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 1, "random");
  if (g == nullptr) return Value::Raised();
  return Value::Float(g->mt.NextDouble());
}

Value GetRandBits(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 2, "getrandbits");
  if (g == nullptr) return Value::Raised();
  if (!args[1].is_int_like()) {
    return rt.Raise(rt.exc().type_error, "'float' object cannot be interpreted as an integer");
  }
  int64_t k = args[1].as_int();
  if (k < 0) return rt.Raise(rt.exc().value_error, "number of bits must be non-negative");
  if (k > 63) {
    return rt.Raise(rt.exc().overflow_error,
                    "getrandbits(k) with k > 63 is not supported by wick (64-bit ints)");
  }
  return Value::Int(static_cast<int64_t>(g->mt.GetRandBits(static_cast<int>(k))));
}

Value GetState(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 1, "getstate");
  if (g == nullptr) return Value::Raised();
  std::vector<Value> items;
  items.reserve(random::MersenneTwister::kN + 1);
  for (uint32_t w : g->mt.words()) items.push_back(Value::Int(w));
  items.push_back(Value::Int(g->mt.index()));
  return rt.NewTuple(std::move(items));
}

Value SetState(Runtime& rt, Args args, const KwArgs& kw) {
  Generator* g = Self(rt, args, kw, 2, "setstate");
  if (g == nullptr) return Value::Raised();
  constexpr int kN = random::MersenneTwister::kN;
  if (!rt.IsTuple(args[1]) || args[1].as<Tuple>()->items.size() != kN + 1) {
    return rt.Raise(rt.exc().value_error, "state vector is the wrong size");
  }
  const std::vector<Value>& items = args[1].as<Tuple>()->items;
  std::array<uint32_t, kN> words;
  for (int i = 0; i <= kN; ++i) {
    if (!items[i].is_int_like() || items[i].as_int() < 0 || items[i].as_int() > 0xffffffffLL) {
      return rt.Raise(rt.exc().overflow_error, "Python int too large to convert to C long");
    }
    if (i < kN) words[i] = static_cast<uint32_t>(items[i].as_int());
  }
  if (!g->mt.SetState(words, static_cast<int>(items[kN].as_int()))) {
    return rt.Raise(rt.exc().value_error, "invalid state");
  }
  return Value::None();
}

}  // namespace

bool InitRandomModule(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  Type* t = rt.NewBuiltinType("Generator", rt.types().object, Layout::kOther);
  t->set_base_type(false);
  d->SetStr(rt, rt.Intern("Generator"), Value::Steal(t));
  struct Fn {
    const char* name;
    BuiltinFn fn;
  };
  for (const Fn& f : {Fn{"new", &New}, Fn{"seed_int", &SeedInt}, Fn{"seed_str", &SeedStr},
                      Fn{"random", &Random}, Fn{"getrandbits", &GetRandBits},
                      Fn{"getstate", &GetState}, Fn{"setstate", &SetState}}) {
    d->SetStr(rt, rt.Intern(f.name), rt.NewBuiltinFunction(f.name, f.fn));
  }
  return true;
}

}  // namespace wick::vm
