// _wick_re: the native half of `re` (vm/stdlib/re.py holds Pattern, Match, sub, split):
//   compile(pattern, flags) -> (regex, flags, groups, {name: number}, close_order)
//                              or (None, message, position) for re.error
//   match(regex, string, pos, endpos, mode) -> ((start0, end0, start1, end1, ...),
//                              (group0, group1, ...)) or None; offsets in code points,
//                              -1 and None for a group that did not take part;
//                              mode 0 = search, 1 = match (anchored), 2 = fullmatch
//   scan(regex, string, pos, endpos, limit) -> every match at once (findall, split,
//                              sub, finditer); see Scan
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

struct Regex : public Object {
  void ClearRefs() override { cached_str = Value(); }
  std::unique_ptr<RE2> re;
  int groups = 0;
  bool bare_dollar = false;
  bool has_end_z = false;
  // The last non-ASCII string searched and its code-point map (OffsetsFor).
  Value cached_str;
  std::unique_ptr<Offsets> offsets;
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


// The code-point map of `s`, cached on the regex for the last non-ASCII string it
// searched (finditer and search loops ask about the same string again and again).
const Offsets& OffsetsFor(Regex* r, const Value& s) {
  if (r->cached_str.is_object() && r->cached_str.object() == s.object()) return *r->offsets;
  r->offsets = std::make_unique<Offsets>(*s.as<Str>());
  r->cached_str = s.as<Str>()->is_ascii() ? Value() : s;
  return *r->offsets;
}

// One match attempt over s[pos:endpos] (code points); on success fills *spans with
// 2 * (groups + 1) code-point offsets, -1 for groups that did not take part.
bool MatchOnce(Regex* r, const Str& s, const Offsets& offsets, int64_t pos, int64_t endpos,
               RE2::Anchor anchor, std::vector<int64_t>* spans,
               std::vector<re2::StringPiece>* pieces) {
  absl::string_view whole = s.view();
  absl::string_view text = whole.substr(0, offsets.ToByte(endpos));
  size_t start = offsets.ToByte(pos);
  int nsub = r->groups + 1;
  std::vector<re2::StringPiece> sub(nsub);
  bool ok = r->re->Match(re2::StringPiece(text.data(), text.size()), start, text.size(), anchor,
                         sub.data(), nsub);
  // Python's `$` also matches just before a final newline: try the text without it
  // and keep whichever match starts first (the full text's on a tie: greedy).
  if (r->bare_dollar && !r->has_end_z && anchor != RE2::ANCHOR_BOTH && text.size() > start &&
      text.back() == '\n') {
    absl::string_view cut = text.substr(0, text.size() - 1);
    std::vector<re2::StringPiece> sub2(nsub);
    if (r->re->Match(re2::StringPiece(cut.data(), cut.size()), start, cut.size(), anchor,
                     sub2.data(), nsub) &&
        (!ok || sub2[0].data() < sub[0].data())) {
      sub = std::move(sub2);
      ok = true;
    }
  }
  if (!ok) return false;
  *pieces = sub;
  spans->clear();
  for (const re2::StringPiece& g : sub) {
    if (g.data() == nullptr) {
      spans->push_back(-1);
      spans->push_back(-1);
      continue;
    }
    size_t b = g.data() - whole.data();
    spans->push_back(offsets.ToCodePoint(b));
    spans->push_back(offsets.ToCodePoint(b + g.size()));
  }
  return true;
}

Value SpansTuple(Runtime& rt, const std::vector<int64_t>& spans) {
  std::vector<Value> items;
  items.reserve(spans.size());
  for (int64_t v : spans) items.push_back(Value::Int(v));
  return rt.NewTuple(std::move(items));
}

// The groups' text (None for a group that did not take part): built from the byte
// ranges, as slicing a non-ASCII str by code points costs O(len) in wick.
Value GroupStrings(Runtime& rt, const std::vector<re2::StringPiece>& pieces) {
  std::vector<Value> items;
  items.reserve(pieces.size());
  for (const re2::StringPiece& g : pieces) {
    items.push_back(g.data() == nullptr ? Value::None()
                                        : rt.NewStr(absl::string_view(g.data(), g.size())));
  }
  return rt.NewTuple(std::move(items));
}

Regex* RegexArg(Runtime& rt, const Value& v) {
  Regex* r = v.is_object() ? dynamic_cast<Regex*>(v.object()) : nullptr;
  if (r == nullptr) rt.Raise(rt.exc().type_error, "expected a compiled regex");
  return r;
}

Value Match(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 5 || !rt.IsStr(args[1]) || !args[2].is_int_like() ||
      !args[3].is_int_like() || !args[4].is_int()) {
    return rt.Raise(rt.exc().type_error, "match(regex, string, pos, endpos, mode)");
  }
  Regex* r = RegexArg(rt, args[0]);
  if (r == nullptr) return Value::Raised();
  const Offsets& offsets = OffsetsFor(r, args[1]);
  int64_t n = offsets.length();
  int64_t pos = std::clamp<int64_t>(args[2].as_int(), 0, n);
  int64_t endpos = std::clamp<int64_t>(args[3].as_int(), 0, n);
  if (endpos < pos) return Value::None();
  RE2::Anchor anchor = args[4].as_int() == 0   ? RE2::UNANCHORED
                       : args[4].as_int() == 1 ? RE2::ANCHOR_START
                                               : RE2::ANCHOR_BOTH;
  std::vector<int64_t> spans;
  std::vector<re2::StringPiece> pieces;
  if (!MatchOnce(r, *args[1].as<Str>(), offsets, pos, endpos, anchor, &spans, &pieces)) {
    return Value::None();
  }
  return rt.NewTuple({SpansTuple(rt, spans), GroupStrings(rt, pieces)});
}

