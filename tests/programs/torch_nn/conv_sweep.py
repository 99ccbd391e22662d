# A sweep of convolution and pooling geometries: output shapes (and errors) against
# PyTorch's, float32 results against float64 ones, coarse checksums.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_grad_enabled(False)
n_ok = 0
for dims in (1, 2, 3):
    conv = (F.conv1d, F.conv2d, F.conv3d)[dims - 1]
    convt = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[dims - 1]
    size = (9, 7, 5)[dims - 1]
    for k in (1, 2, 3):
        for stride in (1, 2, 3):
            for pad in (0, 1, 2):
                for dil in (1, 2):
                    for groups in (1, 2):
                        x = torch.randn((2, 4) + (size,) * dims)
                        w = torch.randn((6, 4 // groups) + (k,) * dims)
                        b = torch.randn(6)
                        try:
                            y = conv(x, w, b, stride, pad, dil, groups)
                        except RuntimeError as e:
                            print("conv", dims, k, stride, pad, dil, groups, "RuntimeError:", e)
                            continue
                        y64 = conv(x.double(), w.double(), b.double(), stride, pad, dil, groups)
                        ok = torch.allclose(y.double(), y64, atol=1e-4, rtol=1e-4)
                        n_ok += ok
                        if not ok:
                            print("conv mismatch", dims, k, stride, pad, dil, groups)
                        print("conv", dims, k, stride, pad, dil, groups, tuple(y.shape),
                              round(float(y64.sum()), 1))
                        wt = torch.randn((4, 6 // groups) + (k,) * dims)
                        for op in (0, 1):
                            try:
                                z = convt(x, wt, b, stride, pad, op, groups, dil)
                            except RuntimeError as e:
                                print("convT", dims, k, stride, pad, op, dil, groups,
                                      "RuntimeError:", e)
                                continue
                            z64 = convt(x.double(), wt.double(), b.double(), stride, pad, op,
                                        groups, dil)
                            ok = torch.allclose(z.double(), z64, atol=1e-4, rtol=1e-4)
                            n_ok += ok
                            if not ok:
                                print("convT mismatch", dims, k, stride, pad, op, dil, groups)
                            print("convT", dims, k, stride, pad, op, dil, groups,
                                  tuple(z.shape), round(float(z64.sum()), 1))
print("conv results matching float64:", n_ok)

x = torch.randn(2, 3, 11, 10)
for k in (1, 2, 3, 4):
    for stride in (None, 1, 2, 3):
        for pad in (0, 1, 2):
            for ceil in (False, True):
                for dil in (1, 2):
                    try:
                        m, i = F.max_pool2d(x, k, stride, pad, dil, ceil, return_indices=True)
                        print("max", k, stride, pad, ceil, dil, tuple(m.shape),
                              round(float(m.double().sum()), 3), int(i.sum()))
                    except RuntimeError as e:
                        print("max", k, stride, pad, ceil, dil, "RuntimeError:", e)
                for cip in (False, True):
                    try:
                        a = F.avg_pool2d(x, k, stride, pad, ceil, cip)
                        print("avg", k, stride, pad, ceil, cip, tuple(a.shape),
                              round(float(a.double().sum()), 3))
                    except RuntimeError as e:
                        print("avg", k, stride, pad, ceil, cip, "RuntimeError:", e)
for out in (1, 2, 3, 5, 7, 11, 13):
    a = F.adaptive_avg_pool2d(x, (out, max(1, out - 1)))
    m = F.adaptive_max_pool2d(x, out)
    print("adaptive", out, tuple(a.shape), round(float(a.double().sum()), 3),
          round(float(m.double().sum()), 3))
