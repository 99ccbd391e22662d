// For tests: the Python files of the repository's test data, read from the test's
// runfiles (TEST_SRCDIR/TEST_WORKSPACE), e.g. the seeds fuzz replays mutate.
#ifndef WICK_BASE_TEST_DATA_H_
#define WICK_BASE_TEST_DATA_H_

#include <string>
#include <vector>

namespace wick::base {

// The text of every .py file under the given folders (relative to the workspace root;
// `recursive` descends into subfolders), sorted by path. Missing folders are skipped.
std::vector<std::string> PythonTestFiles(const std::vector<std::string>& dirs,
                                         bool recursive = true);

}  // namespace wick::base

#endif  // WICK_BASE_TEST_DATA_H_
