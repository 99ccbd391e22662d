// wick::Object: conversions and calls, each failing with a status instead of assuming.
#include "api/object.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "api/internal/world.h"
#include "base/python_error.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick {
namespace {

absl::Status Invalid() {
  return absl::FailedPreconditionError("the wick::Object refers to no value");
}

absl::Status WrongType(const Object& o, absl::string_view wanted) {
  return TypeError(absl::StrCat("expected ", wanted, ", got ", o.type_name()));
}

}  // namespace

std::string Object::type_name() const {
  if (!valid()) return "<invalid>";
  return world_->rt.TypeOf(value_)->name();
}

bool Object::is_none() const { return valid() && value_.is_none(); }

bool Object::is_tensor() const {
  return valid() && vm::TensorOfObject(world_->rt, value_) != nullptr;
}

absl::StatusOr<Tensor> Object::ToTensor() const {
  if (!valid()) return Invalid();
  const Tensor* t = vm::TensorOfObject(world_->rt, value_);
  if (t == nullptr) return WrongType(*this, "Tensor");
  return *t;
}

absl::StatusOr<int64_t> Object::ToInt() const {
  if (!valid()) return Invalid();
  if (!value_.is_int_like()) return WrongType(*this, "int");
  return value_.as_int();
}

absl::StatusOr<double> Object::ToDouble() const {
  if (!valid()) return Invalid();
  if (value_.is_float()) return value_.as_float();
  if (value_.is_int_like()) return static_cast<double>(value_.as_int());
  return WrongType(*this, "float");
}

absl::StatusOr<bool> Object::ToBool() const {
  if (!valid()) return Invalid();
  if (!value_.is_bool()) return WrongType(*this, "bool");
  return value_.as_bool();
}

absl::StatusOr<std::string> Object::ToString() const {
  if (!valid()) return Invalid();
  if (!world_->rt.IsStr(value_)) return WrongType(*this, "str");
  return std::string(value_.as<vm::Str>()->view());
}

absl::StatusOr<std::vector<Object>> Object::ToList() const {
  if (!valid()) return Invalid();
  vm::Runtime& rt = world_->rt;
  const std::vector<vm::Value>* items = nullptr;
  if (rt.IsList(value_)) items = &value_.as<vm::List>()->items;
  if (rt.IsTuple(value_)) items = &value_.as<vm::Tuple>()->items;
  if (items == nullptr) return WrongType(*this, "list or tuple");
  std::vector<Object> out;
  out.reserve(items->size());
  for (const vm::Value& v : *items) out.push_back(Object(world_, v));
  return out;
}

std::string Object::Repr() const {
  if (!valid()) return "<invalid wick::Object>";
  std::string out;
  if (!vm::ReprString(world_->rt, value_, &out)) {
    return std::string(world_->PendingError().message());
  }
  return out;
}

absl::StatusOr<Object> Object::GetAttr(absl::string_view name) const {
  if (!valid()) return Invalid();
  return world_->Result(vm::GetAttr(world_->rt, value_, name));
}

absl::StatusOr<Object> Object::Call(std::vector<Object> args,
                                    std::vector<std::pair<std::string, Object>> kwargs) const {
  if (!valid()) return Invalid();
  vm::Runtime& rt = world_->rt;
  std::vector<vm::Value> values, names, kwvalues;
  values.reserve(args.size());
  for (const Object& a : args) {
    if (a.world_ != world_) {
      return absl::InvalidArgumentError("an argument belongs to another wick::Interpreter");
    }
    values.push_back(a.value_);
  }
  for (const auto& [name, value] : kwargs) {
    if (value.world_ != world_) {
      return absl::InvalidArgumentError("an argument belongs to another wick::Interpreter");
    }
    names.push_back(rt.NewStr(name));
    kwvalues.push_back(value.value_);
  }
  return world_->Result(vm::Call(rt, value_, values, vm::KwArgs(names, kwvalues)));
}

}  // namespace wick
