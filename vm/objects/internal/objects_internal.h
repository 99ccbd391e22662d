// Helpers shared by the builtin type implementations in vm/objects/: each type's
// initialiser (fills slots and methods on the Runtime's type object), argument
// unpacking with Python's error texts, and small accessors.
#ifndef WICK_VM_OBJECTS_INTERNAL_OBJECTS_INTERNAL_H_
#define WICK_VM_OBJECTS_INTERNAL_OBJECTS_INTERNAL_H_

#include <cstdint>
#include <initializer_list>
#include <string>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm::internal {

// Type initialisers, called once by the Runtime after all type objects exist.
void InitObjectType(Runtime& rt);
void InitNumberTypes(Runtime& rt);
void InitNumberMethods(Runtime& rt);  // called by InitNumberTypes
void InitStrType(Runtime& rt);
void InitStrMethods(Runtime& rt);
void InitStrCaseMethods(Runtime& rt);  // called by InitStrMethods
void InitTupleType(Runtime& rt);
void InitListType(Runtime& rt);
void InitDictType(Runtime& rt);
void InitSetType(Runtime& rt);
void InitComplexType(Runtime& rt);
void InitRangeSliceTypes(Runtime& rt);
void InitIteratorTypes(Runtime& rt);
void InitFunctionTypes(Runtime& rt);
void InitExceptionTypes(Runtime& rt);
void InitDescriptorTypes(Runtime& rt);
void InitAliasTypes(Runtime& rt);  // generic_alias.cc
// class_new.cc: the pieces of class creation (CPython's type_new) that raise as it does.
Type* CalculateMetaclass(Runtime& rt, Type* meta, absl::Span<Type* const> bases);
// The most derived of `meta` and `metas` (the types of the bases), or nullptr after
// raising CPython's "metaclass conflict" TypeError.
Type* WinningMetaclass(Runtime& rt, Type* meta, absl::Span<Type* const> metas);
Type* BestBase(Runtime& rt, absl::Span<Type* const> bases);
bool ComputeMro(Runtime& rt, Type* t, absl::Span<Type* const> bases, std::vector<Type*>* out);
// type.__new__(meta, name, bases, ns, **kw) after `meta`: the class, its __classcell__
// filled, __set_name__ called and __init_subclass__(**kw) run.
Value TypeNew(Runtime& rt, Type* meta, Args args, const KwArgs& kw);
// type.__getattribute__: attribute lookup on a class (its MRO, then its metaclass's).
Value TypeGetAttr(Runtime& rt, const Value& v, Str* name);
// TypeError "Can't instantiate abstract class X with abstract methods f, g".
Value RaiseAbstractInstantiation(Runtime& rt, Type* cls);
void InitSubclassSupport(Runtime& rt);  // subclass.cc: __new__, __init__, dunder wrappers

// types.GenericAlias and types.UnionType (generic_alias.cc).
bool IsAlias(Runtime& rt, const Value& v);  // either of them
Value NewGenericAlias(Runtime& rt, Value origin, Value args);
// A UnionType's args tuple (borrowed), or nullptr for anything else.
const Value* UnionArgs(Runtime& rt, const Value& v);

// Builtin-type descriptors (descriptor.cc). AddGetter puts a read-only computed
// attribute on `type` (CPython's getset_descriptor: `(5).real`); AddClassMethod a
// method that receives the class as args[0] (`dict.fromkeys`).
using GetterFn = Value (*)(Runtime& rt, const Value& self);
void AddGetter(Runtime& rt, Type* type, absl::string_view name, GetterFn get);
// A member_descriptor for the __slots__ entry `name` of a class: reads and writes the
// attribute (Instance::slot_values, apart from __dict__), AttributeError while unset.
void AddMemberDescriptor(Runtime& rt, Type* type, absl::string_view name);
// The attribute dict slot of an object that has one (attribute.cc), else nullptr.
Dict** ObjectDictSlot(Runtime& rt, Object* o);
void AddClassMethod(Runtime& rt, Type* type, absl::string_view name, BuiltinFn fn);

inline Str* AsStr(const Value& v) { return v.as<Str>(); }
inline absl::string_view StrView(const Value& v) { return v.as<Str>()->view(); }
inline std::vector<Value>& TupleItems(const Value& v) { return v.as<Tuple>()->items; }
inline std::vector<Value>& ListItems(const Value& v) { return v.as<List>()->items; }

