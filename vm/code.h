// Code objects: the bytecode compiler's output (vm/compiler.h) and the interpreter's
// input (vm/interpreter.h). A code object is immutable once built and is a heap Object,
// so it can be a constant of another code object and a Value on the stack.
//
// Besides instructions it carries the two static tables the rest of wick reads without
// executing anything:
//  - the exception table (CPython 3.11's): which handler catches an exception raised at
//    an instruction, and the stack depth to unwind to;
//  - the block table: for every instruction, the stack of syntactic blocks around it
//    (for/while loops, with, try/except/finally). The partitioner (M4) reads it to
//    decide what a graph break inside a loop, a with block or a try block means.
#ifndef WICK_VM_CODE_H_
#define WICK_VM_CODE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "lang/ast.h"
#include "vm/object.h"
#include "vm/opcodes.def"
#include "vm/value.h"

namespace wick::vm {

enum class Opcode : uint8_t {
#define WICK_X(name, operand, pops, pushes, meaning) name,
  WICK_VM_OPCODES(WICK_X)
#undef WICK_X
};
#define WICK_X(name, operand, pops, pushes, meaning) +1
inline constexpr int kNumOpcodes = 0 WICK_VM_OPCODES(WICK_X);
#undef WICK_X

enum class OperandKind : uint8_t { kNone, kConst, kName, kLocal, kCell, kJump, kCount, kBinOp, kCmp };

// BINARY_OP's arg for the in-place form of BinOp op is kInPlaceBinOp + int(op).
inline constexpr int32_t kInPlaceBinOp = 16;

absl::string_view OpcodeName(Opcode op);
OperandKind OpcodeOperand(Opcode op);
absl::string_view OpcodeMeaning(Opcode op);
bool IsJump(Opcode op);
// The net change in stack depth of executing `op` with `arg`. For jumps, `jump` selects
// the effect when the jump is taken (FOR_ITER: -1 taken, +1 not taken).
int StackEffect(Opcode op, int32_t arg, bool jump);

struct Instruction {
  Opcode op;
  int32_t arg;
};

// One exception-table entry: an exception raised by an instruction in [start, end) is
// handled by popping the value stack to `depth` items, pushing the instruction index as
// an int when `lasti` is set, pushing the exception, and jumping to `handler`.
// Entries do not overlap; lookup is a binary search on `start`.
struct ExceptionEntry {
  int32_t start;
  int32_t end;
  int32_t handler;
  int32_t depth;
  bool lasti;
};

// A syntactic block enclosing an instruction.
enum class BlockKind : uint8_t {
  kFor,      // `for` loop body (the iterator is on the stack)
  kWhile,    // `while` loop body
  kWith,     // body of a `with` item (the __exit__ is on the stack)
  kTry,      // the `try:` body of try/except or try/finally
  kExcept,   // an `except` handler body (the handled exception is on the stack)
  kFinally,  // a `finally` body
};
absl::string_view BlockKindName(BlockKind k);  // "for", "while", "with", ...

struct Block {
  BlockKind kind;
  int32_t start;    // first instruction of the block's statement
  int32_t end;      // one past its last instruction
  int32_t handler;  // for kTry/kWith: the exception handler entry; loops: the exit; else -1
  int32_t line;     // line of the statement that opens the block
};

// Compile-time flags of a code object.
enum CodeFlags : uint32_t {
  kCodeOptimized = 1 << 0,   // uses fast locals (functions); else locals are a dict
  kCodeVarargs = 1 << 2,     // has *args
  kCodeVarkeywords = 1 << 3, // has **kwargs
  kCodeNested = 1 << 4,      // defined inside another function
  kCodeClassBody = 1 << 5,   // body of a class statement
  kCodeModule = 1 << 6,      // a module's top level
  kCodeGenerator = 1 << 7,   // contains yield (or is a genexpr): calls create a generator
  kCodeStep = 1 << 8,        // a step copy (MakeStepCode): never given to the frame hook
};

// The source a code object was compiled from; shared by all code objects of a file.
struct SourceFile {
  std::string filename;
  std::string text;
  // The 1-based line `n` without its newline ("" when out of range).
  absl::string_view Line(int n) const;
};

class CodeObject : public Object {
 public:
  void ClearRefs() override {
    std::vector<Value>().swap(consts);
    std::vector<Value>().swap(name_strs);  // interned strs may be freed first at teardown
    step_origin = Value();
  }

  // --- Identity --------------------------------------------------------------------
  std::string name;      // "f", "<module>", "<lambda>", "<listcomp>", class name
  std::string qualname;  // "C.method", "f.<locals>.g"
  std::shared_ptr<const SourceFile> source;
  int32_t first_line = 0;
  uint32_t flags = 0;

  // --- Signature ---------------------------------------------------------------------
  // varnames begin with the parameters in order: positional-only, positional-or-keyword,
  // keyword-only, then *args, then **kwargs (each only if present).
  int32_t posonly_count = 0;
  int32_t arg_count = 0;  // positional (including positional-only)
  int32_t kwonly_count = 0;

  // --- Tables ------------------------------------------------------------------------
  std::vector<Instruction> code;
  std::vector<Value> consts;      // None, bool, int, float, str, tuples of those, code
  std::vector<std::string> names; // attribute, global and module-level names
  std::vector<Value> name_strs;   // names as interned str Values (filled by the compiler)
  std::vector<std::string> varnames;  // fast locals
  std::vector<std::string> cellvars;  // locals captured by inner functions
  std::vector<std::string> freevars;  // captured from enclosing functions
  // For each cellvar: the index of the parameter it is initialised from, or -1.
  std::vector<int32_t> cell2arg;
  int32_t stack_size = 0;  // maximum value stack depth

  // Per instruction: its source position (CPython's co_positions; line 0 = none).
  std::vector<lang::SourceRange> positions;
  std::vector<ExceptionEntry> exception_table;  // sorted by start
  // Per instruction: an index into block_stacks (0 = no enclosing block).
  std::vector<int32_t> block_index;
  // Deduplicated block stacks, outermost first. block_stacks[0] is empty.
  std::vector<std::vector<Block>> block_stacks;

  // Per instruction: the interpreter's inline cache (vm/internal/eval.cc), sized lazily
  // on first run. Holds no references; a stale entry is detected and refilled.
  struct InlineCache {
    const void* owner = nullptr;  // the dict or type the entry was filled for
    uint64_t version = 0;         // its version (dict) or the type lookup epoch
    const Value* found = nullptr; // a type attribute slot, when the entry uses one
    int64_t index = -1;           // an entry index in a dict, or -1
  };
  std::vector<InlineCache> inline_caches;
  // Step copies only (kCodeStep): the code object this one was copied from.
  Value step_origin;

  int32_t num_cells() const { return static_cast<int32_t>(cellvars.size() + freevars.size()); }
  // The handler for an exception at instruction `i`, or nullptr.
  const ExceptionEntry* FindHandler(int32_t i) const;
  // The blocks enclosing instruction `i`, outermost first.
  const std::vector<Block>& BlocksAt(int32_t i) const { return block_stacks[block_index[i]]; }
  int32_t LineAt(int32_t i) const { return positions[i].line; }
};

// The text form `wick dis` prints and the compiler's golden tests compare: a header
// per code object (name, qualname, counts, names of locals/cells/frees), then one line
// per instruction (line number at line starts, index, opcode, arg, resolved operand,
// the enclosing blocks), then the exception table; nested code objects follow.
std::string Disassemble(const CodeObject& code);

}  // namespace wick::vm

#endif  // WICK_VM_CODE_H_
