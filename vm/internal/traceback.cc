// Tracebacks: recording one entry per frame an exception passes through, __context__
// chaining as CPython's _PyErr_SetObject does it, and printing an uncaught exception
// exactly as CPython 3.11's traceback module does (chained exceptions, `^^^^` and
// `~~~^^^` caret lines, "[Previous line repeated N more times]").
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "lang/ast.h"
#include "lang/parser.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm::internal {

namespace {

// Line `n` of `src`, through a per-thread index of the last file's line starts: a loop
// that raises and catches records an entry per iteration, and SourceFile::Line scans
// the file from the top each time.
std::string SourceLine(const std::shared_ptr<const SourceFile>& src, int n) {
  struct LineIndex {
    std::shared_ptr<const SourceFile> file;  // kept alive so the pointer stays unique
    std::vector<size_t> starts;              // starts[i]: offset of line i + 1
  };
  thread_local LineIndex index;
  if (index.file != src) {
    index.file = src;
    index.starts.assign(1, 0);
    const std::string& t = src->text;
    for (size_t p = t.find('\n'); p != std::string::npos; p = t.find('\n', p + 1)) {
      index.starts.push_back(p + 1);
    }
  }
  if (n < 1 || static_cast<size_t>(n) > index.starts.size()) return "";
  size_t begin = index.starts[n - 1];
  if (begin > src->text.size()) return "";
  size_t end = src->text.find('\n', begin);
  if (end == std::string::npos) end = src->text.size();
  return src->text.substr(begin, end - begin);
}

}  // namespace

void AddTraceEntry(ExceptionObject* exc, const Frame& f) {
  // Modules that CPython implements in C (warnings, itertools, ...) and wick in Python
  // set __wick_native__ so that their frames stay out of tracebacks, as C frames do.
  if (f.globals != nullptr && f.globals->GetStr("__wick_native__") != nullptr) return;
  const CodeObject* co = f.code;
  TraceEntry e;
  if (co->source != nullptr) e.file = co->source->filename;
  e.function = co->name;
  if (f.lasti >= 0 && static_cast<size_t>(f.lasti) < co->positions.size()) {
    const lang::SourceRange& r = co->positions[f.lasti];
    e.line = r.line;
    e.col = r.col;
    e.end_line = r.end_line;
    e.end_col = r.end_col;
    if (co->source != nullptr && r.line > 0) e.source_line = SourceLine(co->source, r.line);
  }
  // Entries are added innermost first; the list reads outermost first.
  exc->traceback.insert(exc->traceback.begin(), std::move(e));
}

void SetContext(Runtime& rt, const Value& exc, const Value& handled) {
  if (handled.is_none() || handled.Is(exc) ||
      !rt.IsInstance(handled, rt.exc().base_exception)) {
    return;
  }
  // Break a cycle exc -> ... -> handled -> ... -> exc before linking (bounded walk: a
  // pre-existing cycle not through exc must not hang us).
  ExceptionObject* o = handled.as<ExceptionObject>();
  for (int steps = 0; steps < 100000; ++steps) {
    const Value& c = o->context;
    if (!c.is_object() || !rt.IsInstance(c, rt.exc().base_exception)) break;
    if (c.Is(exc)) {
      o->context = Value::None();
      break;
    }
    o = c.as<ExceptionObject>();
  }
  exc.as<ExceptionObject>()->context = handled;
}

