# torch.nn.functional for wick, written in Python over the public torch API so that the
# tracer can inline it. Each function matches PyTorch 1.13's results bit for bit (checked
# by validate_against_torch.py); scaled_dot_product_attention is PyTorch 2.x's math path.
import math

import torch
from torch._C import _nn
try:
    from torch._compile_markers import is_compiling as _is_compiling
except ImportError:  # this file run under PyTorch itself (validate_against_torch.py)
    def _is_compiling():
        return False
_name_grad_fn = getattr(torch._C, "_wick_name_grad_fn", None)


# The grad_fn name PyTorch gives an op that wick composes from others here (mse_loss is
# MseLossBackward0, not the MeanBackward0 of its last step): the last step's node is
# renamed. Compiled code skips it: compiled outputs' grad_fn is the compiled function's.
def _named(out, node):
    if _name_grad_fn is not None and not _is_compiling():
        _name_grad_fn(out, node)
    return out


# --- Activations ------------------------------------------------------------------------

def relu(input, inplace=False):
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)


# A value whose gradient is `slope` times the incoming one (slope a 0/1 mask or a
# constant), while the value itself is `value` exactly: for ops whose gradient at their
# corners PyTorch defines differently from the clamp they are computed with.
def _with_slope(value, input, slope):
    lin = input * slope
    return value.detach() + (lin - lin.detach())


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if inplace:
        return input.clamp_(min_val, max_val)
    out = input.clamp(min_val, max_val)
    if torch.is_grad_enabled() and input.requires_grad:
        # PyTorch's gradient is 0 at min_val and max_val themselves (clamp's is 1).
        out = _with_slope(out, input, ((input > min_val) & (input < max_val)).to(input.dtype))
    return _named(out, "HardtanhBackward0")


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if inplace:
        return torch.ops.aten.leaky_relu_(input, negative_slope)
    return torch.ops.aten.leaky_relu(input, negative_slope)


def _elu(input, alpha, scale, input_scale, inplace):
    # ELU, SELU and CELU are ATen's one elu op with different constants.
    if inplace:
        return torch.ops.aten.elu_(input, alpha, scale, input_scale)
    return torch.ops.aten.elu(input, alpha, scale, input_scale)


def elu(input, alpha=1.0, inplace=False):
    return _elu(input, alpha, 1.0, 1.0, inplace)


def selu(input, inplace=False):
    return _elu(input, 1.6732632423543772848170429916717, 1.0507009873554804934193349852946,
                1.0, inplace)


def celu(input, alpha=1.0, inplace=False):
    return _named(_elu(input, alpha, 1.0, 1.0 / alpha, inplace), "CeluBackward0")


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    if input.size(d) % 2 != 0:
        raise RuntimeError("Halving dimension must be even, but dimension {} is size {}".format(
            d, input.size(d)))
    a, b = input.chunk(2, d)
    return _named(a * b.sigmoid(), "GluBackward0")


def logsigmoid(input):
    # ATen's log_sigmoid: min(x, 0) - log1p(exp(-|x|)). Its min and |x| have one-sided
    # derivatives at 0 (1 there, where the true one is sigmoid(-0) = 0.5): the gradient
    # comes from -softplus(-x) instead, which adds exactly zero to the value.
    value = input.clamp(max=0) - torch.log1p(torch.exp(-input.abs()))
    if not (torch.is_grad_enabled() and input.requires_grad):
        return value
    smooth = -torch.nn.functional.softplus(-input)
    return _named(value.detach() + (smooth - smooth.detach()), "LogSigmoidBackward0")


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def threshold(input, threshold, value, inplace=False):
    out = torch.where(input <= threshold, torch.full_like(input, value), input)
    if inplace:
        return input.copy_(out)
    return _named(out, "ThresholdBackward0")


def prelu(input, weight):
    if weight.numel() != 1 and (input.dim() < 2 or weight.numel() != input.size(1)):
        raise RuntimeError("Mismatch of parameter numbers and input channel size. Found "
                           "parameter numbers = {} and channel size = {}.".format(
                               weight.numel(), input.size(1) if input.dim() >= 2 else 1))
    w = weight
    if weight.numel() != 1:
        shape = [1] * input.dim()
        shape[1] = weight.numel()
        w = weight.reshape(shape)
    return _named(torch.where(input > 0, input, w * input), "PreluBackward0")


