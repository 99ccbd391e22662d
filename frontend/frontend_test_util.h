// The fixture of frontend/'s tests: a Runtime + Interpreter with builtins, torch and the
// torch.nn prelude; helpers run a program, trace one of its functions' first frames with
// concrete arguments, and render guard lists. Shared by frontend_test.cc and
// frontend_language_test.cc.
#ifndef WICK_FRONTEND_FRONTEND_TEST_UTIL_H_
#define WICK_FRONTEND_FRONTEND_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontend/frontend.h"
#include "gtest/gtest.h"
#include "vm/builtins/builtins.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::frontend {

class FrontendTest : public ::testing::Test {
 protected:
  FrontendTest() : interp_(rt_) {
    vm::RegisterTorchNNPrelude();
    vm::InstallBuiltins(interp_);
    vm::InstallTorch(interp_);
    interp_.write_stdout = [this](absl::string_view s) { out_.append(s.data(), s.size()); };
    interp_.write_stderr = [this](absl::string_view s) { err_.append(s.data(), s.size()); };
  }

  void Run(const std::string& program) {
    ASSERT_EQ(interp_.RunMain(program, "prog.py", {"prog.py"}), 0) << err_;
  }
  vm::Value Global(const char* name) {
    const vm::Value* m = interp_.sys_modules()->GetStr("__main__");
    const vm::Value* v = m->as<vm::Module>()->dict->GetStr(name);
    EXPECT_NE(v, nullptr) << name;
    return v == nullptr ? vm::Value() : *v;
  }

  // Traces `fn(*args)` from its first instruction; `fn` and `arg_names` name globals
  // of the program.
  TraceResult TraceCall(const char* fn_name, std::vector<const char*> arg_names,
                        TraceOptions opts = {}) {
    std::vector<vm::Value> args;
    for (const char* a : arg_names) args.push_back(Global(a));
    vm::Value fv = Global(fn_name);
    if (!fv.is_object()) return TraceResult();
    vm::Function* f = fv.as<vm::Function>();
    vm::CodeObject* code = f->code_object();
    std::vector<vm::Value> locals(code->varnames.size(), vm::Value::Raised());
    for (size_t i = 0; i < args.size(); ++i) locals[i] = args[i];
    std::vector<vm::Value> cells;
    for (size_t i = 0; i < code->cellvars.size(); ++i) {
      int32_t a = code->cell2arg.empty() ? -1 : code->cell2arg[i];
      cells.push_back(rt_.NewCell(a >= 0 ? locals[a] : vm::Value::Raised()));
    }
    if (rt_.IsTuple(f->closure)) {
      for (const vm::Value& c : f->closure.as<vm::Tuple>()->items) cells.push_back(c);
    }
    vm::Frame frame;
    frame.code = code;
    frame.function = f;
    frame.globals = f->globals.as<vm::Dict>();
    frame.builtins = interp_.builtins();
    frame.locals = locals.data();
    frame.cells = cells.data();
    absl::StatusOr<TraceResult> r = Trace(interp_, frame, 0, opts);
    EXPECT_TRUE(r.ok()) << r.status();
    if (!r.ok()) return TraceResult();
    // The guards build into a tree that holds for the frame they were traced from.
    absl::StatusOr<std::unique_ptr<guards::GuardTree>> tree = guards::GuardTree::Build(r->guards);
    EXPECT_TRUE(tree.ok()) << tree.status();
    if (tree.ok()) {
      guards::FrameView view;
      view.rt = &rt_;
      view.locals = locals.data();
      view.num_locals = static_cast<int32_t>(locals.size());
      view.cells = cells.data();
      view.num_cells = static_cast<int32_t>(cells.size());
      view.globals = frame.globals;
      view.builtins = frame.builtins;
      EXPECT_TRUE((*tree)->Check(view)) << fn_name << ": "
                                        << absl::StrJoin((*tree)->Explain(view), "; ");
    }
    // Tracing is pure and deterministic: a second trace gives the same graph.
    absl::StatusOr<TraceResult> again = Trace(interp_, frame, 0, opts);
    EXPECT_TRUE(again.ok());
    if (again.ok()) {
      EXPECT_EQ(graph::Dump(again->graph), graph::Dump(r->graph));
    }
    return *std::move(r);
  }

  static std::string Guards(const TraceResult& r) {
    std::vector<std::string> out;
    for (const guards::GuardSpec& g : r.guards) {
      static const char* kNames[] = {"TYPE_MATCH", "ID_MATCH", "EQUALS_MATCH",
                                     "NONE_MATCH", "LENGTH_CHECK", "TENSOR_MATCH",
                                     "NO_TENSOR_ALIASING", "GLOBAL_STATE", "DICT_KEYS"};
      out.push_back(absl::StrCat(kNames[static_cast<int>(g.kind)], " ",
                                 g.source ? g.source->Name() : "-"));
    }
    return absl::StrJoin(out, "\n");
  }

  vm::Runtime rt_;
  vm::Interpreter interp_;
  std::string out_, err_;
};


}  // namespace wick::frontend

#endif  // WICK_FRONTEND_FRONTEND_TEST_UTIL_H_
