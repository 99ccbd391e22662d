// vm/fuzz/corpus.h.
#include "vm/fuzz/corpus.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace wick::fuzz {

std::vector<std::string> CorpusSources() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const std::string root = std::string(srcdir ? srcdir : ".") + "/wick/";
  std::vector<std::string> paths;
  for (const char* dir : {"lang/testdata", "vm/testdata/dis", "tests/programs"}) {
    std::error_code ec;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root + dir, ec)) {
      if (e.path().extension() == ".py") paths.push_back(e.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> sources;
  for (const std::string& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    sources.push_back(buffer.str());
  }
  return sources;
}

}  // namespace wick::fuzz
