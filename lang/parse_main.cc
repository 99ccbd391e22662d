// parse_main FILE...: prints each file's AST dump, or its syntax error exactly as CPython
// 3.11 would print it (exit status 1). A debugging aid and the generator of
// lang/testdata expectations.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "lang/parser.h"

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << "cannot read " << argv[i] << "\n";
      return 2;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto module = wick::lang::Parse(buffer.str(), argv[i]);
    if (module.ok()) {
      std::cout << wick::lang::DumpAst(**module);
      continue;
    }
    status = 1;
    if (auto error = wick::lang::GetSyntaxError(module.status())) {
      std::cout << error->Render();
    } else {
      std::cout << module.status() << "\n";
    }
  }
  return status;
}
