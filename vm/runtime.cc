// Runtime: object allocation and teardown, the builtin type objects, interning and the
// pending exception.
#include "vm/runtime.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "vm/objects/bytes.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

// Fills the slots `dst` leaves null from its base type's.
void InheritSlots(TypeSlots& dst, const TypeSlots& base) {
  auto take = [](auto& d, const auto& b) {
    if (d == nullptr) d = b;
  };
  take(dst.repr, base.repr);
  take(dst.str, base.str);
  take(dst.hash, base.hash);
  take(dst.compare, base.compare);
  for (int i = 0; i < kNumBinOps; ++i) {
    take(dst.binary[i], base.binary[i]);
    take(dst.inplace[i], base.inplace[i]);
  }
  for (int i = 0; i < kNumUnaryOps; ++i) take(dst.unary[i], base.unary[i]);
  take(dst.truth, base.truth);
  take(dst.len, base.len);
  take(dst.iter, base.iter);
  take(dst.next, base.next);
  take(dst.getitem, base.getitem);
  take(dst.setitem, base.setitem);
  take(dst.contains, base.contains);
  take(dst.call, base.call);
  take(dst.getattr, base.getattr);
  take(dst.setattr, base.setattr);
  take(dst.descr_get, base.descr_get);
  take(dst.descr_set, base.descr_set);
  take(dst.format, base.format);
  take(dst.construct, base.construct);
}

void FreeObject(Object* o, Type* t) {
  delete o;
  if (t != nullptr) t->DecRef();
}

}  // namespace

void Object::Destroy(Object* o) {
  if (ABSL_PREDICT_FALSE(o->NeedsFinalize())) {
    o->refcount_ = 1;  // alive while it finalizes; freed (or kept) by this DecRef
    o->Finalize();
    o->DecRef();
    return;
  }
  // Freeing a container releases its items, which may free nested containers; past
  // this depth the frees are queued and done by the outermost call (CPython's
  // "trashcan"), so a million nested lists cannot overflow the C++ stack.
  constexpr int kMaxDepth = 200;
  static thread_local int depth = 0;
  static thread_local std::vector<Object*> deferred;
  o->prev->next = o->next;
  o->next->prev = o->prev;
  if (depth >= kMaxDepth) {
    deferred.push_back(o);
    return;
  }
  ++depth;
  FreeObject(o, o->type_);
  if (depth == 1) {
    while (!deferred.empty()) {
      Object* p = deferred.back();
      deferred.pop_back();
      FreeObject(p, p->type_);
    }
  }
  --depth;
}

Type::Type(std::string name, Type* base, Dict* dict, Layout layout)
    : name_(std::move(name)), base_(base), dict_(dict), layout_(layout) {
  mro_.push_back(this);
  if (base_ != nullptr) {
    base_->IncRef();
    slots_ = base_->slots_;
    base_->IncRef();
    bases_.push_back(base_);
    mro_.insert(mro_.end(), base_->mro_.begin(), base_->mro_.end());
  }
  LinkBases();
  if (dict_ != nullptr) dict_->set_type_dict();
}

void Type::LinkBases() {
  for (Type* b : bases_) b->subclasses_.push_back(this);
}

void Type::UnlinkBases() {
  for (Type* b : bases_) {
    auto& subs = b->subclasses_;
    subs.erase(std::remove(subs.begin(), subs.end(), this), subs.end());
  }
}

Type::~Type() {
  // A later type may reuse this address: drop cache entries keyed on it.
  InvalidateLookupCache();
  UnlinkBases();
  if (dict_ != nullptr) dict_->DecRef();
  if (base_ != nullptr) base_->DecRef();
  for (Type* b : bases_) b->DecRef();
}

void Type::ClearRefs() {
  InvalidateLookupCache();
  Dict* d = std::exchange(dict_, nullptr);
  Type* b = std::exchange(base_, nullptr);
  UnlinkBases();
  std::vector<Type*> bases = std::exchange(bases_, {});
  mro_.assign(1, this);
  if (d != nullptr) d->DecRef();
  if (b != nullptr) b->DecRef();
  for (Type* x : bases) x->DecRef();
}

