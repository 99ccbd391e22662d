# torch.nn.init for wick: in-place parameter initialisers over the public torch API.
# The bounds are computed with the same float operations as PyTorch 1.13 and the draws
# come from the global generator in the same order, so seeded models are bit-identical.
import math

import torch


def calculate_gain(nonlinearity, param=None):
    linear_fns = ["linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d",
                  "conv_transpose2d", "conv_transpose3d"]
    if nonlinearity in linear_fns or nonlinearity == "sigmoid":
        return 1
    elif nonlinearity == "tanh":
        return 5.0 / 3
    elif nonlinearity == "relu":
        return math.sqrt(2.0)
    elif nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif (not isinstance(param, bool) and isinstance(param, int)) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError("negative_slope {} not a valid number".format(param))
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    elif nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError("Unsupported nonlinearity {}".format(nonlinearity))


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer "
                         "than 2 dimensions")
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    fan_in = tensor.size(1) * receptive_field_size
    fan_out = tensor.size(0) * receptive_field_size
    return fan_in, fan_out


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError("Mode {} not supported, please use one of {}".format(mode, valid_modes))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


# --- Filling with constants and distributions (no autograd recording) -------------------

def uniform_(tensor, a=0.0, b=1.0):
    with torch.no_grad():
        return tensor.uniform_(a, b)


def normal_(tensor, mean=0.0, std=1.0):
    with torch.no_grad():
        return tensor.normal_(mean, std)


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


# --- Scaled initialisers ------------------------------------------------------------------

def xavier_uniform_(tensor, gain=1.0):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a)


def xavier_normal_(tensor, gain=1.0):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    # Zero-element tensors are left alone (PyTorch also warns).
    if tensor.numel() == 0:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    if tensor.numel() == 0:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    return normal_(tensor, 0, std)


def _erfinv(y):
    # ATen's calc_erfinv elementwise in y's dtype (wick has no erfinv op yet): a
    # rational first guess (central or tail form), then two Newton steps on erf.
    dtype = y.dtype
    one = torch.ones((), dtype=dtype)
    y_abs = y.abs()
    z = y * y
    num = ((-0.140543331 * z + 0.914624893) * z + -1.645349621) * z + 0.886226899
    dem = (((0.012229801 * z + -0.329097515) * z + 1.442710462) * z + -2.118377725) * z + one
    central = y * num / dem
    zt = torch.sqrt(-torch.log((one - y_abs) / 2.0))
    num_t = ((1.641345311 * zt + 3.429567803) * zt + -1.624906493) * zt + -1.970840454
    dem_t = (1.637067800 * zt + 3.543889200) * zt + one
    tail = torch.where(y < 0, -num_t, num_t) / dem_t
    x = torch.where(y_abs <= 0.7, central, tail)
    two_over_sqrt_pi = torch.tensor(2.0 / math.sqrt(math.pi), dtype=dtype)
    for _ in range(2):
        x = x - (torch.erf(x) - y) / (two_over_sqrt_pi * torch.exp(-x * x))
    return x


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0):
    # Inverse-CDF sampling, as PyTorch 1.13: one uniform_ draw per element, then erfinv.
    def norm_cdf(x):
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if (mean < a - 2 * std) or (mean > b + 2 * std):
        import warnings
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
                      "The distribution of values may be incorrect.")
    with torch.no_grad():
        low = norm_cdf((a - mean) / std)
        up = norm_cdf((b - mean) / std)
        tensor.uniform_(2 * low - 1, 2 * up - 1)
        if hasattr(tensor, "erfinv_"):
            tensor.erfinv_()
        else:
            tensor.copy_(_erfinv(tensor))
        tensor.mul_(std * math.sqrt(2.0))
        tensor.add_(mean)
        tensor.clamp_(min=a, max=b)
        return tensor


def eye_(tensor):
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with torch.no_grad():
        tensor.copy_(torch.eye(tensor.shape[0], tensor.shape[1], dtype=tensor.dtype))
    return tensor


def dirac_(tensor, groups=1):
    dimensions = tensor.ndimension()
    if dimensions not in [3, 4, 5]:
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    centre = tuple([s // 2 for s in sizes[2:]])
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                tensor[(g * out_chans_per_grp + d, d) + centre] = 1
    return tensor


def _householder_q(a):
    # The Q of a (float64, rows >= cols) whose R has a positive diagonal: Householder
    # reflections, then each column's sign flipped where R's diagonal is negative.
    # Q is unique given that sign rule, so it is the Q that PyTorch's
    # `q * diag(r).sign()` makes of LAPACK's geqrf/orgqr.
    m, n = a.shape
    a = a.clone()
    vs = []
    signs = []
    for k in range(n):
        x = a[k:, k]
        norm = x.norm().item()
        x0 = x[0].item()
        alpha = -norm if x0 >= 0 else norm
        v = x.clone()
        v[0] = x0 - alpha
        vnorm = v.norm().item()
        if vnorm > 0:
            v = v / vnorm
            block = a[k:, k:]
            a[k:, k:] = block - 2.0 * torch.outer(v, torch.matmul(v, block))
        vs.append(v if vnorm > 0 else None)
        signs.append(-1.0 if alpha < 0 else 1.0)
    q = torch.eye(m, n, dtype=torch.float64)
    for k in range(n - 1, -1, -1):
        v = vs[k]
        if v is not None:
            block = q[k:, :]
            q[k:, :] = block - 2.0 * torch.outer(v, torch.matmul(v, block))
    return q * torch.tensor(signs, dtype=torch.float64)


def orthogonal_(tensor, gain=1):
    # One normal_ draw of rows x (numel / rows) values (the global stream PyTorch uses),
    # then the orthonormal factor of its QR (of the transpose when rows < cols).
    if tensor.ndimension() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    with torch.no_grad():
        flattened = torch.empty((rows, cols), dtype=tensor.dtype).normal_(0, 1)
        if rows < cols:
            flattened = flattened.t()
        q = _householder_q(flattened.to(torch.float64)).to(tensor.dtype)
        if rows < cols:
            q = q.t()
        tensor.copy_(q.reshape(tensor.shape))
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01):
    # normal_(0, std), then per column one randperm of the rows: the first
    # ceil(sparsity * rows) of it are zeroed.
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = int(math.ceil(sparsity * rows))
    with torch.no_grad():
        tensor.normal_(0, std)
        for col_idx in range(cols):
            row_indices = torch.randperm(rows)
            for r in row_indices[:num_zeros].tolist():
                tensor[r, col_idx] = 0
    return tensor


def _make_deprecate(meth):
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        import warnings
        warnings.warn("nn.init.{} is now deprecated in favor of nn.init.{}."
                      .format(old_name, new_name))
        return meth(*args, **kwargs)

    deprecated_init.__name__ = old_name
    return deprecated_init


uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
eye = _make_deprecate(eye_)
dirac = _make_deprecate(dirac_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)
orthogonal = _make_deprecate(orthogonal_)
sparse = _make_deprecate(sparse_)
