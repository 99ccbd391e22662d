# torch.nn._functional_extra: the distance functions and the smaller losses of
# torch.nn.functional (re-exported there), written with ATen 1.13's formulas operation
# for operation so values round as PyTorch's do, and its checks and messages.
import math

import torch


def _reduction_name(size_average, reduce, reduction):
    # PyTorch's _Reduction: the legacy size_average/reduce pair wins when either is given.
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        return "mean" if size_average and reduce else ("sum" if reduce else "none")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    return reduction


def _apply_reduction(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    # The norm of x1 - x2 + eps over the last dimension of the broadcast shape.
    output_dim = max(x1.dim(), x2.dim())
    return torch.norm(x1 - x2 + eps, p, output_dim - 1, keepdim)


def bilinear(input1, input2, weight, bias=None):
    # y[..., o] = sum_ij x1[..., i] W[o, i, j] x2[..., j] (+ b[o]).
    if input1.dim() != input2.dim():
        raise RuntimeError("bilinear(): input dimensions do not match: got {} and {}".format(
            input1.dim(), input2.dim()))
    for i in range(input1.dim() - 1):
        if input1.size(i) != input2.size(i):
            raise RuntimeError("bilinear(): input batch dimensions do not match: got {} and {}"
                               .format(input1.size(i), input2.size(i)))
    if input1.size(-1) != weight.size(1):
        raise RuntimeError("bilinear(): input1 size does not match weight size: got {} but "
                           "expected {}".format(input1.size(-1), weight.size(1)))
    if input2.size(-1) != weight.size(2):
        raise RuntimeError("bilinear(): input2 size does not match weight size: got {} but "
                           "expected {}".format(input2.size(-1), weight.size(2)))
    if bias is not None and bias.size(0) != weight.size(0):
        raise RuntimeError("bilinear(): bias size does not match weight size: got {} but "
                           "expected {}".format(bias.size(0), weight.size(0)))
    out_features, in1, in2 = weight.shape
    batch = list(input1.shape[:-1])
    x1 = input1.reshape(-1, in1)
    x2 = input2.reshape(-1, in2)
    # (B, I) @ (I, O*J) -> (B, O, J), then the dot with x2 over J.
    left = torch.matmul(x1, weight.permute(1, 0, 2).reshape(in1, out_features * in2))
    out = torch.matmul(left.reshape(-1, out_features, in2), x2.unsqueeze(-1)).squeeze(-1)
    out = out.reshape(batch + [out_features])
    if bias is not None:
        out = out + bias
    return out


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    if target.size() != input.size():
        raise ValueError(
            "Using a target size ({}) that is different to the input size ({}) is deprecated. "
            "Please ensure they have the same size.".format(target.size(), input.size()))
    if bool(((input < 0) | (input > 1)).any()):
        raise RuntimeError("all elements of input should be between 0 and 1")
    # (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100)
    x = input
    needs_input_grad = torch.is_grad_enabled() and input.requires_grad
    if needs_input_grad:
        x = input.detach()
    loss = (target - 1) * torch.log1p(-x).clamp_min(-100) \
        - target * torch.log(x).clamp_min(-100)
    if needs_input_grad:
        # PyTorch's input gradient, (x - t) / max(x (1 - x), 1e-12): finite at x = 0 and
        # 1, where the logs' chain rule gives 0 * inf. The value is unchanged.
        slope = ((x - target) / (x * (1 - x)).clamp_min(1e-12)).detach()
        lin = input * slope
        loss = loss + (lin - lin.detach())
    if weight is not None:
        loss = loss * weight.expand(target.size())
    return _apply_reduction(loss, reduction)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    targ_dim = target.dim()
    if targ_dim != 1 and targ_dim != 0:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if targ_dim == 0 and (input1.dim() != 1 or input2.dim() != 1):
        raise RuntimeError("0D target tensor expects 1D input tensors, but found inputs with "
                           "sizes {} and {}.".format(list(input1.shape), list(input2.shape)))
    eps = 1e-12
    prod_sum = (input1 * input2).sum(targ_dim)
    mag_square1 = (input1 * input1).sum(targ_dim) + eps
    mag_square2 = (input2 * input2).sum(targ_dim) + eps
    denom = (mag_square1 * mag_square2).sqrt()
    cos = prod_sum / denom
    zeros = torch.zeros_like(cos)
    pos = 1 - cos
    neg = (cos - margin).clamp_min(0)
    output = torch.where(target == 1, pos, zeros) + torch.where(target == -1, neg, zeros)
    return _apply_reduction(output, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            "input1: {}, input2: {}, target: {} ".format(input1.size(), input2.size(),
                                                         target.size()))
    output = (-target * (input1 - input2) + margin).clamp_min(0)
    return _apply_reduction(output, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError("All inputs should have same dimension but got {}D, {}D and {}D "
                           "inputs.".format(a_dim, p_dim, n_dim))
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = torch.min(dist_neg, pairwise_distance(positive, negative, p, eps))
    output = (margin + dist_pos - dist_neg).clamp_min(0)
    return _apply_reduction(output, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    if size_average is not None or reduce is not None:
        reduction = _reduction_name(size_average, reduce, reduction)
    loss = -(target * torch.nn.functional.logsigmoid(input)
             + (1 - target) * torch.nn.functional.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    return _apply_reduction(torch.log1p(torch.exp(-input * target)), reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    if size_average is not None or reduce is not None:
        reduction = _reduction_name(size_average, reduce, reduction)
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _apply_reduction(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if bool(torch.any(var < 0)):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _apply_reduction(loss, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    zeros = torch.zeros_like(input)
    margin_clamp = (margin - input).clamp_min(0)
    output_margin = torch.where(target != 1, margin_clamp, zeros)
    output_self = torch.where(target != -1, input, zeros)
    return _apply_reduction(output_margin + output_self, reduction)