namespace {

// Python's _byte_offset_to_character_offset: UTF-8 bytes -> characters.
int CharOffset(absl::string_view s, int byte_offset) {
  int n = 0;
  for (int i = 0; i < byte_offset && i < static_cast<int>(s.size()); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++n;
  }
  return n;
}
int CharLen(absl::string_view s) { return CharOffset(s, static_cast<int>(s.size())); }

struct Anchors {
  int left_end;
  int right_start;
};

// traceback._extract_caret_anchors_from_line_segment: for a binary operation the
// operator, for a subscript the brackets.
bool ExtractAnchors(absl::string_view segment, Anchors* out) {
  auto parsed = lang::Parse(segment, "<string>");
  if (!parsed.ok() || (*parsed)->body.size() != 1) return false;
  const lang::Stmt* stmt = (*parsed)->body[0];
  const auto* expr_stmt = stmt->As<lang::ExprStmt>();
  if (expr_stmt == nullptr) return false;
  const lang::Expr* e = expr_stmt->value;
  if (const auto* b = e->As<lang::BinOp>()) {
    int op_start = CharOffset(segment, b->left->loc.end_col);
    int op_end = CharOffset(segment, b->right->loc.col);
    // Character offsets index the segment as code points; ASCII makes them bytes.
    std::string op_str(segment.substr(op_start, op_end - op_start));
    int lead = static_cast<int>(op_str.size() - absl::StripLeadingAsciiWhitespace(op_str).size());
    int left = b->left->loc.end_col + lead;
    int right = left + 1;
    if (lead + 1 < static_cast<int>(op_str.size()) &&
        !absl::ascii_isspace(static_cast<unsigned char>(op_str[lead + 1]))) {
      ++right;
    }
    *out = {CharOffset(segment, left), CharOffset(segment, right)};
    return true;
  }
  if (const auto* s = e->As<lang::Subscript>()) {
    *out = {CharOffset(segment, s->value->loc.end_col),
            CharOffset(segment, s->slice->loc.end_col + 1)};
    return true;
  }
  return false;
}

// StackSummary.format_frame_summary.
std::string FormatEntry(const TraceEntry& e) {
  std::string out = absl::StrCat("  File \"", e.file, "\", line ", e.line, ", in ",
                                 e.function, "\n");
  absl::string_view stripped = absl::StripAsciiWhitespace(e.source_line);
  if (stripped.empty()) return out;
  absl::StrAppend(&out, "    ", stripped, "\n");
  if (e.col < 0 || e.end_col < 0) return out;
  const std::string& line = e.source_line;
  // FrameSummary keeps the line with its newline and compares it with the stripped
  // text, so this counts leading and trailing whitespace plus the newline.
  int stripped_chars = CharLen(line) + 1 - CharLen(stripped);
  int start = CharOffset(line, e.col) + 1;
  int end = CharOffset(line, e.end_col) + 1;
  Anchors anchors;
  bool has_anchors = false;
  if (e.line == e.end_line) {
    if (start - 1 <= end - 1 && end - 1 <= static_cast<int>(line.size())) {
      has_anchors = ExtractAnchors(
          absl::string_view(line).substr(e.col, e.end_col - e.col), &anchors);
    }
  } else {
    end = stripped_chars + CharLen(stripped);
  }
  int stripped_len = CharLen(stripped);
  if (end - start < stripped_len ||
      (has_anchors && anchors.right_start - anchors.left_end > 0)) {
    out += "    ";
    out.append(std::max(0, start - stripped_chars), ' ');
    if (has_anchors) {
      out.append(std::max(0, anchors.left_end), '~');
      out.append(std::max(0, anchors.right_start - anchors.left_end), '^');
      out.append(std::max(0, end - start - anchors.right_start), '~');
    } else {
      out.append(std::max(0, end - start), '^');
    }
    out += "\n";
  }
  return out;
}

// StackSummary.format: collapses runs of the same (file, line, function).
std::string FormatStack(const std::vector<TraceEntry>& tb) {
  constexpr int kCutoff = 3;
  std::string out;
  const TraceEntry* last = nullptr;
  int count = 0;
  auto flush_repeats = [&]() {
    if (count > kCutoff) {
      int n = count - kCutoff;
      absl::StrAppend(&out, "  [Previous line repeated ", n, " more time",
                      n > 1 ? "s" : "", "]\n");
    }
  };
  for (const TraceEntry& e : tb) {
    if (last == nullptr || last->file != e.file || last->line != e.line ||
        last->function != e.function) {
      flush_repeats();
      last = &e;
      count = 0;
    }
    ++count;
    if (count > kCutoff) continue;
    out += FormatEntry(e);
  }
  flush_repeats();
  return out;
}

// format_exception_only: "TypeError: message", module-qualified for classes outside
// builtins and __main__.
std::string FormatExceptionLine(Runtime& rt, const Value& exc) {
  Type* t = rt.TypeOf(exc);
  std::string stype = t->name();
  if (const Value* q = t->dict()->GetStr(rt.names().qualname); q && rt.IsStr(*q)) {
    stype = std::string(q->as<Str>()->view());
  }
  if (t->is_heap()) {
    const Value* mod = t->Lookup(rt.names().module);
    std::string smod = mod != nullptr && rt.IsStr(*mod) ? std::string(mod->as<Str>()->view())
                                                        : "<unknown>";
    if (smod != "__main__" && smod != "builtins") stype = absl::StrCat(smod, ".", stype);
  }
  std::string msg;
  if (!StrString(rt, exc, &msg)) {
    rt.ClearException();
    msg = "<exception str() failed>";
  }
  if (msg.empty()) return stype + "\n";
  return absl::StrCat(stype, ": ", msg, "\n");
}

}  // namespace

std::string FormatException(Runtime& rt, const Value& exc) {
  // TracebackException.format: walk the chain from the uncaught exception outwards,
  // then print the oldest first.
  struct Link {
    Value exc;
    const char* message;  // the chaining message printed before `exc`, or null
  };
  std::vector<Link> chain;
  absl::flat_hash_set<Object*> seen;
  Value e = exc;
  const char* msg = nullptr;
  while (rt.IsInstance(e, rt.exc().base_exception) && seen.insert(e.object()).second) {
    chain.push_back({e, msg});
    ExceptionObject* x = e.as<ExceptionObject>();
    if (!x->cause.is_none() && !seen.contains(x->cause.object())) {
      msg = "\nThe above exception was the direct cause of the following exception:\n\n";
      e = x->cause;
    } else if (!x->context.is_none() && !x->suppress_context &&
               !seen.contains(x->context.object())) {
      msg = "\nDuring handling of the above exception, another exception occurred:\n\n";
      e = x->context;
    } else {
      break;
    }
  }
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    ExceptionObject* x = it->exc.as<ExceptionObject>();
    if (!x->traceback.empty()) {
      out += "Traceback (most recent call last):\n";
      out += FormatStack(x->traceback);
    }
    out += FormatExceptionLine(rt, it->exc);
    if (it->message != nullptr) out += it->message;
  }
  if (chain.empty()) {
    std::string s;
    if (!StrString(rt, exc, &s)) rt.ClearException();
    out = s + "\n";
  }
  return out;
}

}  // namespace wick::vm::internal
