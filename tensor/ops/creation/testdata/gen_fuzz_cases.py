"""Generates fuzz_cases.txt: random views, reshapes and advanced-indexing reads/writes
evaluated by PyTorch 1.13, which fuzz_test.cc replays through wick's ops.

Run: /usr/bin/python3 gen_fuzz_cases.py > fuzz_cases.txt   (deterministic: seeded)

Line formats (fields separated by ' | ', lists by ','; an empty list is '-'):
  view    base | perm | slice | shape | view result | reshape result, each E:<type> or
          sizes;strides;offset (view) / sizes;strides;shares-storage (reshape)
  index   base | perm | slice | indices | E:<type>:<msg> or sizes | strides | values
  put     base | perm | slice | indices | accumulate | vshape | E:<type>:<msg> or base values
The input is arange(prod(base)).double().view(base).permute(perm), then sliced with
step 2 along dim `slice` (none if -1). Index entries are ';'-separated: 'N' (None),
'i<sizes>:<values>' (int64), 't<sizes>:<values>' (int64 2-D, column-major storage) or
'b<sizes>:<values>' (bool); sizes 'x'-separated, 's' for 0-dim, values row-major. Put
values are -(1 + arange(prod(vshape))).view(vshape).
"""
import random
import torch

random.seed(1234)


def L(v):
    v = list(v)
    return ','.join(str(int(x)) for x in v) if v else '-'


def make_input(max_dims=4):
    nd = random.randint(1, max_dims)
    base = [random.randint(1, 4) for _ in range(nd)]
    if random.random() < 0.1:
        base[random.randrange(nd)] = 0
    perm = list(range(nd))
    random.shuffle(perm)
    sl = random.randrange(nd) if random.random() < 0.3 else -1
    n = 1
    for s in base:
        n *= s
    t = torch.arange(n, dtype=torch.float64).view(base).permute(perm)
    if sl >= 0:
        t = t.narrow(sl, 0, t.size(sl)).__getitem__((slice(None),) * sl + (slice(None, None, 2),))
    return base, perm, sl, t


def factorizations(n, parts):
    if parts == 1:
        return [[n]]
    out = []
    for d in range(1, n + 1):
        if n % d == 0:
            for rest in factorizations(n // d, parts - 1):
                out.append([d] + rest)
    return out


def gen_view():
    base, perm, sl, t = make_input()
    n = t.numel()
    if n == 0:
        shape = [random.choice([0, 1, 2]), -1] if random.random() < 0.3 else [0]
    else:
        shape = random.choice(factorizations(n, random.randint(1, 4)))
        if random.random() < 0.3:
            shape[random.randrange(len(shape))] = -1
    head = f'view | {L(base)} | {L(perm)} | {sl} | {L(shape)}'
    try:
        r = t.view(shape)
        view = f'{L(r.shape)};{L(r.stride())};{r.storage_offset()}'
    except RuntimeError as ex:
        view = f'E:{type(ex).__name__}'
    try:
        r = t.reshape(shape)
        shares = int(r.storage().data_ptr() == t.storage().data_ptr())
        reshape = f'{L(r.shape)};{L(r.stride())};{shares}'
    except RuntimeError as ex:
        reshape = f'E:{type(ex).__name__}'
    return f'{head} | {view} | {reshape}'


def rand_index(t):
    """A random index list for t, or None if it would be invalid by construction."""
    entries = []
    dim = 0
    bshape = [random.randint(1, 3) for _ in range(random.randint(0, 2))]
    while dim < t.dim() and (not entries or random.random() < 0.7):
        r = random.random()
        if r < 0.3:
            entries.append(None)
            dim += 1
        elif r < 0.45 and dim + 1 <= t.dim():
            k = random.randint(1, min(2, t.dim() - dim))
            msize = list(t.shape[dim:dim + k])
            if random.random() < 0.1 and msize:
                msize[0] += 1  # mismatch
            n = 1
            for s in msize:
                n *= s
            m = torch.tensor([random.random() < 0.5 for _ in range(n)], dtype=torch.bool).view(msize)
            entries.append(m)
            dim += k
        else:
            size = t.size(dim)
            shp = list(bshape)
            if random.random() < 0.3 and shp:
                shp[random.randrange(len(shp))] = 1
            n = 1
            for s in shp:
                n *= s
            hi = max(size, 1)
            vals = [random.randint(-hi - (1 if random.random() < 0.05 else 0), hi - 1) for _ in range(n)]
            idx = torch.tensor(vals, dtype=torch.int64).view(shp)
            if len(shp) == 2 and random.random() < 0.3:
                # A non-contiguous index: same values, transposed storage.
                idx = idx.t().contiguous().t()
            entries.append(idx)
            dim += 1
    return entries


def enc_index(entries):
    out = []
    for e in entries:
        if e is None:
            out.append('N')
        else:
            kind = 'b' if e.dtype == torch.bool else 'i'
            if kind == 'i' and e.dim() == 2 and e.stride(0) < e.stride(1):
                kind = 't'  # stored transposed
            sizes = 'x'.join(str(s) for s in e.shape) or 's'
            out.append(f'{kind}{sizes}:{L(e.flatten().long().tolist())}')
    return ';'.join(out)


def gen_index():
    base, perm, sl, t = make_input()
    entries = rand_index(t)
    if not any(e is not None for e in entries):
        entries[random.randrange(len(entries))] = torch.tensor([0])
    head = f'index | {L(base)} | {L(perm)} | {sl} | {enc_index(entries)}'
    try:
        r = torch.ops.aten.index(t, entries)
    except (RuntimeError, IndexError) as ex:
        return f'{head} | E:{type(ex).__name__}:{ex}'
    return f'{head} | {L(r.shape)} | {L(r.stride())} | {L(r.flatten().tolist())}'


def gen_put():
    base, perm, sl, t = make_input()
    entries = rand_index(t)
    if not any(e is not None for e in entries):
        entries[random.randrange(len(entries))] = torch.tensor([0])
    acc = random.random() < 0.4
    try:
        rshape = list(torch.ops.aten.index(t.clone(), entries).shape)
    except (RuntimeError, IndexError):
        rshape = [2]
    # Values: the full result shape, a broadcastable suffix, a single element or a bad one.
    r = random.random()
    if r < 0.5:
        vshape = rshape
    elif r < 0.7:
        vshape = rshape[len(rshape) - random.randint(0, len(rshape)):]
    elif r < 0.85:
        vshape = [1] * random.randint(0, 1)
    else:
        vshape = [random.randint(2, 3)]
    n = 1
    for s in vshape:
        n *= s
    v = -(1 + torch.arange(n, dtype=torch.float64)).view(vshape)
    head = f'put | {L(base)} | {L(perm)} | {sl} | {enc_index(entries)} | {int(acc)} | {L(vshape)}'
    # Work on the base storage so the expected result covers writes through views.
    nb = 1
    for s in base:
        nb *= s
    storage = torch.arange(nb, dtype=torch.float64)
    tt = storage.view(base).permute(perm)
    if sl >= 0:
        tt = tt.__getitem__((slice(None),) * sl + (slice(None, None, 2),))
    try:
        torch.ops.aten.index_put_(tt, entries, v, acc)
    except (RuntimeError, IndexError) as ex:
        return f'{head} | E:{type(ex).__name__}:{ex}'
    return f'{head} | {L(storage.tolist())}'


lines = []
for _ in range(400):
    lines.append(gen_view())
for _ in range(900):
    lines.append(gen_index())
for _ in range(700):
    lines.append(gen_put())
print('\n'.join(lines))