void Type::SetBases(std::vector<Type*> bases, std::vector<Type*> mro) {
  InvalidateLookupCache();
  for (Type* b : bases) b->IncRef();
  UnlinkBases();
  std::vector<Type*> old = std::exchange(bases_, std::move(bases));
  LinkBases();
  mro_ = std::move(mro);
  for (Type* b : old) b->DecRef();
}

// The type attribute cache (CPython's idea, simplified): a direct-mapped table of
// (type, interned name) -> the value slot found along the base chain, or nullptr.
// Every entry is stamped with a global epoch that is bumped whenever a type dict gains
// or loses a key, or a type dies, so stale slots are never returned. Replacing a
// class attribute's value keeps its slot, so `Cls.x = v` invalidates nothing.
//
// Interpreters on different threads must not share entries, so each thread has its own
// table; the epoch stays process-wide so that a type dying on one thread also voids
// what another thread cached for a type that later reuses its address.
namespace {
struct LookupCacheEntry {
  const Type* type = nullptr;
  const Str* name = nullptr;
  uint64_t epoch = 0;
  const Value* found = nullptr;
};
constexpr size_t kLookupCacheSize = 4096;  // a power of two
std::atomic<uint64_t> g_lookup_epoch{1};  // entries start at 0, so never valid until filled

// A plain pointer, so reading it needs no TLS guard; the table is allocated on the
// thread's first lookup rather than being a 128 KiB static TLS block.
thread_local LookupCacheEntry* t_lookup_cache = nullptr;

struct ThreadLookupCacheOwner {
  ~ThreadLookupCacheOwner() { delete[] std::exchange(t_lookup_cache, nullptr); }
};

ABSL_ATTRIBUTE_NOINLINE LookupCacheEntry* NewThreadLookupCache() {
  thread_local ThreadLookupCacheOwner owner;  // frees the table when the thread exits
  t_lookup_cache = new LookupCacheEntry[kLookupCacheSize];
  return t_lookup_cache;
}
}  // namespace

void Type::InvalidateLookupCache() { g_lookup_epoch.fetch_add(1, std::memory_order_relaxed); }

namespace internal {
uint64_t TypeLookupEpoch() { return g_lookup_epoch.load(std::memory_order_relaxed); }
}  // namespace internal

const Value* Type::Lookup(Str* name) const {
  if (!name->interned()) return LookupChain(name);
  LookupCacheEntry* cache = t_lookup_cache;
  if (ABSL_PREDICT_FALSE(cache == nullptr)) cache = NewThreadLookupCache();
  uintptr_t h = (reinterpret_cast<uintptr_t>(this) >> 4) ^
                (reinterpret_cast<uintptr_t>(name) >> 3);
  LookupCacheEntry& e = cache[(h ^ (h >> 12)) & (kLookupCacheSize - 1)];
  // Read before the walk: a bump during it leaves the entry stale, never wrongly valid.
  const uint64_t epoch = g_lookup_epoch.load(std::memory_order_relaxed);
  if (e.epoch == epoch && e.type == this && e.name == name) return e.found;
  const Value* found = LookupChain(name);
  e = LookupCacheEntry{this, name, epoch, found};
  return found;
}

const Value* Type::LookupChain(Str* name) const {
  for (const Type* t : mro_) {
    if (t->dict_ == nullptr) continue;
    if (const Value* v = t->dict_->GetStr(name)) return v;
  }
  return nullptr;
}

const Value* Type::Lookup(absl::string_view name) const {
  for (const Type* t : mro_) {
    if (t->dict_ == nullptr) continue;
    if (const Value* v = t->dict_->GetStr(name)) return v;
  }
  return nullptr;
}

absl::string_view KwArgs::name(size_t i) const { return names_[i].as<Str>()->view(); }

const Value* KwArgs::Find(absl::string_view name) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i].as<Str>()->view() == name) return &values_[i];
  }
  return nullptr;
}

