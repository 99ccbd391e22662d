# pixel_shuffle / pixel_unshuffle, nn.Flatten / nn.Unflatten, F.unfold / F.fold and their
# modules: values, shapes, reprs and PyTorch's error messages.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


torch.manual_seed(0)
torch.set_grad_enabled(False)
x = torch.arange(16.0).reshape(1, 4, 2, 2)
print(F.pixel_shuffle(x, 2))
print(torch.equal(F.pixel_unshuffle(F.pixel_shuffle(x, 2), 2), x))
print(nn.PixelShuffle(2), nn.PixelUnshuffle(3))
print(nn.PixelUnshuffle(2)(torch.arange(32).reshape(2, 4, 4)))
print(torch.pixel_shuffle(torch.arange(8).reshape(1, 8, 1, 1), 2))
print(F.pixel_shuffle(torch.randn(2, 3, 9, 2, 2), 3).shape)

print(nn.Flatten(), nn.Flatten(0, -1), nn.Unflatten(1, (2, 2)), nn.Unflatten(1, [2, 2]))
y = torch.randn(2, 3, 4)
print(nn.Flatten()(y).shape, nn.Flatten(0, 1)(y).shape, nn.Flatten(-2)(y).shape)
print(nn.Unflatten(2, (2, 2))(y).shape, nn.Unflatten(1, (3, 1))(y).shape)

img = torch.arange(2 * 3 * 4 * 5, dtype=torch.float32).reshape(2, 3, 4, 5)
u = F.unfold(img, 2)
print(u.shape)
print(u[0, :, :4])
u2 = F.unfold(img, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))
print(u2.shape, u2.sum())
print(u2[1, 5])
print(F.fold(u, (4, 5), 2)[0, 1])
print(F.fold(u2, (4, 5), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))[1, 2])
print(F.unfold(img[0], 3, padding=1).shape, F.fold(torch.ones(12, 12), (4, 5), 2).shape)
print(nn.Fold((4, 5), 2), nn.Unfold(2, stride=2), nn.Unfold((2, 3), 1, 0, (1, 2)))
print(nn.Fold(output_size=(4, 5), kernel_size=2)(nn.Unfold(2)(img))[1, 0])
print(F.unfold(img.double(), 2).dtype)

attempt(lambda: F.pixel_shuffle(torch.randn(1, 5, 2, 2), 2))
attempt(lambda: F.pixel_shuffle(torch.randn(5, 2), 2))
attempt(lambda: F.pixel_shuffle(torch.randn(1, 4, 2, 2), 0))
attempt(lambda: F.pixel_unshuffle(torch.randn(1, 1, 3, 4), 2))
attempt(lambda: F.pixel_unshuffle(torch.randn(1, 1, 4, 3), 2))
attempt(lambda: F.pixel_unshuffle(torch.randn(4, 3), 2))
attempt(lambda: F.pixel_unshuffle(torch.randn(1, 1, 4, 4), 0))
attempt(lambda: nn.Unflatten(1, (2, 2))(torch.randn(3, 5)))
attempt(lambda: nn.Unflatten("a", (2, 2)))
attempt(lambda: nn.Unflatten(1, 2))
attempt(lambda: nn.Unflatten(1, (2, 2.0)))
attempt(lambda: F.unfold(img, 6))
attempt(lambda: F.unfold(img, 0))
attempt(lambda: F.unfold(img, 2, dilation=0))
attempt(lambda: F.unfold(img, 2, padding=-1))
attempt(lambda: F.unfold(img, 2, stride=0))
attempt(lambda: F.unfold(torch.randn(3, 4), 2))
attempt(lambda: F.unfold(img.long(), 2))
attempt(lambda: F.fold(torch.randn(2, 13, 12), (4, 5), 2))
attempt(lambda: F.fold(torch.randn(2, 12, 11), (4, 5), 2))
attempt(lambda: F.fold(torch.randn(2, 12, 11, 3), (4, 5), 2))
attempt(lambda: F.fold(torch.randn(2, 12, 12), (1, 1), 2))
attempt(lambda: F.fold(torch.randn(2, 12, 12).long(), (4, 5), 2))
