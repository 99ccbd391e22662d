// Assembly: flow analysis over the raw instruction stream, then the final tables.
#include "vm/compiler/assembler.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace wick::vm::compiler {
namespace {

// An active exception handler: where to go and how to unwind.
struct Handler {
  int32_t label = -1;
  int32_t depth = 0;
  bool lasti = false;
  bool operator==(const Handler& o) const {
    return label == o.label && depth == o.depth && lasti == o.lasti;
  }
};

struct FlowState {
  int32_t depth = 0;
  std::vector<Handler> handlers;
};

struct Flow {
  std::vector<bool> reachable;
  std::vector<int32_t> depth;
  std::vector<Handler> handler;  // label -1: none
  int32_t max_depth = 0;
};

bool IsTerminator(int op) {
  return op == Op(Opcode::RETURN_VALUE) || op == Op(Opcode::RAISE_VARARGS) ||
         op == Op(Opcode::RERAISE) || op == Op(Opcode::JUMP);
}

// Walks every path from the entry, recording depth and handler per instruction.
absl::Status AnalyzeFlow(const Unit& unit, Flow* flow) {
  const std::vector<RawInstr>& code = unit.instrs;
  size_t n = code.size();
  flow->reachable.assign(n, false);
  flow->depth.assign(n, 0);
  flow->handler.assign(n, Handler{});
  std::vector<std::pair<int32_t, FlowState>> todo;
  auto schedule = [&](int32_t i, FlowState s) -> absl::Status {
    if (i >= static_cast<int32_t>(n)) return absl::OkStatus();
    if (flow->reachable[i]) {
      if (flow->depth[i] != s.depth) {
        return absl::InternalError(absl::StrCat("inconsistent stack depth at ", i, " in ",
                                                unit.qualname, ": ", flow->depth[i], " vs ",
                                                s.depth));
      }
      return absl::OkStatus();
    }
    flow->reachable[i] = true;
    flow->depth[i] = s.depth;
    todo.emplace_back(i, std::move(s));
    return absl::OkStatus();
  };
  auto target_of = [&](int32_t label) { return unit.label_pos[label]; };
  absl::Status st = schedule(0, FlowState{});
  if (!st.ok()) return st;
  while (!todo.empty()) {
    auto [start, state] = std::move(todo.back());
    todo.pop_back();
    for (int32_t i = start; i < static_cast<int32_t>(n); ++i) {
      if (i != start) {
        if (flow->reachable[i]) {
          st = schedule(i, state);  // checks the depth
          break;
        }
        flow->reachable[i] = true;
        flow->depth[i] = state.depth;
      }
      const RawInstr& ins = code[i];
      flow->handler[i] = state.handlers.empty() ? Handler{} : state.handlers.back();
      flow->max_depth = std::max(flow->max_depth, state.depth);
      if (ins.op >= kSetupFinally && ins.op <= kSetupWith) {
        int32_t entry = state.depth + (ins.op == kSetupCleanup ? 2 : 1);
        bool lasti = ins.op != kSetupFinally;
        FlowState at_handler{entry, state.handlers};
        st = schedule(target_of(ins.arg), at_handler);
        if (!st.ok()) return st;
        flow->max_depth = std::max(flow->max_depth, entry);
        state.handlers.push_back(Handler{ins.arg, entry - 1 - (lasti ? 1 : 0), lasti});
        continue;
      }
      if (ins.op == kPopBlock) {
        if (!state.handlers.empty()) state.handlers.pop_back();
        continue;
      }
      Opcode op = static_cast<Opcode>(ins.op);
      if (IsJump(op)) {
        FlowState taken{state.depth + StackEffect(op, 0, true), state.handlers};
        st = schedule(target_of(ins.arg), taken);
        if (!st.ok()) return st;
        flow->max_depth = std::max(flow->max_depth, taken.depth);
        if (op == Opcode::JUMP) break;
        state.depth += StackEffect(op, 0, false);
      } else {
        state.depth += StackEffect(op, ins.arg, false);
        if (state.depth < 0) {
          return absl::InternalError(
              absl::StrCat("negative stack depth at ", i, " in ", unit.qualname));
        }
        if (IsTerminator(ins.op)) break;
      }
      flow->max_depth = std::max(flow->max_depth, state.depth);
    }
    if (!st.ok()) return st;
  }
  return absl::OkStatus();
}

Block ResolveBlock(const BlockRecord& r, const std::vector<int32_t>& new_index,
                   const Unit& unit) {
  auto at = [&](Label l) { return l.id < 0 ? -1 : new_index[unit.label_pos[l.id]]; };
  return Block{r.kind, at(r.start), at(r.end), at(r.handler), r.line};
}

// Jump threading: a jump whose target is an unconditional JUMP goes straight to that
// jump's target (bounded, so a jump-to-itself loop terminates).
void ThreadJumps(Unit* unit) {
  for (RawInstr& ins : unit->instrs) {
    if (ins.op >= kSetupFinally || !IsJump(static_cast<Opcode>(ins.op))) continue;
    for (int hops = 0; hops < 32; ++hops) {
      int32_t pos = unit->label_pos[ins.arg];
      if (pos >= static_cast<int32_t>(unit->instrs.size())) break;
      const RawInstr& target = unit->instrs[pos];
      if (target.op != Op(Opcode::JUMP) || target.arg == ins.arg) break;
      ins.arg = target.arg;
    }
  }
}

// extend_block: a JUMP to a short block (at most 4 instructions) that leaves the code
// object (return, raise, re-raise) is replaced by a copy of that block, as 3.11 does.
// The copies execute where the jump was, so they take its block stack.
void InlineSmallExits(Unit* unit) {
  constexpr int kMaxCopySize = 4;
  std::vector<RawInstr>& code = unit->instrs;
  size_t n = code.size();
  std::vector<bool> labelled(n + 1, false);
  for (int32_t pos : unit->label_pos) {
    if (pos >= 0) labelled[pos] = true;
  }
  std::vector<RawInstr> out;
  std::vector<int32_t> new_pos(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    new_pos[i] = static_cast<int32_t>(out.size());
    const RawInstr& ins = code[i];
    if (ins.op == Op(Opcode::JUMP)) {
      int32_t start = unit->label_pos[ins.arg];
      int32_t end = -1;
      for (int32_t j = start; j < static_cast<int32_t>(n) && j - start < kMaxCopySize; ++j) {
        int op = code[j].op;
        if (op >= kSetupFinally || IsJump(static_cast<Opcode>(op))) break;
        if (j > start && labelled[j]) break;
        if (op == Op(Opcode::RETURN_VALUE) || op == Op(Opcode::RAISE_VARARGS) ||
            op == Op(Opcode::RERAISE)) {
          end = j + 1;
          break;
        }
      }
      if (end > 0) {
        for (int32_t j = start; j < end; ++j) {
          RawInstr copy = code[j];
          copy.blocks = ins.blocks;
          if (copy.pos.line == 0) copy.pos = ins.pos;
          out.push_back(copy);
        }
        continue;
      }
    }
    out.push_back(ins);
  }
  new_pos[n] = static_cast<int32_t>(out.size());
  for (int32_t& pos : unit->label_pos) {
    if (pos >= 0) pos = new_pos[pos];
  }
  code = std::move(out);
}

}  // namespace

