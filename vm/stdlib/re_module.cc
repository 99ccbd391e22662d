// _wick_re: the native half of `re` (vm/stdlib/re.py holds Pattern, Match, sub, split):
//   compile(pattern, flags) -> (regex, flags, groups, {name: number}, close_order)
//                              or (None, message, position) for re.error
//   match(regex, string, pos, endpos, mode) -> (start0, end0, start1, end1, ...) in code
//                              points (-1 for a group that did not take part), or None;
//                              mode 0 = search, 1 = match (anchored), 2 = fullmatch
// Patterns are translated to RE2 by re_translate.cc; RE2 works on UTF-8 bytes, so
// offsets are mapped to code points here.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "re2/re2.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/objects/unicode.h"
#include "vm/stdlib/native_modules.h"
#include "vm/stdlib/re_translate.h"

namespace wick::vm {
namespace {

struct Regex : public Object {
  std::unique_ptr<RE2> re;
  int groups = 0;
  bool bare_dollar = false;
  bool has_end_z = false;
};

Value Compile(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 3 || !rt.IsStr(args[1]) || !args[2].is_int_like() ||
      !rt.IsInstance(args[0], rt.types().type)) {
    return rt.Raise(rt.exc().type_error, "compile(regex_type, pattern, flags)");
  }
  absl::string_view pattern = args[1].as<Str>()->view();
  re::Translation t = re::TranslatePattern(pattern, static_cast<int>(args[2].as_int()));
  if (!t.error.empty()) {
    return rt.NewTuple({Value::None(), rt.NewStr(t.error), Value::Int(t.error_pos)});
  }
  RE2::Options opts;
  opts.set_log_errors(false);
  opts.set_max_mem(int64_t{64} << 20);
  auto re2 = std::make_unique<RE2>(t.re2, opts);
  if (!re2->ok()) {
    return rt.NewTuple({Value::None(),
                        rt.NewStr(absl::StrCat("RE2 rejected the pattern: ", re2->error())),
                        Value::Int(0)});
  }
  Regex* r = rt.Alloc<Regex>(args[0].as<Type>());
  r->re = std::move(re2);
  r->groups = t.groups;
  r->bare_dollar = t.bare_dollar;
  r->has_end_z = t.has_end_z;
  Value handle = Value::Steal(r);
  Value names = rt.NewDict();
  for (const auto& [name, number] : t.names) {
    names.as<Dict>()->Set(rt, rt.NewStr(name), Value::Int(number));
  }
  std::vector<Value> order;
  for (int g : t.close_order) order.push_back(Value::Int(g));
  return rt.NewTuple({handle, Value::Int(t.flags), Value::Int(t.groups), names,
                      rt.NewTuple(std::move(order))});
}

// Byte offset <-> code point index over one str.
class Offsets {
 public:
  explicit Offsets(const Str& s) : text_(s.view()), ascii_(s.is_ascii()) {
    if (ascii_) return;
    size_t i = 0;
    while (i < text_.size()) {
      cp_to_byte_.push_back(i);
      internal::DecodeUtf8At(text_, &i);
    }
    cp_to_byte_.push_back(text_.size());
  }
  int64_t length() const {
    return ascii_ ? static_cast<int64_t>(text_.size())
                  : static_cast<int64_t>(cp_to_byte_.size()) - 1;
  }
  size_t ToByte(int64_t cp) const { return ascii_ ? cp : cp_to_byte_[cp]; }
  int64_t ToCodePoint(size_t byte) const {
    if (ascii_) return static_cast<int64_t>(byte);
    auto it = std::lower_bound(cp_to_byte_.begin(), cp_to_byte_.end(), byte);
    return it - cp_to_byte_.begin();
  }

 private:
  absl::string_view text_;
  bool ascii_;
  std::vector<size_t> cp_to_byte_;
};

Value Match(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 5 || !rt.IsStr(args[1]) || !args[2].is_int_like() ||
      !args[3].is_int_like() || !args[4].is_int()) {
    return rt.Raise(rt.exc().type_error, "match(regex, string, pos, endpos, mode)");
  }
  Regex* r = args[0].is_object() ? dynamic_cast<Regex*>(args[0].object()) : nullptr;
  if (r == nullptr) return rt.Raise(rt.exc().type_error, "match() needs a compiled regex");
  const Str& s = *args[1].as<Str>();
  Offsets offsets(s);
  int64_t n = offsets.length();
  int64_t pos = std::clamp<int64_t>(args[2].as_int(), 0, n);
  int64_t endpos = std::clamp<int64_t>(args[3].as_int(), 0, n);
  if (endpos < pos) return Value::None();
  absl::string_view whole = s.view();
  absl::string_view text = whole.substr(0, offsets.ToByte(endpos));
  size_t start = offsets.ToByte(pos);
  RE2::Anchor anchor = args[4].as_int() == 0   ? RE2::UNANCHORED
                       : args[4].as_int() == 1 ? RE2::ANCHOR_START
                                               : RE2::ANCHOR_BOTH;
  int nsub = r->groups + 1;
  std::vector<re2::StringPiece> sub(nsub);
  bool ok = r->re->Match(re2::StringPiece(text.data(), text.size()), start, text.size(), anchor, sub.data(), nsub);
  // Python's `$` also matches just before a final newline: try the text without it
  // and keep whichever match starts first (the full text's on a tie: greedy).
  if (r->bare_dollar && !r->has_end_z && anchor != RE2::ANCHOR_BOTH &&
      text.size() > start && text.back() == '\n') {
    absl::string_view cut = text.substr(0, text.size() - 1);
    std::vector<re2::StringPiece> sub2(nsub);
    if (r->re->Match(re2::StringPiece(cut.data(), cut.size()), start, cut.size(), anchor, sub2.data(), nsub) &&
        (!ok || sub2[0].data() < sub[0].data())) {
      sub = std::move(sub2);
      ok = true;
    }
  }
  if (!ok) return Value::None();
  std::vector<Value> spans;
  spans.reserve(2 * nsub);
  for (const re2::StringPiece& g : sub) {
    if (g.data() == nullptr) {
      spans.push_back(Value::Int(-1));
      spans.push_back(Value::Int(-1));
      continue;
    }
    size_t b = g.data() - whole.data();
    spans.push_back(Value::Int(offsets.ToCodePoint(b)));
    spans.push_back(Value::Int(offsets.ToCodePoint(b + g.size())));
  }
  return rt.NewTuple(std::move(spans));
}

}  // namespace

bool InitReModule(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  Type* t = rt.NewBuiltinType("Regex", rt.types().object, Layout::kOther);
  t->set_base_type(false);
  d->SetStr(rt, rt.Intern("Regex"), Value::Steal(t));
  d->SetStr(rt, rt.Intern("compile"), rt.NewBuiltinFunction("compile", &Compile));
  d->SetStr(rt, rt.Intern("match"), rt.NewBuiltinFunction("match", &Match));
  return true;
}

}  // namespace wick::vm
