# torch.save / torch.load round trips within one runtime: files and in-memory buffers,
# state dicts into a fresh model, shared storages, dtypes, map_location forms, and the
# errors for missing, truncated and non-checkpoint files and forbidden globals.
import io
import os
import pickle
from collections import OrderedDict

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
path = "/tmp/wick_torch_serialization_%d.pt" % os.getpid()
torch.save(model.state_dict(), path)
fresh = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
print(fresh.load_state_dict(torch.load(path)))
x = torch.tensor([[0.5, -1.0, 2.0]])
with torch.no_grad():
    print(torch.equal(fresh(x), model(x)), fresh(x))
sd = torch.load(path, map_location="cpu")
print(type(sd).__name__, list(sd.keys()), sd["0.bias"])
for loc in [torch.device("cpu"), {"cpu": "cpu"}, lambda storage, location: storage]:
    print(torch.equal(torch.load(path, map_location=loc)["2.weight"], model[2].weight))

buf = io.BytesIO()
base = torch.arange(6.0).reshape(2, 3)
torch.save({"base": base, "row": base[1], "t": base.t(), "n": 3,
            "d": torch.tensor([1.5, 2.5], dtype=torch.float64),
            "i": torch.tensor([1, 2], dtype=torch.int32), "b": torch.tensor([True])}, buf)
buf.seek(0)
obj = torch.load(buf)
print(obj["base"], obj["row"], obj["t"], obj["t"].stride(), obj["n"])
obj["base"][1, 0] = 42.0
print(obj["row"], obj["t"][0], obj["d"], obj["i"], obj["b"])
with open(path, "wb") as f:
    torch.save([torch.ones(2), (1, "two")], f)
with open(path, "rb") as f:
    print(torch.load(f))

with open(path, "rb") as f:
    data = f.read()
with open(path, "wb") as f:
    f.write(data[:len(data) // 2])
for bad in [path, path + ".missing"]:
    try:
        torch.load(bad)
    except RuntimeError as e:
        print("RuntimeError", e)
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno, e.strerror)
evil = io.BytesIO()
torch.save({"ok": 1}, evil)
try:
    torch.load(io.BytesIO(pickle.dumps(print, 2)), weights_only=True)
except pickle.UnpicklingError as e:
    print("UnpicklingError", str(e)[:60])
os.remove(path)
