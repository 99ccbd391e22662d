// Code objects: the opcode table's derived functions (names, operand kinds, stack
// effects), exception-table lookup, and the disassembler's text form. Everything about
// an opcode comes from vm/opcodes.def; nothing here lists opcodes by hand except the
// stack effects the table marks as "depends on arg".
#include "vm/code.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "vm/objects/objects.h"

namespace wick::vm {
namespace {

struct OpInfo {
  absl::string_view name;
  OperandKind operand;
  int pops;
  int pushes;
  absl::string_view meaning;
};

constexpr OpInfo kOps[] = {
#define WICK_X(name, operand, pops, pushes, meaning) \
  {#name, OperandKind::operand, pops, pushes, meaning},
    WICK_VM_OPCODES(WICK_X)
#undef WICK_X
};

}  // namespace

absl::string_view OpcodeName(Opcode op) { return kOps[static_cast<int>(op)].name; }
OperandKind OpcodeOperand(Opcode op) { return kOps[static_cast<int>(op)].operand; }
absl::string_view OpcodeMeaning(Opcode op) { return kOps[static_cast<int>(op)].meaning; }
bool IsJump(Opcode op) { return OpcodeOperand(op) == OperandKind::kJump; }

int StackEffect(Opcode op, int32_t arg, bool jump) {
  const OpInfo& info = kOps[static_cast<int>(op)];
  switch (op) {
    case Opcode::CALL:  // [a, b, args...] -> result
      return -arg - 1;
    case Opcode::CALL_FUNCTION_EX:  // [NULL, f, args, kwargs?] -> result
      return -2 - (arg & 1);
    case Opcode::MAKE_FUNCTION:
      return -((arg & 1) != 0) - ((arg & 2) != 0) - ((arg & 4) != 0) - ((arg & 8) != 0);
    case Opcode::BUILD_SLICE:
    case Opcode::BUILD_TUPLE:
    case Opcode::BUILD_LIST:
    case Opcode::BUILD_SET:
    case Opcode::BUILD_STRING:
      return 1 - arg;
    case Opcode::BUILD_MAP:
      return 1 - 2 * arg;
    case Opcode::FORMAT_VALUE:
      return (arg & 4) ? -1 : 0;
    case Opcode::UNPACK_SEQUENCE:
      return arg - 1;
    case Opcode::UNPACK_EX:
      return (arg & 0xff) + (arg >> 8);
    case Opcode::FOR_ITER:
      return jump ? -1 : 1;
    case Opcode::SEND:
      return jump ? -1 : 0;
    case Opcode::JUMP_IF_FALSE_OR_POP:
    case Opcode::JUMP_IF_TRUE_OR_POP:
      return jump ? 0 : -1;
    case Opcode::RAISE_VARARGS:
      return -arg;
    default:
      return info.pushes - info.pops;
  }
}

absl::string_view BlockKindName(BlockKind k) {
  switch (k) {
    case BlockKind::kFor: return "for";
    case BlockKind::kWhile: return "while";
    case BlockKind::kWith: return "with";
    case BlockKind::kTry: return "try";
    case BlockKind::kExcept: return "except";
    case BlockKind::kFinally: return "finally";
  }
  return "?";
}

absl::string_view SourceFile::Line(int n) const {
  if (n < 1) return "";
  size_t pos = 0;
  for (int i = 1; i < n; ++i) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos) return "";
    ++pos;
  }
  if (pos > text.size()) return "";
  size_t end = text.find('\n', pos);
  if (end == std::string::npos) end = text.size();
  return absl::string_view(text).substr(pos, end - pos);
}

const ExceptionEntry* CodeObject::FindHandler(int32_t i) const {
  auto it = std::upper_bound(
      exception_table.begin(), exception_table.end(), i,
      [](int32_t x, const ExceptionEntry& e) { return x < e.start; });
  if (it == exception_table.begin()) return nullptr;
  --it;
  return (i >= it->start && i < it->end) ? &*it : nullptr;
}

// ---------------------------------------------------------------------------------------
// Disassembly. Constants are printed as Python's repr would, without a Runtime (the
// disassembler must work on a bare code object), so the few constant kinds are
// rendered here.

