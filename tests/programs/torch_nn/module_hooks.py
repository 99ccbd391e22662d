# Forward hooks and pre-hooks (replacing inputs and outputs, removable handles, global
# hooks), state-dict hooks, and load_state_dict's strict/non-strict results and messages.
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
x = torch.tensor([[1.0, -2.0, 0.5]])


def record(module, inputs, output):
    print("hook", type(module).__name__, len(inputs), tuple(output.shape))


def double_input(module, inputs):
    return inputs[0] * 2


def single_input(module, inputs):
    return (inputs[0] + 1,)


def negate_output(module, inputs, output):
    return -output


with torch.no_grad():
    base = model(x)
    h1 = model[0].register_forward_hook(record)
    h2 = model[2].register_forward_hook(record)
    print(base, torch.equal(model(x), base))
    h3 = model[0].register_forward_pre_hook(double_input)
    print(model(x))
    h3.remove()
    h3.remove()
    h4 = model.register_forward_hook(negate_output)
    print(model(x), torch.equal(model(x), -base))
    h4.remove()
    with model[0].register_forward_pre_hook(single_input):
        print(model(x))
    print(torch.equal(model(x), base))
    print(type(h1).__name__, h2.id - h1.id, len(model[0]._forward_hooks))
    h1.remove()
    h2.remove()
    g = register_module_forward_hook(record)
    model(x)
    g.remove()
    model(x)

# State-dict hooks.
def add_key(module, state_dict, prefix, local_metadata):
    state_dict[prefix + "extra"] = torch.tensor(local_metadata["version"])


def rename(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
           error_msgs):
    if prefix + "w" in state_dict:
        state_dict[prefix + "weight"] = state_dict.pop(prefix + "w")


lin = nn.Linear(2, 2)
lin._register_state_dict_hook(add_key)
print(list(lin.state_dict().keys()), lin.state_dict()["extra"])
lin2 = nn.Linear(2, 2)
lin2._register_load_state_dict_pre_hook(rename)
print(lin2.load_state_dict({"w": torch.ones(2, 2), "bias": torch.zeros(2)}))
print(lin2.weight)
seen_mod = []
lin2._register_load_state_dict_pre_hook(
    lambda m, sd, prefix, *rest: seen_mod.append(type(m).__name__), with_module=True)
lin2.register_load_state_dict_post_hook(
    lambda m, keys: seen_mod.append((keys.missing_keys, keys.unexpected_keys)))
print(lin2.load_state_dict({"weight": torch.ones(2, 2)}, strict=False), seen_mod)


def clear_missing(module, keys):
    keys.missing_keys.clear()


lin3 = nn.Linear(2, 2)
lin3.register_load_state_dict_post_hook(clear_missing)
print(lin3.load_state_dict({"weight": torch.ones(2, 2)}))

# Non-strict loading and the strict messages.
net = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
sd = {"0.weight": torch.zeros(3, 2), "1.bias": torch.ones(3), "2.weight": torch.ones(1),
      "1.extra": torch.ones(1)}
r = net.load_state_dict(sd, strict=False)
print(r)
print(r.missing_keys, r.unexpected_keys)
missing, unexpected = r
print(missing == r.missing_keys, unexpected)
try:
    net.load_state_dict(sd)
except RuntimeError as e:
    print(e)
try:
    net.load_state_dict({"0.weight": torch.zeros(2, 2)}, strict=False)
except RuntimeError as e:
    print(e)

# state_dict() records each module's version in _metadata; load_state_dict passes it on
# (BatchNorm fills in num_batches_tracked only for unversioned, i.e. plain, dicts).
bn = nn.BatchNorm1d(2)
sd = bn.state_dict()
print(sorted(sd._metadata.items()))
del sd["num_batches_tracked"]
print(bn.load_state_dict(sd, strict=False))
print(bn.load_state_dict({k: v for k, v in sd.items()}))
print(sorted(net.state_dict()._metadata.keys()))
