// Source construction, upstream's printed names and structural equality.
#include "guards/source.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "guards/internal/repr.h"

namespace wick::guards {

SourcePtr Source::Make(Kind kind, std::string name, int64_t index, bool str_key,
                       SourcePtr base) {
  auto s = std::make_shared<Source>();
  s->kind_ = kind;
  s->name_ = std::move(name);
  s->index_ = index;
  s->str_key_ = str_key;
  s->base_ = std::move(base);
  return s;
}

SourcePtr Source::Local(std::string name, int32_t index) {
  return Make(Kind::kLocal, std::move(name), index, false, nullptr);
}
SourcePtr Source::Cell(std::string name, int32_t index) {
  return Make(Kind::kCell, std::move(name), index, false, nullptr);
}
SourcePtr Source::Stack(int32_t index) {
  return Make(Kind::kStack, absl::StrCat("___stack", index), index, false, nullptr);
}
SourcePtr Source::Global(std::string name) {
  return Make(Kind::kGlobal, std::move(name), 0, false, nullptr);
}
SourcePtr Source::Attr(SourcePtr base, std::string name) {
  return Make(Kind::kAttr, std::move(name), 0, false, std::move(base));
}
SourcePtr Source::Item(SourcePtr base, int64_t index) {
  return Make(Kind::kItem, "", index, false, std::move(base));
}
SourcePtr Source::StrItem(SourcePtr base, std::string key) {
  return Make(Kind::kItem, std::move(key), 0, true, std::move(base));
}

std::string Source::Name() const {
  switch (kind_) {
    case Kind::kLocal:
    case Kind::kStack:
    case Kind::kCell:  // upstream reads cells through f_locals too: L['name']
      return absl::StrCat("L[", internal::StrRepr(name_), "]");
    case Kind::kGlobal:
      return absl::StrCat("G[", internal::StrRepr(name_), "]");
    case Kind::kAttr:
      return absl::StrCat(base_->Name(), ".", name_);
    case Kind::kItem:
      if (str_key_) return absl::StrCat(base_->Name(), "[", internal::StrRepr(name_), "]");
      return absl::StrCat(base_->Name(), "[", index_, "]");
  }
  return "";
}

std::string Source::RootName() const {
  const Source* s = this;
  while (s->base_ != nullptr) s = s->base_.get();
  return s->name_;
}

bool Source::operator==(const Source& o) const {
  if (this == &o) return true;
  if (kind_ != o.kind_ || name_ != o.name_ || index_ != o.index_ || str_key_ != o.str_key_) {
    return false;
  }
  if ((base_ == nullptr) != (o.base_ == nullptr)) return false;
  return base_ == nullptr || *base_ == *o.base_;
}

}  // namespace wick::guards
