# A MobileNetV2-style net: a strided 3x3 stem, four inverted residual blocks (1x1
# expansion, 3x3 depthwise, 1x1 projection, batch norm and ReLU6, residual add where the
# shape allows), global average pooling, Linear head. Batch 8 at 3x112x112.
import torch
import torch.nn as nn

BATCH = 8


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hidden = cin * expand
        self.use_res = stride == 1 and cin == cout
        self.block = nn.Sequential(
            nn.Conv2d(cin, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, hidden, 3, stride, 1, groups=hidden, bias=False),
            nn.BatchNorm2d(hidden), nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, cout, 1, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        out = self.block(x)
        return x + out if self.use_res else out


class MobileNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32),
                                  nn.ReLU6(inplace=True))
        self.blocks = nn.Sequential(InvertedResidual(32, 24, 2, 6), InvertedResidual(24, 24, 1, 6),
                                    InvertedResidual(24, 48, 2, 6), InvertedResidual(48, 48, 1, 6))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(48, 100)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.fc(torch.flatten(self.pool(x), 1))


def make_model():
    return MobileNetish()


def make_inputs():
    return (torch.randn(BATCH, 3, 112, 112),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("mobilenet_dw", make_model, make_inputs, batch=BATCH)
