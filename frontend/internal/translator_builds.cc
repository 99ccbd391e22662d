// The instruction translator's container and string opcodes: BUILD_TUPLE/LIST/MAP/
// SET/SLICE and their appends and updates, UNPACK_SEQUENCE and starred UNPACK_EX, and
// f-string pieces (FORMAT_VALUE, BUILD_STRING). The dispatch loop is translator.cc.
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {

using vm::Opcode;

absl::Status Translator::StepBuilds(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::BUILD_TUPLE: Push(MakeSequence(VarKind::kTuple, PopN(in.arg))); return absl::OkStatus();
    case Opcode::BUILD_LIST: Push(MakeSequence(VarKind::kList, PopN(in.arg))); return absl::OkStatus();
    case Opcode::BUILD_SLICE: Push(MakeSequence(VarKind::kSlice, PopN(in.arg))); return absl::OkStatus();
    case Opcode::BUILD_MAP: {
      std::vector<VarPtr> kv = PopN(2 * in.arg);
      VarPtr d = MakeVar(VarKind::kDict);
      for (int i = 0; i < in.arg; ++i) {
        RETURN_IF_ERROR(SetItem(*this, d, kv[2 * i], kv[2 * i + 1]));
      }
      Push(std::move(d));
      return absl::OkStatus();
    }
    case Opcode::BUILD_SET: {
      ASSIGN_OR_RETURN(VarPtr set, BuildSet(*this, PopN(in.arg)));
      Push(std::move(set));
      return absl::OkStatus();
    }
    case Opcode::SET_ADD: {
      VarPtr v = Pop();
      return SetAdd(*this, Top(in.arg), v);
    }
    case Opcode::SET_UPDATE: {
      VarPtr v = Pop();
      return SetUpdate(*this, Top(in.arg), v);
    }
    case Opcode::LIST_APPEND: {
      VarPtr v = Pop();
      Top(in.arg)->items.push_back(std::move(v));
      return absl::OkStatus();
    }
    case Opcode::MAP_ADD: {
      VarPtr v = Pop();
      VarPtr k = Pop();
      return SetItem(*this, Top(in.arg), k, std::move(v));
    }
    case Opcode::LIST_EXTEND: {
      VarPtr v = Pop();
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(*this, v));
      VarPtr& list = Top(in.arg);
      list->items.insert(list->items.end(), items.begin(), items.end());
      return absl::OkStatus();
    }
    case Opcode::DICT_UPDATE:
    case Opcode::DICT_MERGE: {
      VarPtr v = Pop();
      if (v->kind != VarKind::kDict) {
        return Break("Unsupported: dict update from a non-dict", DescribeVar(st_.rt, *v),
                     "Dynamo only traces dict updates from traced dicts.");
      }
      VarPtr d = Top(in.arg);
      for (size_t i = 0; i < v->keys.size(); ++i) {
        RETURN_IF_ERROR(SetItem(*this, d, MakeConstant(v->keys[i]), v->items[i]));
      }
      return absl::OkStatus();
    }
    case Opcode::LIST_TO_TUPLE: {
      VarPtr v = Pop();
      Push(MakeSequence(VarKind::kTuple, v->items));
      return absl::OkStatus();
    }
    case Opcode::UNPACK_SEQUENCE: {
      VarPtr v = Pop();
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(*this, v));
      if (static_cast<int32_t>(items.size()) != in.arg) {
        return RaiseObserved(*this, st_.rt.exc().value_error,
                             absl::StrCat("unpack expected ", in.arg, " values, got ",
                                          items.size()));
      }
      for (auto it = items.rbegin(); it != items.rend(); ++it) Push(*it);
      return absl::OkStatus();
    }
    case Opcode::UNPACK_EX: return UnpackEx(in.arg);
    case Opcode::BUILD_STRING: return BuildString(in.arg);
    case Opcode::FORMAT_VALUE: return FormatValue(in.arg);
    default: *handled = false; return absl::OkStatus();
  }
}

// `a, *b, c = seq`: arg & 0xff names before the star, arg >> 8 after (as the VM).
absl::Status Translator::UnpackEx(int32_t arg) {
  size_t before = arg & 0xff, after = arg >> 8;
  VarPtr v = Pop();
  ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(*this, v));
  size_t n = items.size();
  if (n < before + after) {
    return RaiseObserved(*this, st_.rt.exc().value_error,
                         absl::StrCat("not enough values to unpack (expected at least ",
                                      before + after, ", got ", n, ")"));
  }
  for (size_t i = 0; i < after; ++i) Push(items[n - 1 - i]);
  Push(MakeSequence(VarKind::kList, std::vector<VarPtr>(items.begin() + before,
                                                        items.end() - after)));
  for (size_t i = before; i > 0; --i) Push(items[i - 1]);
  return absl::OkStatus();
}

// f-strings over constants fold to constants; anything else breaks.
absl::Status Translator::FormatValue(int32_t arg) {
  vm::Runtime& rt = st_.rt;
  VarPtr spec = (arg & 4) ? Pop() : nullptr;
  VarPtr v = Pop();
  if (!v->is_constant() || (spec != nullptr && !spec->is_constant())) {
    return Break("Unsupported: f-string of a traced value", DescribeVar(rt, *v),
                 "Dynamo in wick formats constants only.");
  }
  vm::Value x = v->value;
  int conv = arg & 3;
  if (conv == 1) x = vm::ToStr(rt, x);
  if (conv == 2 || conv == 3) x = vm::Repr(rt, x);
  if (!x.is_raised()) {
    x = vm::Format(rt, x, spec ? spec->value.as<vm::Str>()->view() : absl::string_view());
  }
  if (x.is_raised()) {
    std::string msg = rt.PendingMessage();
    rt.ClearException();
    return Break("Observed exception", msg, "Formatting a constant raised.");
  }
  Push(MakeConstant(std::move(x)));
  return absl::OkStatus();
}

absl::Status Translator::BuildString(int32_t n) {
  std::vector<VarPtr> parts = PopN(n);
  std::string out;
  for (const VarPtr& p : parts) {
    if (!p->is_constant() || !st_.rt.IsStr(p->value)) {
      return Break("Unsupported: f-string of a traced value", DescribeVar(st_.rt, *p),
                   "Dynamo in wick formats constants only.");
    }
    absl::StrAppend(&out, p->value.as<vm::Str>()->view());
  }
  Push(MakeConstant(st_.rt.NewStr(std::move(out))));
  return absl::OkStatus();
}

}  // namespace wick::frontend::internal
