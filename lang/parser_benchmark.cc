// Parsing throughput on a generated 10,000-line program (classes, defs, control flow,
// comprehensions, f-strings, calls): tokenizing alone, and the full Parse (tokenize,
// parse, compile-time checks). Parsing is linear; a 10k-line file takes milliseconds.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "benchmark/benchmark.h"
#include "lang/source_lines.h"
#include "lang/internal/tokenizer.h"
#include "lang/parser.h"

namespace wick::lang {
namespace {

constexpr const char* kChunk = R"(class Block_N(nn.Module):
    """A block."""
    def __init__(self, d: int = 16, *, scale=1.0):
        super().__init__()
        self.fc = nn.Linear(d, d * 4)
        self.scale = scale

    def forward(self, x, mask=None):
        y = self.fc(x)[:, 0, ...] * self.scale
        if mask is not None and y.sum() > 0:
            y = y.masked_fill(mask, -1e9)
        elif y.dim() == 3:
            y = y.transpose(1, 2)
        else:
            y = -y
        out = [v ** 2 for v in y if v is not None]
        stats = {k: len(v) for k, v in zip("abc", (out, out, out))}
        try:
            z = torch.relu(y @ y.t()) + 0x1F
        except (ValueError, KeyError) as e:
            raise RuntimeError(f"bad {e!r} in {self.scale:>8.3f}") from e
        while z.numel() > 1 and not False:
            z = z[::2]
        return {"y": y, "z": z, **stats}


def step_N(model, x, lr=1e-3):
    with torch.no_grad():
        loss = model(x).sum()
    total = sum(p.numel() for p in model.parameters())
    return loss, total, lambda a, b=2: a * b + lr

)";

std::string Program(int min_lines) {
  std::string out;
  int lines = 0;
  for (int i = 0; lines < min_lines; ++i) {
    std::string chunk = absl::StrReplaceAll(kChunk, {{"_N", absl::StrCat("_", i)}});
    lines += static_cast<int>(std::count(chunk.begin(), chunk.end(), '\n'));
    out += chunk;
  }
  return out;
}

void BM_Tokenize10kLines(benchmark::State& state) {
  std::string src = Program(10000);
  lang::SourceLines lines(src);
  for (auto _ : state) {
    internal::TokenStream s = internal::Tokenize(lines, "bench.py");
    benchmark::DoNotOptimize(s.tokens.data());
  }
  state.SetBytesProcessed(state.iterations() * src.size());
}
BENCHMARK(BM_Tokenize10kLines)->Unit(benchmark::kMillisecond);

void BM_Parse(benchmark::State& state) {
  std::string src = Program(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    absl::StatusOr<std::unique_ptr<Module>> m = Parse(src, "bench.py");
    if (!m.ok()) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(m);
  }
  state.SetBytesProcessed(state.iterations() * src.size());
  state.counters["lines"] = static_cast<double>(std::count(src.begin(), src.end(), '\n'));
}
// Doubling the input doubles the time: parsing is linear.
BENCHMARK(BM_Parse)->Arg(2500)->Arg(5000)->Arg(10000)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace wick::lang