absl::Status Assemble(Runtime& rt, const Unit& input, CodeObject* out) {
  Unit unit_copy = input;
  ThreadJumps(&unit_copy);
  InlineSmallExits(&unit_copy);
  const Unit& unit = unit_copy;
  Flow flow;
  absl::Status st = AnalyzeFlow(unit, &flow);
  if (!st.ok()) return st;
  const std::vector<RawInstr>& raw = unit.instrs;
  size_t n = raw.size();

  // Which raw instructions survive, and where each raw index lands.
  std::vector<bool> keep(n, false);
  for (size_t i = 0; i < n; ++i) keep[i] = flow.reachable[i] && raw[i].op < kSetupFinally;
  auto next_kept = [&](int32_t i) {
    while (i < static_cast<int32_t>(n) && !keep[i]) ++i;
    return i;
  };
  for (size_t i = 0; i < n; ++i) {
    if (keep[i] && raw[i].op == Op(Opcode::JUMP) &&
        next_kept(unit.label_pos[raw[i].arg]) == next_kept(static_cast<int32_t>(i) + 1)) {
      keep[i] = false;  // a jump to the next instruction
    }
  }
  std::vector<int32_t> new_index(n + 1, 0);
  int32_t count = 0;
  for (size_t i = 0; i < n; ++i) {
    new_index[i] = count;
    if (keep[i]) ++count;
  }
  new_index[n] = count;

  // Exception handler entries start without a position (CPython leaves the artificial
  // instructions there unlocated); elsewhere an artificial instruction takes the
  // previous one's position, as propagate_line_numbers does in straight-line code.
  std::vector<bool> handler_entry(n + 1, false);
  for (const RawInstr& ins : raw) {
    if (ins.op >= kSetupFinally && ins.op <= kSetupWith) handler_entry[unit.label_pos[ins.arg]] = true;
  }
  lang::SourceRange last_pos;
  out->code.clear();
  out->positions.clear();
  out->block_index.clear();
  std::vector<Handler> handlers;
  for (size_t i = 0; i < n; ++i) {
    if (handler_entry[i]) last_pos = lang::SourceRange{};
    if (!keep[i]) continue;
    const RawInstr& ins = raw[i];
    Opcode op = static_cast<Opcode>(ins.op);
    int32_t arg = IsJump(op) ? new_index[unit.label_pos[ins.arg]] : ins.arg;
    out->code.push_back(Instruction{op, arg});
    lang::SourceRange pos = ins.pos.line != 0 ? ins.pos : last_pos;
    out->positions.push_back(pos);
    last_pos = pos;
    out->block_index.push_back(ins.blocks);  // renumbered below
    handlers.push_back(flow.handler[i]);
  }

  // Exception table: runs of instructions with the same handler.
  out->exception_table.clear();
  for (int32_t i = 0; i < count;) {
    int32_t j = i;
    while (j < count && handlers[j] == handlers[i]) ++j;
    if (handlers[i].label >= 0) {
      out->exception_table.push_back(ExceptionEntry{
          i, j, new_index[unit.label_pos[handlers[i].label]], handlers[i].depth,
          handlers[i].lasti});
    }
    i = j;
  }

  // Only the block stacks that surviving instructions use, numbered by first use.
  out->block_stacks.assign(1, {});
  std::vector<int32_t> renumber(unit.block_stacks.size(), -1);
  renumber[0] = 0;
  for (int32_t& index : out->block_index) {
    if (renumber[index] < 0) {
      renumber[index] = static_cast<int32_t>(out->block_stacks.size());
      std::vector<Block> blocks;
      for (int32_t r : unit.block_stacks[index]) {
        blocks.push_back(ResolveBlock(unit.block_records[r], new_index, unit));
      }
      out->block_stacks.push_back(std::move(blocks));
    }
    index = renumber[index];
  }

  out->stack_size = flow.max_depth;
  out->consts = unit.consts;
  out->names = unit.names;
  out->name_strs.clear();
  for (const std::string& name : unit.names) out->name_strs.push_back(Value::Borrow(rt.Intern(name)));
  out->varnames = unit.varnames;
  out->cellvars = unit.cellvars;
  out->freevars = unit.freevars;
  out->cell2arg.assign(unit.cellvars.size(), -1);
  int32_t nparams = unit.arg_count + unit.kwonly_count +
                    ((unit.flags & kCodeVarargs) ? 1 : 0) +
                    ((unit.flags & kCodeVarkeywords) ? 1 : 0);
  for (size_t c = 0; c < unit.cellvars.size(); ++c) {
    for (int32_t p = 0; p < nparams && p < static_cast<int32_t>(unit.varnames.size()); ++p) {
      if (unit.varnames[p] == unit.cellvars[c]) out->cell2arg[c] = p;
    }
  }
  return absl::OkStatus();
}

}  // namespace wick::vm::compiler