Runtime::Runtime() {
  all_.prev = all_.next = &all_;
  mid_.prev = mid_.next = &mid_;
  old_.prev = old_.next = &old_;
  untracked_.prev = untracked_.next = &untracked_;
  permanent_.prev = permanent_.next = &permanent_;
  InitTypes();
}

Runtime::~Runtime() { Teardown(); }

void Runtime::Track(Object* o, Type* type) {
  o->type_ = type;
  if (type != nullptr) type->IncRef();
  o->next = &all_;
  o->prev = all_.prev;
  all_.prev->next = o;
  all_.prev = o;
  if (type != types_.str) ++gc_.allocations;  // strs hold no references
}

void Runtime::SetType(Object* o, Type* type) {
  type->IncRef();
  Type* old = o->type_;
  o->type_ = type;
  if (old != nullptr) old->DecRef();
}

void Runtime::Teardown() {
  *alive_ = false;  // HeldValues still around must not touch what is freed below
  pending_ = Value();
  error_types_.clear();
  empty_tuple_ = empty_str_ = not_implemented_ = ellipsis_ = Value();
  // Pin every object, break every reference between objects, then free them all: no
  // object reaches refcount zero before the final loop, so order does not matter.
  std::vector<Object*> all;
  for (ObjectLink* head : {&permanent_, &old_, &mid_, &untracked_, &all_}) {
    for (ObjectLink* l = head->next; l != head; l = l->next) all.push_back(static_cast<Object*>(l));
  }
  for (Object* o : all) o->IncRef();
  for (Object* o : all) o->ClearRefs();
  for (Object* o : all) delete o;
  all_.prev = all_.next = &all_;
  mid_.prev = mid_.next = &mid_;
  old_.prev = old_.next = &old_;
  untracked_.prev = untracked_.next = &untracked_;
  permanent_.prev = permanent_.next = &permanent_;
  interned_.clear();
}

int64_t Runtime::LiveObjectCount() const {
  int64_t n = YoungObjectCount();
  for (const ObjectLink* l = permanent_.next; l != &permanent_; l = l->next) ++n;
  return n;
}

