# torch.save / torch.load of the non-tensor torch values checkpoints carry: dtypes,
# torch.Size and torch.device (each pickled as PyTorch pickles it), next to tensors.
import io

import torch

buf = io.BytesIO()
torch.save({"dtype": torch.float32, "dtypes": [torch.int64, torch.bool, torch.float64],
            "shape": torch.Size([2, 3]), "device": torch.device("cpu"),
            "t": torch.ones(2, dtype=torch.int32)}, buf)
buf.seek(0)
obj = torch.load(buf)
print(obj)
print(obj["dtype"] is torch.float32, type(obj["shape"]).__name__, obj["shape"].numel(),
      obj["device"].type)
