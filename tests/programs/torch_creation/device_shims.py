# The device shims CPU scripts meet: torch.cuda without a device, torch.backends flags,
# thread counts and the float constants.
import torch
import torch.backends.cudnn as cudnn
print(torch.cuda.is_available(), torch.cuda.device_count(), torch.backends.cudnn.enabled, torch.backends.cudnn.benchmark, torch.backends.mps.is_available(), torch.backends.mkldnn.is_available(), torch.backends.cudnn.deterministic, torch.get_num_threads(), torch.get_num_interop_threads(), torch.inf, torch.pi, torch.e, torch.nan)
cudnn.benchmark = True
print(torch.backends.cudnn.benchmark)
for f in (torch.cuda.current_device, torch.cuda.synchronize):
    try:
        f()
    except AssertionError as e:
        print("AssertionError:", e)
for bad in (0, -2):
    try:
        torch.set_num_threads(bad)
    except RuntimeError as e:
        print("RuntimeError:", e)
torch.set_num_threads(1)
print(torch.cuda.manual_seed_all(0), torch.cuda.manual_seed(0), torch.backends.cudnn.version(), torch.get_num_threads())
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, torch.zeros(2, device=device))