void Runtime::InitTypes() {
  // Bootstrap: `type`, `object` and `dict` must exist before any type has its dict.
  std::vector<Type*> created;
  auto make = [&](absl::string_view name, Type* base, Layout layout) {
    Type* t = new Type(std::string(name), base, nullptr, layout);
    Track(t, nullptr);
    created.push_back(t);
    return t;
  };
  Type* object = make("object", nullptr, Layout::kObject);
  types_.object = object;
  types_.type = make("type", object, Layout::kType);
  types_.dict = make("dict", object, Layout::kDict);
  types_.str = make("str", object, Layout::kStr);
  types_.none = make("NoneType", object, Layout::kNone);
  types_.int_ = make("int", object, Layout::kInt);
  types_.bool_ = make("bool", types_.int_, Layout::kBool);
  types_.float_ = make("float", object, Layout::kFloat);
  types_.tuple = make("tuple", object, Layout::kTuple);
  types_.list = make("list", object, Layout::kList);
  types_.set = make("set", object, Layout::kSet);
  types_.frozenset = make("frozenset", object, Layout::kSet);
  types_.complex = make("complex", object, Layout::kOther);
  types_.bytes = make("bytes", object, Layout::kOther);
  types_.bytearray = make("bytearray", object, Layout::kOther);
  types_.member_descriptor = make("member_descriptor", object, Layout::kOther);
  types_.range = make("range", object, Layout::kRange);
  types_.slice = make("slice", object, Layout::kSlice);
  types_.cell = make("cell", object, Layout::kOther);
  types_.module = make("module", object, Layout::kOther);
  types_.builtin_function = make("builtin_function_or_method", object, Layout::kOther);
  types_.bound_method = make("method", object, Layout::kOther);
  types_.not_implemented = make("NotImplementedType", object, Layout::kOther);
  types_.ellipsis = make("ellipsis", object, Layout::kOther);
  types_.dict_keys = make("dict_keys", object, Layout::kOther);
  types_.dict_values = make("dict_values", object, Layout::kOther);
  types_.dict_items = make("dict_items", object, Layout::kOther);
  types_.seq_iterator = make("iterator", object, Layout::kOther);
  types_.list_reverseiterator = make("list_reverseiterator", object, Layout::kOther);
  types_.range_iterator = make("range_iterator", object, Layout::kOther);
  types_.dict_keyiterator = make("dict_keyiterator", object, Layout::kOther);
  types_.dict_valueiterator = make("dict_valueiterator", object, Layout::kOther);
  types_.dict_itemiterator = make("dict_itemiterator", object, Layout::kOther);
  types_.set_iterator = make("set_iterator", object, Layout::kOther);
  types_.str_iterator = make("str_ascii_iterator", object, Layout::kOther);
  types_.enumerate = make("enumerate", object, Layout::kOther);
  types_.zip = make("zip", object, Layout::kOther);
  types_.map = make("map", object, Layout::kOther);
  types_.filter = make("filter", object, Layout::kOther);
  types_.reversed = make("reversed", object, Layout::kOther);
  types_.call_iterator = make("callable_iterator", object, Layout::kOther);
  types_.code = make("code", object, Layout::kOther);
  types_.function = make("function", object, Layout::kOther);
  types_.staticmethod = make("staticmethod", object, Layout::kOther);
  types_.classmethod = make("classmethod", object, Layout::kOther);
  types_.property = make("property", object, Layout::kOther);
  types_.super_ = make("super", object, Layout::kOther);
  types_.getset_descriptor = make("getset_descriptor", object, Layout::kOther);
  types_.classmethod_descriptor = make("classmethod_descriptor", object, Layout::kOther);
  types_.generic_alias = make("GenericAlias", object, Layout::kOther);
  types_.union_type = make("UnionType", object, Layout::kOther);
  // Each exception class becomes a local named after its field, so the X-macro's
  // base column resolves to an already created class (or `object`).
#define WICK_X(field, name, base) \
  [[maybe_unused]] Type* field = exc_.field = make(name, base, Layout::kException);
  WICK_VM_EXCEPTION_TYPES(WICK_X)
#undef WICK_X
  for (Type* t : created) {
    t->type_ = types_.type;
    types_.type->IncRef();
    t->dict_ = Alloc<Dict>(types_.dict);
    t->dict_->set_type_dict();
  }
  // Subclassing builtin scalars, str and set is not supported yet (their constructors
  // build exact-type objects); object, exceptions, list, tuple and dict are
  // (vm/objects/subclass.h).
  for (Type* t : {types_.int_, types_.float_, types_.str, types_.set, types_.frozenset,
                  types_.complex, types_.member_descriptor, types_.bytes,
                  types_.bytearray,
                  types_.bool_, types_.none, types_.range, types_.slice, types_.cell,
                  types_.builtin_function, types_.bound_method, types_.not_implemented,
                  types_.ellipsis, types_.code, types_.function, types_.staticmethod,
                  types_.classmethod, types_.property, types_.super_,
                  types_.getset_descriptor, types_.classmethod_descriptor}) {
    t->set_base_type(false);
  }

#define WICK_X(field, text) names_.field = Intern(text);
  WICK_VM_NAMES(WICK_X)
#undef WICK_X
  empty_tuple_ = Value::Steal(Alloc<Tuple>(types_.tuple, std::vector<Value>{}));
  empty_str_ = Value::Borrow(Intern(""));
  not_implemented_ =
      Value::Steal(Alloc<Singleton>(types_.not_implemented, "NotImplemented"));
  ellipsis_ = Value::Steal(Alloc<Singleton>(types_.ellipsis, "Ellipsis"));

  internal::InitObjectType(*this);
  internal::InitDescriptorTypes(*this);
  internal::InitNumberTypes(*this);
  internal::InitStrType(*this);
  internal::InitStrMethods(*this);
  internal::InitTupleType(*this);
  internal::InitListType(*this);
  internal::InitDictType(*this);
  internal::InitSetType(*this);
  internal::InitComplexType(*this);
  internal::InitBytesTypes(*this);
  internal::InitRangeSliceTypes(*this);
  internal::InitIteratorTypes(*this);
  internal::InitFunctionTypes(*this);
  internal::InitAliasTypes(*this);
  internal::InitSubclassSupport(*this);
  internal::InitExceptionTypes(*this);
  for (Type* t : created) {
    if (t->base() != nullptr) {
      // A constructor is only inherited by types with the base's C++ layout.
      auto own_construct = t->slots_.construct;
      InheritSlots(t->slots_, t->base()->slots_);
      if (t->layout() != t->base()->layout()) t->slots_.construct = own_construct;
    }
    // Not on object: every instance of a user class would find it (CPython's
    // instances have no __name__); types answer __name__ themselves (TypeGetAttr).
    if (t != types_.object) t->dict()->SetStr(*this, names_.name, NewStr(t->name()));
  }
}

