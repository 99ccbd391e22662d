// base/test_data.h.
#include "base/test_data.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace wick::base {

std::vector<std::string> PythonTestFiles(const std::vector<std::string>& dirs, bool recursive) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  const std::string root =
      std::string(srcdir ? srcdir : ".") + "/" + (workspace ? workspace : "wick") + "/";
  std::vector<std::string> paths;
  auto take = [&paths](const std::filesystem::directory_entry& e) {
    if (e.path().extension() == ".py") paths.push_back(e.path().string());
  };
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (recursive) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(root + dir, ec)) take(e);
    } else {
      for (const auto& e : std::filesystem::directory_iterator(root + dir, ec)) take(e);
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

}  // namespace wick::base
