# A ResNet-style net: 7x7 stem with batch norm and max pooling, three bottleneck blocks
# (1x1 reduce, 3x3, 1x1 expand, batch norm after each, residual add with a strided
# projection where the shape changes), global average pooling, Linear head.
# Batch 8 at 3x112x112.
import torch
import torch.nn as nn

BATCH = 8


class Bottleneck(nn.Module):
    def __init__(self, cin, mid, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, mid, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(mid)
        self.conv2 = nn.Conv2d(mid, mid, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(mid)
        self.conv3 = nn.Conv2d(mid, cout, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                      nn.BatchNorm2d(cout))

    def forward(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return self.relu(out + identity)


class ResNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 7, 2, 3, bias=False), nn.BatchNorm2d(32),
                                  nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, 1))
        self.blocks = nn.Sequential(Bottleneck(32, 32, 128, 1), Bottleneck(128, 64, 256, 2),
                                    Bottleneck(256, 128, 512, 2))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512, 100)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.fc(torch.flatten(self.pool(x), 1))


def make_model():
    return ResNetish()


def make_inputs():
    return (torch.randn(BATCH, 3, 112, 112),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("resnet_bottleneck", make_model, make_inputs, batch=BATCH)
