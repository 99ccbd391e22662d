// The Python files of the repository's test data (lang/testdata, vm/testdata/dis,
// tests/programs), read from the test's runfiles: the seeds the fuzz replays mutate.
#ifndef WICK_VM_FUZZ_CORPUS_H_
#define WICK_VM_FUZZ_CORPUS_H_

#include <string>
#include <vector>

namespace wick::fuzz {

// Each file's text, sorted by path.
std::vector<std::string> CorpusSources();

}  // namespace wick::fuzz

#endif  // WICK_VM_FUZZ_CORPUS_H_