def mish(input, inplace=False):
    out = input * torch.log1p(torch.exp(input)).tanh()
    if inplace:
        return input.copy_(out)
    return _named(out, "MishBackward0")


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_softmax_dim(input.dim())
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def hardsigmoid(input, inplace=False):
    # ATen: min(max(x + 3, 0), 6) / 6.
    out = (input + 3).clamp(0, 6) / 6
    if inplace:
        return input.copy_(out)
    if torch.is_grad_enabled() and input.requires_grad:
        # PyTorch's gradient is 1/6 strictly inside (-3, 3) only.
        out = _with_slope(out, input, ((input > -3) & (input < 3)).to(input.dtype) / 6)
    return _named(out, "HardsigmoidBackward0")


def hardswish(input, inplace=False):
    # ATen: x * min(max(x + 3, 0), 6) / 6, in that order.
    out = input * (input + 3).clamp(0, 6) / 6
    return input.copy_(out) if inplace else _named(out, "HardswishBackward0")


def gelu(input, approximate="none"):
    return _nn.gelu(input, approximate=approximate)


def silu(input, inplace=False):
    if inplace:
        return input.copy_(_nn.silu(input))
    return _nn.silu(input)


def tanh(input):
    return input.tanh()


def sigmoid(input):
    return input.sigmoid()


