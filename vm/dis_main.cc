// dis_main FILE...: prints the disassembly of each file's compiled code objects (the
// text vm/testdata/dis/*.dis holds), or its syntax error as CPython prints it.
#include <fstream>
#include <iostream>
#include <sstream>

#include "lang/parser.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/runtime.h"

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << "dis_main: cannot read " << argv[i] << "\n";
      status = 2;
      continue;
    }
    std::stringstream text;
    text << in.rdbuf();
    wick::vm::Runtime rt;
    absl::StatusOr<wick::vm::Value> code = wick::vm::CompileSource(rt, text.str(), argv[i]);
    if (!code.ok()) {
      if (auto e = wick::lang::GetSyntaxError(code.status())) {
        std::cout << e->Render();
      } else {
        std::cout << code.status() << "\n";
      }
      status = 1;
      continue;
    }
    std::cout << wick::vm::Disassemble(*code->as<wick::vm::CodeObject>());
  }
  return status;
}