namespace {

std::string FloatRepr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  // Shortest digits that round-trip, then Python's repr layout: positional for
  // exponents in [-4, 16), scientific otherwise.
  char buf[64];
  int precision = 1;
  for (; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string s = buf;
  size_t e = s.find('e');
  int exp = std::atoi(s.c_str() + e + 1);
  std::string mantissa = s.substr(0, e);
  bool neg = mantissa[0] == '-';
  if (neg) mantissa = mantissa.substr(1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  std::string out;
  if (exp < -4 || exp >= 16) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += absl::StrFormat("e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
  } else if (exp < 0) {
    out = "0." + std::string(-exp - 1, '0') + digits;
  } else if (static_cast<int>(digits.size()) <= exp + 1) {
    out = digits + std::string(exp + 1 - digits.size(), '0') + ".0";
  } else {
    out = digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
  }
  return neg ? "-" + out : out;
}

std::string StrRepr(absl::string_view s) {
  bool has_single = s.find('\'') != absl::string_view::npos;
  bool has_double = s.find('"') != absl::string_view::npos;
  char quote = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += absl::StrFormat("\\x%02x", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
  return out;
}

std::string ConstRepr(const Value& v) {
  switch (v.tag()) {
    case Value::Tag::kNone: return "None";
    case Value::Tag::kBool: return v.as_bool() ? "True" : "False";
    case Value::Tag::kInt: return absl::StrCat(v.as_int());
    case Value::Tag::kFloat: return FloatRepr(v.as_float());
    case Value::Tag::kRaised: return "<NULL>";
    case Value::Tag::kObject: break;
  }
  Object* o = v.object();
  if (auto* s = dynamic_cast<Str*>(o)) return StrRepr(s->view());
  if (auto* t = dynamic_cast<Tuple*>(o)) {
    std::vector<std::string> parts;
    for (const Value& item : t->items) parts.push_back(ConstRepr(item));
    if (parts.size() == 1) return "(" + parts[0] + ",)";
    return "(" + absl::StrJoin(parts, ", ") + ")";
  }
  if (auto* c = dynamic_cast<CodeObject*>(o)) return "<code " + c->qualname + ">";
  if (auto* s = dynamic_cast<Singleton*>(o)) return s->name;
  return "<object>";
}

std::string FlagsText(uint32_t flags) {
  std::vector<std::string> parts;
  if (flags & kCodeOptimized) parts.push_back("optimized");
  if (flags & kCodeVarargs) parts.push_back("varargs");
  if (flags & kCodeVarkeywords) parts.push_back("varkeywords");
  if (flags & kCodeNested) parts.push_back("nested");
  if (flags & kCodeClassBody) parts.push_back("class");
  if (flags & kCodeModule) parts.push_back("module");
  if (flags & kCodeGenerator) parts.push_back("generator");
  return parts.empty() ? "-" : absl::StrJoin(parts, ",");
}

std::string BinOpText(int32_t arg) {
  static constexpr absl::string_view kSymbols[] = {"+",  "-",  "*", "@", "/", "//", "%",
                                                   "**", "<<", ">>", "&", "|", "^"};
  bool inplace = arg >= kInPlaceBinOp;
  int op = inplace ? arg - kInPlaceBinOp : arg;
  if (op < 0 || op >= kNumBinOps) return "?";
  return absl::StrCat(kSymbols[op], inplace ? "=" : "");
}

std::string CmpText(int32_t arg) {
  static constexpr absl::string_view kSymbols[] = {"<", "<=", "==", "!=", ">", ">="};
  return (arg >= 0 && arg < 6) ? std::string(kSymbols[arg]) : "?";
}

std::string Operand(const CodeObject& code, const Instruction& ins) {
  auto at = [](const std::vector<std::string>& v, int32_t i) {
    return (i >= 0 && i < static_cast<int32_t>(v.size())) ? v[i] : std::string("?");
  };
  switch (OpcodeOperand(ins.op)) {
    case OperandKind::kConst:
      if (ins.arg < 0 || ins.arg >= static_cast<int32_t>(code.consts.size())) return "?";
      return ConstRepr(code.consts[ins.arg]);
    case OperandKind::kName: return at(code.names, ins.arg);
    case OperandKind::kLocal: return at(code.varnames, ins.arg);
    case OperandKind::kCell: {
      int32_t ncell = static_cast<int32_t>(code.cellvars.size());
      return ins.arg < ncell ? at(code.cellvars, ins.arg) : at(code.freevars, ins.arg - ncell);
    }
    case OperandKind::kJump: return absl::StrCat("to ", ins.arg);
    case OperandKind::kBinOp: return BinOpText(ins.arg);
    case OperandKind::kCmp: return CmpText(ins.arg);
    case OperandKind::kNone:
    case OperandKind::kCount: return "";
  }
  return "";
}

std::string PositionText(const lang::SourceRange& r) {
  if (r.line == 0) return "-";
  if (r.end_line == r.line) return absl::StrFormat("%d:%d-%d", r.line, r.col, r.end_col);
  return absl::StrFormat("%d:%d-%d:%d", r.line, r.col, r.end_line, r.end_col);
}

std::string BlockStackText(const std::vector<Block>& blocks) {
  std::vector<std::string> parts;
  for (const Block& b : blocks) parts.push_back(absl::StrCat(BlockKindName(b.kind), "@", b.line));
  return absl::StrJoin(parts, " ");
}

void DisassembleOne(const CodeObject& code, std::string* out) {
  absl::StrAppendFormat(out, "code %s (qualname %s, file %s, line %d) args=%d posonly=%d "
                        "kwonly=%d flags=%s\n",
                        code.name, code.qualname, code.source ? code.source->filename : "?",
                        code.first_line, code.arg_count, code.posonly_count,
                        code.kwonly_count, FlagsText(code.flags));
  absl::StrAppendFormat(out, "  varnames: %s  cellvars: %s  freevars: %s  stack_size: %d\n",
                        absl::StrJoin(code.varnames, ", "), absl::StrJoin(code.cellvars, ", "),
                        absl::StrJoin(code.freevars, ", "), code.stack_size);
  if (!code.cell2arg.empty() &&
      std::any_of(code.cell2arg.begin(), code.cell2arg.end(), [](int32_t a) { return a >= 0; })) {
    absl::StrAppend(out, "  cell2arg: ", absl::StrJoin(code.cell2arg, ", "), "\n");
  }
  int last_line = -1;
  for (size_t i = 0; i < code.code.size(); ++i) {
    const Instruction& ins = code.code[i];
    const lang::SourceRange pos =
        i < code.positions.size() ? code.positions[i] : lang::SourceRange{};
    std::string line_col = pos.line != last_line && pos.line != 0 ? absl::StrCat(pos.line) : "";
    if (pos.line != 0) last_line = pos.line;
    bool has_arg = OpcodeOperand(ins.op) != OperandKind::kNone;
    std::string operand = Operand(code, ins);
    std::string text = absl::StrFormat(
        "%4s %5d %-20s %5s %-18s %s", line_col, i, OpcodeName(ins.op),
        has_arg ? absl::StrCat(ins.arg) : "", operand.empty() ? "" : "(" + operand + ")",
        PositionText(pos));
    if (i < code.block_index.size() && code.block_index[i] != 0) {
      absl::StrAppend(&text, "  [", BlockStackText(code.BlocksAt(i)), "]");
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    absl::StrAppend(out, text, "\n");
  }
  if (!code.exception_table.empty()) {
    absl::StrAppend(out, "  exception table:\n");
    for (const ExceptionEntry& e : code.exception_table) {
      absl::StrAppendFormat(out, "    %d to %d -> %d [depth %d]%s\n", e.start, e.end,
                            e.handler, e.depth, e.lasti ? " lasti" : "");
    }
  }
  // Each distinct block once, in order of first appearance.
  std::vector<const Block*> seen;
  for (size_t s = 1; s < code.block_stacks.size(); ++s) {
    for (const Block& b : code.block_stacks[s]) {
      bool dup = false;
      for (const Block* p : seen) {
        dup = dup || (p->kind == b.kind && p->start == b.start && p->end == b.end &&
                      p->handler == b.handler && p->line == b.line);
      }
      if (!dup) seen.push_back(&b);
    }
  }
  if (!seen.empty()) {
    absl::StrAppend(out, "  blocks:\n");
    for (const Block* b : seen) {
      absl::StrAppendFormat(out, "    %s@%d %d to %d handler %d\n", BlockKindName(b->kind),
                            b->line, b->start, b->end, b->handler);
    }
  }
}

}  // namespace

std::string Disassemble(const CodeObject& code) {
  std::string out;
  DisassembleOne(code, &out);
  for (const Value& c : code.consts) {
    if (!c.is_object()) continue;
    if (auto* nested = dynamic_cast<CodeObject*>(c.object())) {
      absl::StrAppend(&out, "\n", Disassemble(*nested));
    }
  }
  return out;
}

}  // namespace wick::vm