def _implicit_softmax_dim(ndim):
    # PyTorch's legacy choice when dim is None (it also warns; wick has no warnings).
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_softmax_dim(input.dim())
    if dtype is None:
        return input.softmax(dim)
    return input.softmax(dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_softmax_dim(input.dim())
    if dtype is None:
        return input.log_softmax(dim)
    return input.log_softmax(dim, dtype=dtype)


# --- Linear layers, normalisation, embeddings --------------------------------------------

def linear(input, weight, bias=None):
    return _nn.linear(input, weight, bias)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    return torch.layer_norm(input, normalized_shape, weight, bias, eps)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    # Note the argument order: F.embedding(input, weight) but torch.embedding(weight, input).
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        input = input.contiguous()
        with torch.no_grad():
            torch.embedding_renorm_(weight, input, max_norm, norm_type)
    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def one_hot(tensor, num_classes=-1):
    # ATen's one_hot (torch._C._nn.one_hot upstream). num_classes=-1 means max + 1, a value
    # read from the data: resolved here, so that the op itself has a static result shape
    # (a compiled function breaks its graph on the read, as upstream's does). A 0-dim
    # tensor num_classes (which PyTorch also takes) goes to the op as it is.
    if (not isinstance(num_classes, torch.Tensor) and num_classes == -1 and
            tensor.dtype == torch.int64 and tensor.numel() > 0):
        num_classes = int(tensor.max()) + 1
    return _aten_one_hot(tensor, num_classes)


_aten_one_hot = torch.ops.aten.one_hot


def softplus(input, beta=1, threshold=20):
    # ATen's softplus (torch._C._nn.softplus upstream): x where x * beta > threshold,
    # else log1p(exp(x * beta)) / beta.
    return _aten_softplus(input, beta, threshold)


_aten_softplus = torch.ops.aten.softplus


def pad(input, pad, mode="constant", value=None):
    # ATen's pad: constant_pad_nd for mode='constant'; reflect/replicate/circular pad the
    # last len(pad)//2 dims (1 to 3) of a batched or unbatched input.
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise NotImplementedError("Unrecognised padding mode " + str(mode))
    if mode == "constant":
        return _constant_pad_nd(input, pad, value)
    if value is not None and value != 0.0:
        raise RuntimeError(
            'Padding mode "{}" doesn\'t take in value argument'.format(mode))
    if len(pad) % 2 != 0:
        raise RuntimeError("Padding length must be divisible by 2")
    npad = len(pad) // 2
    if npad < 1 or npad > 3 or input.dim() - npad not in (1, 2):
        raise NotImplementedError(
            "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now")
    if mode == "circular":
        # PyTorch 1.13's circular padding takes batched inputs only.
        if len(pad) != 2 * (input.dim() - 2):
            raise RuntimeError("Invalid padding size, expected {} but got {}".format(
                2 * (input.dim() - 2), len(pad)))
        return _aten_pad_circular(input, pad)
    if mode == "reflect":
        return _reflection_pads[npad - 1](input, pad)
    return _replication_pads[npad - 1](input, pad)


_aten_pad_circular = torch.ops.aten._pad_circular
_reflection_pads = (torch.ops.aten.reflection_pad1d, torch.ops.aten.reflection_pad2d,
                    torch.ops.aten.reflection_pad3d)
_replication_pads = (torch.ops.aten.replication_pad1d, torch.ops.aten.replication_pad2d,
                     torch.ops.aten.replication_pad3d)


def _constant_pad_nd(input, pad, value):
    # ATen's constant_pad_nd (tensor/ops/conv/pad.cc): pad[2*i], pad[2*i+1] widen (or,
    # negative, crop) dim -1-i at its start and end; new cells hold `value` (0 if None).
    return torch.constant_pad_nd(input, pad, 0 if value is None else value)


# --- Convolutions and pooling (ATen ops, tensor/ops/conv) ------------------------------

# Builtins in PyTorch too: padding may be ints, tuples, 'same' or 'valid'.
conv1d = torch.conv1d
conv2d = torch.conv2d
conv3d = torch.conv3d
conv_transpose1d = torch.conv_transpose1d
conv_transpose2d = torch.conv_transpose2d
conv_transpose3d = torch.conv_transpose3d
avg_pool1d = torch.avg_pool1d
adaptive_avg_pool1d = torch.adaptive_avg_pool1d


def _no_stride(stride):
    # F.*_pool(stride=None) means "the kernel size", which ATen spells as [].
    return [] if stride is None else stride


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if return_indices:
        return torch.max_pool1d_with_indices(input, kernel_size, _no_stride(stride), padding,
                                             dilation, ceil_mode)
    return torch.max_pool1d(input, kernel_size, _no_stride(stride), padding, dilation,
                            ceil_mode)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if return_indices:
        return _aten_max_pool2d_with_indices(input, kernel_size, _no_stride(stride), padding,
                                             dilation, ceil_mode)
    return torch.max_pool2d(input, kernel_size, _no_stride(stride), padding, dilation,
                            ceil_mode)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if return_indices:
        return _aten_max_pool3d_with_indices(input, kernel_size, _no_stride(stride), padding,
                                             dilation, ceil_mode)
    return torch.max_pool3d(input, kernel_size, _no_stride(stride), padding, dilation,
                            ceil_mode)


_aten_max_pool2d_with_indices = torch.ops.aten.max_pool2d_with_indices
_aten_max_pool3d_with_indices = torch.ops.aten.max_pool3d_with_indices


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _aten_avg_pool2d(input, kernel_size, _no_stride(stride), padding, ceil_mode,
                            count_include_pad, divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _aten_avg_pool3d(input, kernel_size, _no_stride(stride), padding, ceil_mode,
                            count_include_pad, divisor_override)


_aten_avg_pool2d = torch.ops.aten.avg_pool2d
_aten_avg_pool3d = torch.ops.aten.avg_pool3d


def _list_with_default(out_size, defaults):
    # None entries of an adaptive output size keep the input's size there.
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError("Input dimension should be at least {}".format(len(out_size) + 1))
    return [v if v is not None else d
            for v, d in zip(out_size, defaults[-len(out_size):])]


def adaptive_avg_pool2d(input, output_size):
    return _aten_adaptive_avg_pool2d(input, _list_with_default(output_size, input.size()))


def adaptive_max_pool1d(input, output_size, return_indices=False):
    out, indices = torch.adaptive_max_pool1d(input, output_size)
    return (out, indices) if return_indices else out


def adaptive_max_pool2d(input, output_size, return_indices=False):
    out, indices = _aten_adaptive_max_pool2d(input,
                                             _list_with_default(output_size, input.size()))
    return (out, indices) if return_indices else out


_aten_adaptive_avg_pool2d = torch.ops.aten.adaptive_avg_pool2d
_aten_adaptive_max_pool2d = torch.ops.aten.adaptive_max_pool2d


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    # PyTorch 1.13's Python definition: input / max(||input||_p along dim, eps).
    if out is not None:
        raise NotImplementedError("wick's F.normalize does not take out=")
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


# A builtin in PyTorch as well (ATen's composite, tensor/ops/reduction/distance.cc).
cosine_similarity = torch.cosine_similarity


# --- Dropout ------------------------------------------------------------------------------

def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(
            "dropout probability has to be between 0 and 1, but got {}".format(p))
    # ATen's CPU dropout: identity (the same tensor) when off; otherwise a Bernoulli(1-p)
    # mask drawn from the global generator, scaled by 1/(1-p), then multiplied in.
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        if inplace:
            return input.mul_(torch.zeros((), dtype=input.dtype))
        return input * torch.zeros((), dtype=input.dtype)
    noise = torch.empty_like(input).bernoulli_(1 - p)
    noise.div_(1 - p)
    if inplace:
        return input.mul_(noise)
    return input * noise


# --- Attention ----------------------------------------------------------------------------

def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None):
    # The math path: softmax(q @ k^T * scale + mask) @ v. A boolean mask keeps positions
    # where it is True; a float mask is added to the scores.
    L = query.size(-2)
    S = key.size(-2)
    scale_factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    scores = torch.matmul(query, key.transpose(-2, -1)) * scale_factor
    if is_causal:
        causal = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
        scores = scores.masked_fill(causal.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            scores = scores + attn_mask
    weights = torch.softmax(scores, dim=-1)
    if dropout_p > 0.0:
        weights = dropout(weights, p=dropout_p, training=True)
    return torch.matmul(weights, value)


# --- Losses -------------------------------------------------------------------------------

def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not a valid value for reduction")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    # ATen: pow(input - target, 2) after broadcasting, then the reduction.
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    return _named(_reduce((expanded_input - expanded_target).pow(2), reduction),
                  "MseLossBackward0")


def _reduce_legacy(loss, size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        reduction = ["none", "mean", "sum"][_reduction_enum(size_average, reduce, reduction)]
    return _reduce(loss, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    return _reduce_legacy((expanded_input - expanded_target).abs(), size_average, reduce,
                          reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    # ATen's kernel per element: |d| < beta ? 0.5 * d * d / beta : |d| - 0.5 * beta.
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    d = expanded_input - expanded_target
    if beta == 0.0:
        # |d|, with ATen's gradient: -1 where d <= -beta, so also at d == 0.
        loss = torch.where(d <= 0, -d, d)
    else:
        z = d.abs()
        loss = torch.where(z < beta, 0.5 * z * z / beta, z - 0.5 * beta)
    return _named(_reduce_legacy(loss, size_average, reduce, reduction), "SmoothL1LossBackward0")


def huber_loss(input, target, reduction="mean", delta=1.0):
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    z = (expanded_input - expanded_target).abs()
    loss = torch.where(z < delta, 0.5 * z * z, delta * (z - 0.5 * delta))
    return _named(_reduce(loss, reduction), "HuberLossBackward0")


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction = ["none", "mean", "sum"][_reduction_enum(size_average, reduce, reduction)]
    elif reduction == "mean":
        import warnings
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and "
                      "the support size.'batchmean' divides only by the batch size, and "
                      "aligns with the KL div math definition.'mean' will be changed to "
                      "behave the same as 'batchmean' in the next major release.")
    if log_target:
        loss = torch.exp(target) * (target - input)
    else:
        # xlogy(t, t) - t * input, with 0 where t == 0 (ATen's xlogy).
        loss = torch.where(target == 0, torch.zeros_like(target), target * torch.log(target)) \
            - target * input
    if reduction == "batchmean":
        return loss.sum() / input.size(0) if input.dim() != 0 else loss.sum()
    return _reduce(loss, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    # ATen 1.13's formula, operation for operation (a stable log(1 + exp(-x))).
    if target.shape != input.shape:
        raise ValueError("Target size ({}) must be the same as input size ({})".format(
            target.shape, input.shape))
    max_val = (-input).clamp_min(0)
    if pos_weight is not None:
        log_weight = (pos_weight - 1) * target + 1
        loss = (1 - target) * input + log_weight * (
            ((-max_val).exp() + (-input - max_val).exp()).log() + max_val)
    else:
        loss = (1 - target) * input + max_val + ((-max_val).exp() + (-input - max_val).exp()).log()
    if weight is not None:
        loss = loss * weight
    return _reduce_legacy(loss, size_average, reduce, reduction)


def _reduction_enum(size_average, reduce, reduction):
    # PyTorch's _Reduction: the legacy size_average/reduce pair wins when either is given.
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "mean" if size_average and reduce else ("sum" if reduce else "none")
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(reduction + " is not a valid value for reduction")


def _scalar_type_name(dtype):
    return {torch.int64: "Long", torch.int32: "Int", torch.bool: "Bool"}.get(dtype, str(dtype))


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    return _nn.nll_loss_nd(input, target, weight,
                             _reduction_enum(size_average, reduce, reduction), ignore_index)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    # ATen's ctc_loss: per-sample negative log likelihoods (the alpha recursion, in C++),
    # then zero_infinity and the reduction (mean divides by the target lengths first).
    red = _reduction_enum(None, None, reduction)
    if isinstance(input_lengths, torch.Tensor):
        input_lengths = input_lengths.tolist()
    if isinstance(target_lengths, torch.Tensor):
        target_lengths = target_lengths.tolist()
    unbatched = log_probs.dim() == 2
    if unbatched:
        log_probs = log_probs.unsqueeze(1)
        targets = targets.unsqueeze(0)
        if not isinstance(input_lengths, (list, tuple)):
            input_lengths = [input_lengths]
        if not isinstance(target_lengths, (list, tuple)):
            target_lengths = [target_lengths]
    res = torch.ops.aten._ctc_loss_per_sample(log_probs, targets, list(input_lengths),
                                              list(target_lengths), blank, zero_infinity)
    if zero_infinity:
        res = torch.where(res == float("inf"), torch.zeros_like(res), res)
    if unbatched and red == 0:
        return res.squeeze(0)
    if red == 1:
        lengths = torch.tensor(list(target_lengths), dtype=res.dtype).clamp_min(1)
        return (res / lengths).mean()
    if red == 2:
        return res.sum()
    return res


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    # ATen's cross_entropy_loss: log_softmax over the class dim, then nll_loss for class
    # indices (plus the smoothing term) or the weighted sum for class probabilities.
    red = _reduction_enum(size_average, reduce, reduction)
    class_dim = 0 if input.dim() == 1 else 1
    n_classes = input.size(class_dim)
    if input.shape == target.shape:
        if not target.is_floating_point():
            raise RuntimeError("Expected floating point type for target with class "
                               "probabilities, got " + _scalar_type_name(target.dtype))
        if weight is not None and (weight.dim() != 1 or weight.numel() != n_classes):
            raise RuntimeError(
                "cross_entropy: weight tensor should be defined either for all " +
                str(n_classes) + " classes or no classes but got weight tensor of shape: " +
                str(list(weight.shape)))
        logp = input.log_softmax(class_dim)
        if label_smoothing > 0.0:
            if label_smoothing > 1.0:
                raise RuntimeError("label_smoothing must be between 0.0 and 1.0. Got: " +
                                   str(label_smoothing))
            target = target * (1 - label_smoothing) + label_smoothing / n_classes
        terms = logp * target
        if weight is not None:
            shape = [1] * input.dim()
            shape[class_dim] = n_classes
            terms = terms * weight.view(shape)
        if red == 0:
            return -terms.sum(class_dim)
        if red == 2:
            return -terms.sum()
        if input.numel() == 0:
            return -terms.sum().fill_(float("nan"))
        return -terms.sum() / (input.numel() // n_classes)
    if label_smoothing > 1.0 or label_smoothing < 0.0:
        raise RuntimeError("label_smoothing must be between 0.0 and 1.0. Got: " +
                           str(label_smoothing))
    logp = input.log_softmax(class_dim)
    nll = _nn.nll_loss_nd(logp, target, weight, red, ignore_index)
    if label_smoothing == 0.0:
        return nll
    ignore_mask = target == ignore_index
    if weight is not None:
        shape = [1] * input.dim()
        shape[class_dim] = n_classes
        smooth = -(logp * weight.view(shape)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = smooth.masked_fill(ignore_mask, 0.0)
    if red == 1:
        if weight is not None:
            kept = target.masked_select(ignore_mask.logical_not()).flatten()
            smooth = smooth.sum() / weight.gather(0, kept).sum()
        else:
            smooth = smooth.sum() / ignore_mask.logical_not().sum()
    elif red == 2:
        smooth = smooth.sum()
    return (1 - label_smoothing) * nll + smooth * (label_smoothing / n_classes)


# --- Normalization layers (ATen ops, tensor/ops/linalg/batch_norm.cc) ----------------------

def _verify_batch_size(size):
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError(
            "Expected more than 1 value per channel when training, got input size {}".format(
                size))


def _verify_spatial_size(size):
    size_prods = 1
    for i in range(2, len(size)):
        size_prods *= size[i]
    if size_prods == 1:
        raise ValueError(
            "Expected more than 1 spatial element when training, got input size {}".format(size))


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    # torch.batch_norm updates running_mean/running_var in place when training.
    if training:
        _verify_batch_size(input.size())
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum,
                            eps, False)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    if use_input_stats:
        _verify_spatial_size(input.size())
    # ATen's instance_norm: batch norm of the input seen as (1, N*C, ...) with every
    # per-channel tensor repeated N times; the running statistics are then the mean over
    # the batch of the repeated copies' updates.
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError(
            "Expected running_mean and running_var to be defined when use_input_stats is false")
    b = input.size(0)
    c = input.size(1)
    shape = [1, b * c] + list(input.shape[2:])
    weight_ = None if weight is None else weight.repeat(b)
    bias_ = None if bias is None else bias.repeat(b)
    running_mean_ = None if running_mean is None else running_mean.repeat(b)
    running_var_ = None if running_var is None else running_var.repeat(b)
    out = torch.batch_norm(input.contiguous().view(shape), weight_, bias_, running_mean_,
                           running_var_, use_input_stats, momentum, eps, False)
    if running_mean is not None:
        running_mean.copy_(running_mean_.view(b, c).mean(0))
    if running_var is not None:
        running_var.copy_(running_var_.view(b, c).mean(0))
    return out.view(input.shape)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] +
                       list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps, False)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        raise ValueError(
            "Expected 3D or higher dimensionality                          input (got {} "
            "dimensions)".format(dim))
    if input.numel() == 0:
        return input
    # PyTorch averages the zero-padded squares over `size` channels with avg_pool2d/3d;
    # the same window sums, in the same order, then the same division.
    sq = input.mul(input)
    sizes = input.size()
    channels = sizes[1]
    before, after = size // 2, (size - 1) // 2
    rest = list(sizes[2:])
    padded = torch.cat([torch.zeros([sizes[0], before] + rest, dtype=input.dtype), sq,
                        torch.zeros([sizes[0], after] + rest, dtype=input.dtype)], 1)
    div = padded.narrow(1, 0, channels)
    for j in range(1, size):
        div = div + padded.narrow(1, j, channels)
    div = div / size
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


# --- Resampling (ATen's upsample_*, im2col/col2im, pixel_shuffle) -----------------------

def _pair(x):
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x, x)


# Bound once here: the tracer reads module globals, not torch.ops attributes.
_aten_upsample_nearest1d = torch.ops.aten.upsample_nearest1d
_aten_upsample_nearest2d = torch.ops.aten.upsample_nearest2d
_aten_upsample_nearest3d = torch.ops.aten.upsample_nearest3d
_aten_upsample_nearest_exact1d = torch.ops.aten._upsample_nearest_exact1d
_aten_upsample_nearest_exact2d = torch.ops.aten._upsample_nearest_exact2d
_aten_upsample_nearest_exact3d = torch.ops.aten._upsample_nearest_exact3d
_aten_upsample_linear1d = torch.ops.aten.upsample_linear1d
_aten_upsample_bilinear2d = torch.ops.aten.upsample_bilinear2d
_aten_upsample_trilinear3d = torch.ops.aten.upsample_trilinear3d
_aten_upsample_bicubic2d = torch.ops.aten.upsample_bicubic2d


def _upsample_op(ndim, mode):
    # ATen's op for an input rank and mode (None where F.interpolate has none).
    if mode == "nearest":
        if ndim == 3:
            return _aten_upsample_nearest1d
        if ndim == 4:
            return _aten_upsample_nearest2d
        if ndim == 5:
            return _aten_upsample_nearest3d
    if mode == "nearest-exact":
        if ndim == 3:
            return _aten_upsample_nearest_exact1d
        if ndim == 4:
            return _aten_upsample_nearest_exact2d
        if ndim == 5:
            return _aten_upsample_nearest_exact3d
    if mode == "linear" and ndim == 3:
        return _aten_upsample_linear1d
    if mode == "bilinear" and ndim == 4:
        return _aten_upsample_bilinear2d
    if mode == "trilinear" and ndim == 5:
        return _aten_upsample_trilinear3d
    if mode == "bicubic" and ndim == 4:
        return _aten_upsample_bicubic2d
    return None


_needs_dims = {"linear": 3, "bilinear": 4, "trilinear": 5}


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError(
                "align_corners option can only be set with the interpolating modes: "
                "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got "
                    "input with spatial dimensions of {} and output size of {}. Please provide "
                    "input tensor in (N, C, d1, d2, ...,dK) format and output size in "
                    "(o1, o2, ...,oK) format.".format(list(input.shape[2:]), size))
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    "Input and scale_factor must have the same number of spatial dimensions, but "
                    "got input with spatial dimensions of {} and scale_factor of shape {}. Please "
                    "provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in "
                    "(s1, s2, ...,sK) format.".format(list(input.shape[2:]), scale_factor))
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        output_size = [int(math.floor(float(input.size(i + 2)) * scale_factors[i]))
                       for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ("bilinear", "bicubic") and input.dim() == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if antialias:
        raise NotImplementedError("wick's F.interpolate does not support antialias=True")
    if output_size is not None:
        output_size = [int(s) for s in output_size]
    if scale_factors is not None:
        scale_factors = [float(s) for s in scale_factors]
    op = _upsample_op(input.dim(), mode)
    if op is not None:
        if mode == "nearest" or mode == "nearest-exact":
            return op(input, output_size, scale_factors)
        return op(input, output_size, align_corners, scale_factors)
    if mode == "area" and input.dim() == 3:
        return adaptive_avg_pool1d(input, output_size)
    if mode == "area" and input.dim() == 4:
        return adaptive_avg_pool2d(input, output_size)
    if mode == "area" and input.dim() == 5:
        raise NotImplementedError("wick's F.interpolate has no mode='area' for 5D input")
    if mode in _needs_dims and 3 <= input.dim() <= 5:
        raise NotImplementedError("Got {}D input, but {} mode needs {}D input".format(
            input.dim(), mode, _needs_dims[mode]))
    raise NotImplementedError(
        "Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
        "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})".format(
            input.dim(), mode))


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


pixel_shuffle = torch.pixel_shuffle
pixel_unshuffle = torch.pixel_unshuffle
_aten_im2col = torch.ops.aten.im2col
_aten_col2im = torch.ops.aten.col2im


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    return _aten_im2col(input, _pair(kernel_size), _pair(dilation), _pair(padding),
                        _pair(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    return _aten_col2im(input, _pair(output_size), _pair(kernel_size), _pair(dilation),
                        _pair(padding), _pair(stride))


from torch.nn._functional_extra import (  # noqa: E402 (after the functions it uses)
    bilinear, binary_cross_entropy, cosine_embedding_loss, gaussian_nll_loss,
    hinge_embedding_loss, margin_ranking_loss, multilabel_soft_margin_loss, pairwise_distance,
    poisson_nll_loss, soft_margin_loss, triplet_margin_loss)
from torch.nn._functional_mha import multi_head_attention_forward  # noqa: E402