Str* Runtime::Intern(absl::string_view s) {
  auto it = interned_.find(s);
  if (it != interned_.end()) return it->second;
  Str* str = Alloc<Str>(types_.str, std::string(s));
  str->set_interned();
  interned_.emplace(std::string(s), str);
  return str;
}

Value Runtime::NewStr(absl::string_view s) {
  if (s.empty() && !empty_str_.is_none()) return empty_str_;
  return Value::Steal(Alloc<Str>(types_.str, std::string(s)));
}
Value Runtime::NewStr(std::string&& s) {
  if (s.empty() && !empty_str_.is_none()) return empty_str_;
  return Value::Steal(Alloc<Str>(types_.str, std::move(s)));
}
Value Runtime::NewTuple(std::vector<Value> items) {
  if (items.empty() && !empty_tuple_.is_none()) return empty_tuple_;
  return Value::Steal(Alloc<Tuple>(types_.tuple, std::move(items)));
}
Value Runtime::NewList(std::vector<Value> items) {
  return Value::Steal(Alloc<List>(types_.list, std::move(items)));
}
Value Runtime::NewDict() { return Value::Steal(Alloc<Dict>(types_.dict)); }
Value Runtime::NewSet() { return Value::Steal(Alloc<Set>(types_.set)); }
Value Runtime::NewRange(int64_t start, int64_t stop, int64_t step) {
  return Value::Steal(Alloc<Range>(types_.range, start, stop, step));
}
Value Runtime::NewSlice(Value start, Value stop, Value step) {
  return Value::Steal(
      Alloc<Slice>(types_.slice, std::move(start), std::move(stop), std::move(step)));
}
Value Runtime::NewCell(Value v) { return Value::Steal(Alloc<Cell>(types_.cell, std::move(v))); }
Value Runtime::NewModule(absl::string_view name) {
  Dict* d = Alloc<Dict>(types_.dict);
  d->SetStr(*this, names_.name, NewStr(name));
  return Value::Steal(Alloc<Module>(types_.module, std::string(name), d));
}
Value Runtime::NewBoundMethod(Value self, Value func) {
  return Value::Steal(Alloc<BoundMethod>(types_.bound_method, std::move(self), std::move(func)));
}
Value Runtime::NewBuiltinFunction(absl::string_view name, BuiltinFn fn) {
  return Value::Steal(
      Alloc<BuiltinFunction>(types_.builtin_function, std::string(name), fn, nullptr));
}

void Runtime::AddMethod(Type* type, absl::string_view name, BuiltinFn fn) {
  Value f = Value::Steal(
      Alloc<BuiltinFunction>(types_.builtin_function, std::string(name), fn, type));
  type->dict()->SetStr(*this, Intern(name), std::move(f));
}

void Runtime::AddFunction(Dict* dict, absl::string_view name, BuiltinFn fn) {
  dict->SetStr(*this, Intern(name), NewBuiltinFunction(name, fn));
}

Type* Runtime::NewBuiltinType(absl::string_view name, Type* base, Layout layout) {
  Type* t = Alloc<Type>(types_.type, std::string(name), base, Alloc<Dict>(types_.dict),
                        layout);
  t->dict()->SetStr(*this, names_.name, NewStr(name));
  return t;
}

