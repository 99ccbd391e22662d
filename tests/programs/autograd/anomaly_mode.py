# Anomaly detection: torch.autograd.detect_anomaly / set_detect_anomaly switch it (as
# context managers and calls), torch.is_anomaly_enabled reports it, and with check_nan a
# backward whose node returns NaN raises naming the node and the output.
import warnings

import torch

print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ctx = torch.autograd.detect_anomaly()
print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
warnings.simplefilter("ignore")  # the forward-traceback warning PyTorch adds
x = torch.tensor([0.0, 1.0], requires_grad=True)
with ctx:
    print(torch.is_anomaly_enabled())
    try:
        (x / x).sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    y = torch.tensor([4.0, 9.0], requires_grad=True)
    y.sqrt().sum().backward()
    print(y.grad)
print(torch.is_anomaly_enabled())

# Without anomaly mode the NaN gradient just arrives.
x.grad = None
(x / x).sum().backward()
print(x.grad)

torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
try:
    x.grad = None
    (x.sqrt() * 0).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
torch.autograd.set_detect_anomaly(False)
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    x.grad = None
    (x / x).sum().backward()
    print(x.grad)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
