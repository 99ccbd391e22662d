# A training-script skeleton: argparse config, json round trip, seeded random data,
# regex log parsing, itertools batching, os.path checkpoint names and warnings.
import argparse
import itertools
import json
import os
import random
import re
import warnings
from functools import lru_cache

parser = argparse.ArgumentParser(description="toy trainer")
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--out", default="runs/toy")
args = parser.parse_args(["--epochs", "3"])
config = json.loads(json.dumps(vars(args), sort_keys=True))
print(config)

random.seed(1234)
data = [(random.uniform(-1, 1), random.gauss(0, 0.1)) for _ in range(10)]
w = 0.0
log = []
for epoch in range(config["epochs"]):
    random.shuffle(data)
    for batch in itertools.zip_longest(*[iter(data)] * 4):
        batch = [b for b in batch if b is not None]
        grad = sum(2 * (w * x - (3 * x + n)) * x for x, n in batch) / len(batch)
        w -= config["lr"] * grad
    log.append("epoch=%d w=%.4f" % (epoch, w))
print(log)
print([float(m.group(1)) for m in map(re.compile(r"w=(-?\d+\.\d+)").search, log)])

@lru_cache(maxsize=None)
def ckpt_name(epoch):
    return os.path.join(config["out"], "ckpt_%03d.json" % epoch)

print([os.path.basename(ckpt_name(e)) for e in range(config["epochs"])], ckpt_name.cache_info().misses)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    if w < 3:
        warnings.warn("weight below target: %.2f" % w)
print([str(c.message) for c in caught])