Value Runtime::NewException(Type* type, std::vector<Value> args) {
  return Value::Steal(Alloc<ExceptionObject>(type, NewTuple(std::move(args))));
}

Value Runtime::Raise(Type* type, absl::string_view message) {
  pending_ = NewException(type, {NewStr(message)});
  return Value::Raised();
}

namespace {

// This thread's stack bottom (lowest address) and the floor frames may not go below:
// the bottom plus a reserve for the C++ work a frame does without entering another
// frame (printing a traceback, tracing, running a graph). {0, 0} when unknown.
std::pair<uintptr_t, uintptr_t> CurrentNativeStack() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return {0, 0};
  void* bottom = nullptr;
  size_t size = 0;
  const bool ok = pthread_attr_getstack(&attr, &bottom, &size) == 0;
  pthread_attr_destroy(&attr);
  if (!ok || bottom == nullptr) return {0, 0};
  const size_t reserve = std::min<size_t>(size / 4, size_t{1} << 20);
  const auto b = reinterpret_cast<uintptr_t>(bottom);
  return {b, b + reserve};
}

}  // namespace

bool Runtime::NativeStackLow() const {
  static thread_local const std::pair<uintptr_t, uintptr_t> stack = CurrentNativeStack();
  const auto sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  return sp >= stack.first && sp < stack.second;
}

bool Runtime::EnterRecursiveCall(absl::string_view where) {
  if (native_depth_ >= native_limit_ || NativeStackLow()) {
    Raise(exc_.recursion_error, absl::StrCat("maximum recursion depth exceeded", where));
    return false;
  }
  ++native_depth_;
  return true;
}

Value Runtime::RaiseNoMemory() {
  pending_ = NewException(exc_.memory_error, {});
  return Value::Raised();
}

Value Runtime::RaiseKeyError(const Value& key) {
  pending_ = NewException(exc_.key_error, {key});
  return Value::Raised();
}

Value Runtime::RaiseValue(Value exc) {
  if (exc.is_object() && exc.object()->type()->layout() == Layout::kType &&
      exc.as<Type>()->IsSubtypeOf(exc_.base_exception)) {
    Value inst = Call(*this, exc, {});
    if (inst.is_raised()) return inst;
    exc = std::move(inst);
  }
  if (!IsInstance(exc, exc_.base_exception)) {
    return Raise(exc_.type_error, "exceptions must derive from BaseException");
  }
  pending_ = std::move(exc);
  return Value::Raised();
}

Value Runtime::RaiseStatus(const absl::Status& s) {
  std::string name = PythonErrorType(s);
  Type* type = exc_.runtime_error;
#define WICK_X(field, text, base) \
  if (name == text) type = exc_.field;
  WICK_VM_EXCEPTION_TYPES(WICK_X)
#undef WICK_X
  if (auto it = error_types_.find(name); it != error_types_.end()) {
    type = it->second.as<Type>();
  }
  return Raise(type, s.message());
}

void Runtime::RegisterErrorType(absl::string_view name, Value type) {
  error_types_[std::string(name)] = std::move(type);
}

bool Runtime::ExceptionMatches(const Type* type) const {
  return pending_.is_object() && TypeOf(pending_)->IsSubtypeOf(type);
}

std::string Runtime::PendingMessage() {
  if (!HasPending()) return "";
  Value e = FetchException();
  std::string out = TypeOf(e)->name();
  Value s = internal::ExceptionStr(*this, e);
  if (s.is_raised()) {
    ClearException();
    return out;
  }
  if (!internal::StrView(s).empty()) absl::StrAppend(&out, ": ", internal::StrView(s));
  return out;
}

bool Runtime::ReprEnter(Object* o) {
  for (Object* p : repr_stack_) {
    if (p == o) return false;
  }
  repr_stack_.push_back(o);
  return true;
}

void Runtime::ReprLeave(Object* o) {
  for (size_t i = repr_stack_.size(); i-- > 0;) {
    if (repr_stack_[i] == o) {
      repr_stack_.erase(repr_stack_.begin() + i);
      return;
    }
  }
}

}  // namespace wick::vm
