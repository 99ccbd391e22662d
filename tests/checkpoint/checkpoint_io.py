# Runs under both CPython + PyTorch 1.13 and wick: `save PATH` writes a checkpoint,
# `load PATH` reads one and prints every value exactly (floats through repr of
# tolist(), so equal output means equal bits). interop_test.sh drives the two runtimes
# across each other's files.
import sys
from collections import OrderedDict

import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(4, 3)
        self.fc2 = torch.nn.Linear(3, 2)
        self.register_buffer("steps", torch.tensor([7], dtype=torch.int64))

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def build():
    torch.manual_seed(0)
    net = Net()
    base = torch.arange(12, dtype=torch.float64).reshape(3, 4) / 7
    return {
        "model": net.state_dict(),
        "base": base,
        "view": base[1],
        "column": base[:, 2],
        "ints": torch.tensor([[1, -2], [3, 2 ** 40]], dtype=torch.int64),
        "int32": torch.tensor([5, -6, 7], dtype=torch.int32),
        "mask": torch.tensor([True, False, True]),
        "scalar": torch.tensor(3.25),
        "empty": torch.zeros(0, 3),
        "nested": [torch.ones(2), (torch.full((2,), -1.5), {"deep": torch.eye(2)})],
        "meta": {"epoch": 3, "lr": 0.001, "name": "run-1", "flags": (True, None),
                 "dtype": torch.float64, "shape": torch.Size([2, 3]),
                 "device": torch.device("cpu")},
        "param": torch.nn.Parameter(torch.tensor([0.5, 0.25])),
    }


def show(name, v, indent=""):
    if isinstance(v, torch.Tensor):
        print("%s%s: %s %s %s %r" % (indent, name, type(v).__name__, v.dtype, list(v.shape),
                                     v.tolist()))
    elif isinstance(v, dict):
        print("%s%s: %s" % (indent, name, type(v).__name__))
        for k in v:
            show(k, v[k], indent + "  ")
    elif isinstance(v, (list, tuple)):
        print("%s%s: %s" % (indent, name, type(v).__name__))
        for i, x in enumerate(v):
            show(str(i), x, indent + "  ")
    else:
        print("%s%s: %r" % (indent, name, v))


def main():
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "save":
        torch.save(build(), path)
        return
    ckpt = torch.load(path, map_location="cpu")
    show("checkpoint", ckpt)
    # Views share their base's storage after loading, as they did before saving.
    ckpt["base"][1, 2] = 100.0
    print("shared:", ckpt["view"][2].item(), ckpt["column"][1].item())
    net = Net()
    net.load_state_dict(ckpt["model"])
    x = torch.arange(8, dtype=torch.float32).reshape(2, 4) / 10
    print("forward:", net(x).tolist())
    print("param requires_grad:", ckpt["param"].requires_grad,
          isinstance(ckpt["param"], torch.nn.Parameter))


main()