// Checks positional/keyword arguments against `names` (all positional-or-keyword;
// the first `required` are mandatory) and writes them to out[0..names.size()); missing
// optional ones are left Raised(). `fname` names the function in error texts.
bool UnpackArgs(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kwargs,
                std::initializer_list<absl::string_view> names, int required, Value* out);
// For builtins that take no keyword arguments: "append() takes no keyword arguments".
bool NoKwargs(Runtime& rt, absl::string_view fname, const KwArgs& kwargs);
// Exact positional count ranges with CPython's common texts.
bool CheckArgCount(Runtime& rt, absl::string_view fname, Args args, size_t min,
                   size_t max);

// Python's index normalisation for sequences of length n: false if out of range.
inline bool NormalizeIndex(int64_t* i, int64_t n) {
  if (*i < 0) *i += n;
  return *i >= 0 && *i < n;
}
// slice.indices(n): clamps start/stop and gives the step; false after raising.
bool SliceIndices(Runtime& rt, const Slice& s, int64_t n, int64_t* start, int64_t* stop,
                  int64_t* step, int64_t* count);

// Sequence helpers shared by list and tuple.
Value SequenceRepr(Runtime& rt, const std::vector<Value>& items, absl::string_view open,
                   absl::string_view close, bool one_tuple);
// Lexicographic comparison of two item vectors (Python's list/tuple rich compare).
Value SequenceCompare(Runtime& rt, const std::vector<Value>& a,
                      const std::vector<Value>& b, CmpOp op);
// CPython's xxHash-based tuple hash.
bool TupleHash(Runtime& rt, const std::vector<Value>& items, int64_t* out);
// Copies a slice of `items` (start/step/count from SliceIndices).
std::vector<Value> SliceItems(const std::vector<Value>& items, int64_t start,
                              int64_t step, int64_t count);

// Numeric helpers (number.cc).
int64_t HashInt(int64_t v);
int64_t HashDouble(double d);
// Python's int(x) and float(x) conversions of a single argument.
Value IntFromValue(Runtime& rt, const Value& v, int64_t base, bool has_base);
Value FloatFromValue(Runtime& rt, const Value& v);
// Parses Python int literal text (with optional sign, underscores, base prefix).
bool ParseInt(absl::string_view s, int base, int64_t* out, bool* overflow);
bool ParseFloat(absl::string_view s, double* out);
// float repr (float_format.cc).
std::string FloatRepr(double d);
// round(x, ndigits) for floats with correct rounding.
double RoundDouble(double x, int64_t ndigits);

// Format-spec mini-language (format_spec.cc). Return Raised after raising.
Value FormatInt(Runtime& rt, int64_t v, absl::string_view spec);
Value FormatFloat(Runtime& rt, double v, absl::string_view spec);
Value FormatStr(Runtime& rt, absl::string_view v, absl::string_view spec);

// printf-style `str % args` (str_format.cc) and str.format.
Value StrPercentFormat(Runtime& rt, absl::string_view fmt, const Value& args);
Value StrFormatMethod(Runtime& rt, Args args, const KwArgs& kwargs);

// Python's repr of a str (quote choice and escapes).
std::string StrRepr(absl::string_view s);

// Iterator constructors (iterators.cc).
Value NewSeqIterator(Runtime& rt, Value seq);
Value NewListReverseIterator(Runtime& rt, Value list);
Value NewDictIterator(Runtime& rt, Type* kind, Value dict);
Value NewSetIterator(Runtime& rt, Value set);
Value NewDictView(Runtime& rt, Type* kind, Value dict);

// `key in dict` for a dict Value: 1, 0, -1.
int DictContainsKey(Runtime& rt, const Value& dict, const Value& key);
// The hash slot of unhashable builtins (list, dict, set): raises TypeError.
bool UnhashableSlot(Runtime& rt, const Value& v, int64_t* out);

// User-class slots (instance.cc): installs dunder-calling slots for `type`'s own dict.
void InstallDunderSlots(Runtime& rt, Type* type);

// Exceptions (exception.cc): str(e) as Python prints it.
Value ExceptionStr(Runtime& rt, const Value& e);

}  // namespace wick::vm::internal

#endif  // WICK_VM_OBJECTS_INTERNAL_OBJECTS_INTERNAL_H_
