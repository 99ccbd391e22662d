# The top of a typical model file: future annotations, typing, a dataclass config, a
# NamedTuple output and an OrderedDict of layers feeding nn.Sequential.
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, asdict
from typing import List, NamedTuple, Optional, Tuple

import torch
import torch.nn as nn


@dataclass
class MLPConfig:
    in_features: int = 4
    hidden: List[int] = field(default_factory=lambda: [8, 8])
    out_features: int = 2
    dropout: Optional[float] = None
    name: str = "mlp"

    @property
    def widths(self) -> Tuple[int, ...]:
        return (self.in_features, *self.hidden, self.out_features)


class Output(NamedTuple):
    logits: torch.Tensor
    probs: torch.Tensor


class MLP(nn.Module):
    config: MLPConfig

    def __init__(self, config: MLPConfig) -> None:
        super().__init__()
        self.config = config
        layers: OrderedDict[str, nn.Module] = OrderedDict()
        widths = config.widths
        for i, (a, b) in enumerate(zip(widths, widths[1:])):
            layers[f"fc{i}"] = nn.Linear(a, b)
            if i < len(widths) - 2:
                layers[f"act{i}"] = nn.ReLU()
        self.net = nn.Sequential(layers)

    def forward(self, x: torch.Tensor) -> Output:
        logits = self.net(x)
        return Output(logits, torch.softmax(logits, dim=-1))


torch.manual_seed(0)
cfg = MLPConfig(hidden=[6])
print(cfg, asdict(cfg), cfg.widths)
model = MLP(cfg)
print(model)
print(MLPConfig.__annotations__)
print(MLP.__init__.__annotations__, MLP.forward.__annotations__)
with torch.no_grad():
    out = model(torch.ones(2, 4))
print(type(out).__name__, out._fields, out.logits.shape, out.probs.sum(dim=-1))
