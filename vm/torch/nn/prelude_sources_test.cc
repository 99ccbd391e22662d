// The embedded prelude: every expected module is there, its text is the .py file's, and
// wick's parser accepts it (so the sources stay inside wick's Python subset).
#include "vm/torch/nn/prelude_sources.h"

#include <set>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "lang/parser.h"

namespace wick::vm {
namespace {

TEST(PreludeSourcesTest, HasEveryModuleOnce) {
  std::set<std::string> names;
  for (const PreludeModule& m : TorchNNPreludeModules()) {
    EXPECT_TRUE(names.insert(m.name).second) << "duplicate " << m.name;
  }
  EXPECT_EQ(names, (std::set<std::string>{
                       "torch.nn", "torch.nn.functional", "torch.nn.init",
                       "torch.nn.parameter", "torch.nn.modules", "torch.nn.modules.module",
                       "torch.nn.modules.container", "torch.nn.modules.linear",
                       "torch.nn.modules.activation", "torch.nn.modules.normalization",
                       "torch.nn.modules.sparse", "torch.nn.modules.dropout",
                       "torch.nn.modules.loss", "torch.nn.modules.batchnorm",
                       "torch.nn.modules.instancenorm", "torch.nn.modules.upsampling",
                       "torch.nn.modules.pixelshuffle", "torch.nn.modules.flatten",
                       "torch.nn.modules.fold", "torch.nn.parallel",
                       "torch.nn.parallel.data_parallel", "torch.nn.parallel.distributed", "torch.nn.modules.conv",
                       "torch.nn.modules.pooling", "torch.nn.modules.padding",
                       "torch.nn.modules.utils",
                       "torch._compile_markers", "torch._subclasses",
                       "torch._subclasses.fake_tensor",
                       "torch._tensor_types", "torch.autograd", "torch.autograd.function",
                       "torch.autograd.functional",
                       "torch.utils", "torch.utils.checkpoint", "torch.utils.model_zoo",
                       "torch.utils.data", "torch.utils.data._random",
                       "torch.utils.data.dataset", "torch.utils.data.sampler",
                       "torch.utils.data.dataloader",
                       "torch.utils.hooks", "torch.nn._functional_extra",
                       "torch.nn.modules.distance",
                       "torch.nn._functional_mha", "torch.nn.modules.transformer",
                       "torch.cuda", "torch.optim", "torch.optim.optimizer",
                       "torch.optim.lr_scheduler", "torch.backends", "torch.backends.cpu",
                       "torch.backends.cuda", "torch.backends.cudnn", "torch.backends.mkldnn",
                       "torch.backends.mps", "torch.backends.openmp",
                       "torch.nn.modules.rnn", "torch.nn.utils", "torch.nn.utils.rnn",
                       "torch.nn.utils.parametrize", "torch.linalg",
                       "torch.serialization", "torch._utils"}));
}

TEST(PreludeSourcesTest, SourcesAreTheFiles) {
  for (const PreludeModule& m : TorchNNPreludeModules()) {
    absl::string_view src = m.source;
    // The genrule's echo adds one newline after the opening delimiter.
    EXPECT_TRUE(absl::StartsWith(src, "\n# ")) << m.name;
    EXPECT_TRUE(absl::EndsWith(src, "\n")) << m.name;
  }
  for (const PreludeModule& m : TorchNNPreludeModules()) {
    if (std::string(m.name) == "torch.nn.modules.linear") {
      EXPECT_TRUE(absl::StrContains(m.source, "init.kaiming_uniform_(self.weight, a=math.sqrt(5))"));
    }
  }
}

TEST(PreludeSourcesTest, EveryModuleParses) {
  for (const PreludeModule& m : TorchNNPreludeModules()) {
    auto parsed = lang::Parse(m.source, std::string("<") + m.name + ">");
    EXPECT_TRUE(parsed.ok()) << m.name << ": " << parsed.status();
    if (!parsed.ok()) {
      if (auto e = lang::GetSyntaxError(parsed.status())) ADD_FAILURE() << e->Render();
    }
  }
}

}  // namespace
}  // namespace wick::vm