// scan(regex, string, pos, endpos, limit, want) -> ([(spans, strings, gap), ...], tail):
// successive non-overlapping matches (at most `limit`, 0 = all) with CPython 3.7+'s
// rule for empty matches (one may follow a non-empty match directly, never a second
// one where an empty match ended); `gap` is the text since the previous match (from
// pos) and `tail` the text after the last match to the end of the string. `want`
// selects what each match carries (1 spans, 2 strings, 4 gap; None for the others).
Value Scan(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 6 || !rt.IsStr(args[1]) || !args[2].is_int_like() ||
      !args[3].is_int_like() || !args[4].is_int_like() || !args[5].is_int()) {
    return rt.Raise(rt.exc().type_error, "scan(regex, string, pos, endpos, limit, want)");
  }
  const int64_t want = args[5].as_int();
  Regex* r = RegexArg(rt, args[0]);
  if (r == nullptr) return Value::Raised();
  const Str& s = *args[1].as<Str>();
  absl::string_view whole = s.view();
  const Offsets& offsets = OffsetsFor(r, args[1]);
  int64_t n = offsets.length();
  int64_t pos = std::clamp<int64_t>(args[2].as_int(), 0, n);
  int64_t endpos = std::clamp<int64_t>(args[3].as_int(), 0, n);
  int64_t limit = args[4].as_int();
  std::vector<Value> out;
  std::vector<int64_t> spans;
  std::vector<re2::StringPiece> pieces;
  bool must_advance = false;
  size_t last = offsets.ToByte(pos);  // byte offset where the current gap starts
  while (pos <= endpos && (limit <= 0 || static_cast<int64_t>(out.size()) < limit)) {
    if (!MatchOnce(r, s, offsets, pos, endpos, RE2::UNANCHORED, &spans, &pieces)) break;
    if (must_advance && spans[0] == pos && spans[1] == pos) {
      if (pos >= endpos) break;
      if (!MatchOnce(r, s, offsets, pos + 1, endpos, RE2::UNANCHORED, &spans, &pieces)) break;
    }
    size_t start = pieces[0].data() - whole.data();
    out.push_back(rt.NewTuple(
        {(want & 1) ? SpansTuple(rt, spans) : Value::None(),
         (want & 2) ? GroupStrings(rt, pieces) : Value::None(),
         (want & 4) ? rt.NewStr(whole.substr(last, start - last)) : Value::None()}));
    last = start + pieces[0].size();
    must_advance = spans[0] == spans[1];
    pos = spans[1];
  }
  return rt.NewTuple({rt.NewList(std::move(out)), rt.NewStr(whole.substr(last))});
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
  d->SetStr(rt, rt.Intern("scan"), rt.NewBuiltinFunction("scan", &Scan));
  return true;
}

}  // namespace wick::vm
