# A UNet-style net: two down stages (two 3x3 conv + batch norm + ReLU, then 2x2 max
# pooling), a bottleneck, two up stages (bilinear upsampling or a stride-2 transposed
# conv, concatenation with the skip, two 3x3 convs), a 1x1 head. Batch 2 at 3x96x96.
import torch
import torch.nn as nn

BATCH = 2


def double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True), nn.Conv2d(cout, cout, 3, padding=1, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class UNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.down1 = double_conv(3, 16)
        self.down2 = double_conv(16, 32)
        self.bottom = double_conv(32, 64)
        self.pool = nn.MaxPool2d(2)
        self.up2 = nn.ConvTranspose2d(64, 32, 2, stride=2)
        self.conv2 = double_conv(64, 32)
        self.up1 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.conv1 = double_conv(48, 16)
        self.head = nn.Conv2d(16, 2, 1)

    def forward(self, x):
        d1 = self.down1(x)
        d2 = self.down2(self.pool(d1))
        b = self.bottom(self.pool(d2))
        u2 = self.conv2(torch.cat([self.up2(b), d2], 1))
        u1 = self.conv1(torch.cat([self.up1(u2), d1], 1))
        return self.head(u1)


def make_model():
    return UNetish()


def make_inputs():
    return (torch.randn(BATCH, 3, 96, 96),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("unet_small", make_model, make_inputs, batch=BATCH)
