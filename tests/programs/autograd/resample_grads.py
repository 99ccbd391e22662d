# Gradients of resampling and padding ops: F.interpolate (nearest, bilinear with and
# without align_corners, bicubic, linear 1-d, scale_factor), F.pad (constant, reflect,
# replicate, circular, negative), pixel_shuffle / unshuffle and F.unfold / F.fold.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *shapes):
    ins = [torch.randn(*s, dtype=torch.float64, requires_grad=True) for s in shapes]
    y = fn(*ins)
    w = torch.linspace(-1.0, 2.0, y.numel(), dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, tuple(y.shape), y.grad_fn.name())
    for t in ins:
        print("  ", r(t.grad.reshape(-1)[:8]))


run("nearest", lambda x: F.interpolate(x, scale_factor=2, mode="nearest"), (1, 1, 2, 3))
run("nearest_size", lambda x: F.interpolate(x, size=(3, 5)), (1, 1, 2, 3))
run("bilinear", lambda x: F.interpolate(x, size=(4, 5), mode="bilinear"), (1, 2, 2, 3))
run("bilinear_ac", lambda x: F.interpolate(x, scale_factor=2, mode="bilinear",
                                           align_corners=True), (1, 1, 2, 3))
run("bicubic", lambda x: F.interpolate(x, size=(4, 4), mode="bicubic"), (1, 1, 3, 3))
run("linear1d", lambda x: F.interpolate(x, size=7, mode="linear"), (1, 2, 4))
run("upsample_mod", nn.Upsample(scale_factor=2, mode="nearest"), (1, 1, 2, 2))
run("pad_const", lambda x: F.pad(x, (1, 2), value=0.5), (2, 3))
run("pad_reflect", lambda x: F.pad(x, (2, 1), mode="reflect"), (1, 2, 4))
run("pad_replicate", lambda x: F.pad(x, (1, 1, 2, 0), mode="replicate"), (1, 1, 2, 3))
run("pad_circular", lambda x: F.pad(x, (1, 2), mode="circular"), (1, 1, 4))
run("pad_negative", lambda x: F.pad(x, (-1, 1)), (2, 4))
run("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), (1, 4, 2, 2))
run("pixel_unshuffle", lambda x: F.pixel_unshuffle(x, 2), (1, 1, 4, 2))
run("unfold", lambda x: F.unfold(x, 2, stride=1), (1, 2, 3, 3))
run("fold", lambda x: F.fold(x, (3, 3), 2), (1, 4, 4))
