"""The cases validate_against_torch.py runs against both real torch.nn and the prelude.

Each case takes a Namespace (nn, F, init, sdpa) and records observations with
`obs.add(label, value)`: strings are compared exactly, tensors bit for bit. Everything
random is seeded inside the case, so both runs draw the same numbers.
"""

import math

import torch


class Namespace:
    def __init__(self, nn, F, init, sdpa):
        self.nn = nn
        self.F = F
        self.init = init
        self.sdpa = sdpa


class Observations:
    def __init__(self):
        self.items = []

    def add(self, label, value):
        if isinstance(value, torch.Tensor):
            value = value.detach() if not isinstance(value, torch.nn.Parameter) else value
        elif not isinstance(value, str):
            value = repr(value)
        self.items.append((label, value))

    def call(self, label, fn):
        """Records fn()'s result, or the exception it raised as 'Type: message'."""
        try:
            value = fn()
        except Exception as e:  # noqa: BLE001 -- the message is the observation
            value = type(e).__name__ + ": " + str(e)
        self.add(label, value)


def reference_sdpa(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
                   scale=None):
    """PyTorch 2.x's documented math path, written against real torch.nn.functional."""
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
    attn_bias = torch.zeros(L, S, dtype=query.dtype)
    if is_causal:
        keep = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
        attn_bias.masked_fill_(keep.logical_not(), float("-inf"))
    scores = query @ key.transpose(-2, -1) * scale_factor
    if is_causal:
        scores = scores + attn_bias
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            scores = scores + attn_mask
    weights = torch.softmax(scores, dim=-1)
    if dropout_p > 0.0:
        weights = torch.nn.functional.dropout(weights, dropout_p, training=True)
    return weights @ value


def observe(case, ns):
    obs = Observations()
    torch.manual_seed(1234)  # cases that draw before seeding see the same state
    case(ns, obs)
    return obs.items


# --- Layers: initialisation, forward, repr ---------------------------------------------


def case_linear(ns, obs):
    for seed, (fin, fout) in enumerate([(4, 3), (1, 1), (7, 5), (16, 32), (3, 8)]):
        for bias in (True, False):
            torch.manual_seed(seed)
            lin = ns.nn.Linear(fin, fout, bias=bias)
            obs.add("repr", repr(lin))
            obs.add("weight", lin.weight)
            obs.add("bias", repr(lin.bias) if lin.bias is None else lin.bias)
            obs.add("type", type(lin.weight).__name__)
            x = torch.randn(2, fin)
            with torch.no_grad():
                obs.add("forward", lin(x))
                obs.add("forward 3d", lin(torch.randn(2, 3, fin)))
            obs.add("after", torch.rand(3))  # the generator state after init
    lin = ns.nn.Linear(2, 2, dtype=torch.float64)
    obs.add("f64", lin.weight.dtype)


def case_embedding(ns, obs):
    for seed, args in enumerate([(5, 3), (10, 8), (4, 2)]):
        torch.manual_seed(seed)
        emb = ns.nn.Embedding(*args)
        obs.add("repr", repr(emb))
        obs.add("weight", emb.weight)
        with torch.no_grad():
            obs.add("forward", emb(torch.tensor([[0, args[0] - 1], [1, 1]])))
    torch.manual_seed(7)
    for padding_idx in (0, 2, -1):
        emb = ns.nn.Embedding(4, 3, padding_idx=padding_idx)
        obs.add("pad repr", repr(emb))
        obs.add("pad weight", emb.weight)
    obs.add("max_norm repr", repr(ns.nn.Embedding(3, 2, max_norm=1.0, norm_type=1.0)))
    obs.add("sparse repr", repr(ns.nn.Embedding(3, 2, sparse=True, scale_grad_by_freq=True)))
    emb = ns.nn.Embedding(3, 2)
    obs.call("out of range", lambda: emb(torch.tensor([3])))
    obs.call("bad padding", lambda: ns.nn.Embedding(3, 2, padding_idx=3))
    pre = ns.nn.Embedding.from_pretrained(torch.arange(6.0).view(3, 2))
    obs.add("pretrained", pre.weight)
    obs.add("pretrained repr", repr(pre))


def case_layer_norm(ns, obs):
    torch.manual_seed(0)
    x = torch.randn(3, 2, 4)
    for args, kwargs in [((4,), {}), (([2, 4],), {}), (((4,),), {"eps": 1e-6}),
                         ((4,), {"elementwise_affine": False}), ((torch.Size([2, 4]),), {})]:
        ln = ns.nn.LayerNorm(*args, **kwargs)
        obs.add("repr", repr(ln))
        obs.add("shape", repr(ln.normalized_shape))
        obs.add("weight", repr(ln.weight) if ln.weight is None else ln.weight)
        with torch.no_grad():
            obs.add("forward", ln(x))
    obs.add("rng untouched", torch.rand(2))


def case_activations(ns, obs):
    x = torch.linspace(-3, 3, 13)
    mods = [ns.nn.ReLU(), ns.nn.ReLU(inplace=True), ns.nn.GELU(), ns.nn.GELU(approximate="tanh"),
            ns.nn.SiLU(), ns.nn.Tanh(), ns.nn.Sigmoid(), ns.nn.Softmax(dim=0),
            ns.nn.Softmax(dim=-1), ns.nn.Identity(), ns.nn.Identity(3, k=4),
            ns.nn.Dropout(), ns.nn.Dropout(0.25, inplace=True), ns.nn.Softmax()]
    for m in mods:
        obs.add("repr", repr(m))
        m.eval()
        obs.add("forward " + type(m).__name__, m(x.clone()))
    x2 = torch.randn(2, 3, 4)
    obs.add("softmax implicit dim", ns.nn.Softmax()(x2))
    obs.add("softmax 2d", ns.nn.Softmax()(torch.randn(3, 4)))


def case_dropout_train(ns, obs):
    for seed, p in enumerate([0.5, 0.1, 0.3, 0.9, 0.0, 1.0]):
        d = ns.nn.Dropout(p)
        torch.manual_seed(seed)
        obs.add("train", d(torch.ones(4, 5)))
        obs.add("train odd", d(torch.randn(37)))
        obs.add("after", torch.rand(2))
        d.eval()
        x = torch.ones(3)
        obs.add("eval is identity", repr(d(x) is x))
    obs.call("bad p", lambda: ns.nn.Dropout(1.5))
    obs.call("bad p neg", lambda: ns.nn.Dropout(-0.1))


# --- Module machinery ---------------------------------------------------------------------


def _custom_classes(nn):
    class Block(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.proj = nn.Linear(dim, dim)
            self.act = nn.ReLU()
            self.scale = nn.Parameter(torch.ones(dim))
            self.not_a_param = torch.zeros(dim)
            self.register_buffer("running", torch.arange(float(dim)))
            self.register_buffer("hidden", torch.ones(1), persistent=False)

        def forward(self, x):
            return self.act(self.proj(x)) * self.scale + self.running

    class Custom(nn.Module):
        def __init__(self):
            super().__init__()
            self.k = 3

        def extra_repr(self):
            return f"k={self.k}\nsecond line"

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.first = Block(3)
            self.shared = nn.Linear(3, 3)
            self.seq = nn.Sequential(self.shared, nn.GELU(), self.shared)
            self.heads = nn.ModuleDict({"a": nn.Linear(3, 1), "b": nn.Identity()})
            self.stack = nn.ModuleList([nn.LayerNorm(3), nn.Dropout(0.2), Custom()])
            self.empty = nn.Sequential()

        def forward(self, x):
            x = self.seq(self.first(x))
            for m in self.stack:
                if not isinstance(m, Custom):
                    x = m(x)
            return self.heads["a"](x)

    return Block, Custom, Net


def case_nested_module(ns, obs):
    Block, Custom, Net = _custom_classes(ns.nn)
    torch.manual_seed(3)
    net = Net()
    obs.add("repr", repr(net))
    obs.add("str", str(net))
    names = [name for name, _ in net.named_parameters()]
    obs.add("named_parameters", repr(names))
    for name, p in net.named_parameters():
        obs.add("param " + name, p)
    obs.add("params count", repr(len(list(net.parameters()))))
    obs.add("numel", repr(sum(p.numel() for p in net.parameters())))
    obs.add("no recurse", repr([n for n, _ in net.first.named_parameters(recurse=False)]))
    obs.add("prefixed", repr([n for n, _ in net.first.named_parameters(prefix="blk")]))
    obs.add("buffers", repr([n for n, _ in net.named_buffers()]))
    obs.add("children", repr([type(m).__name__ for m in net.children()]))
    obs.add("named_children", repr([n for n, _ in net.named_children()]))
    obs.add("modules", repr([type(m).__name__ for m in net.modules()]))
    obs.add("named_modules", repr([n for n, _ in net.named_modules()]))
    obs.add("named_modules dup", repr([n for n, _ in net.named_modules(remove_duplicate=False)]))
    obs.add("next param", next(net.parameters()))
    sd = net.state_dict()
    obs.add("state_dict keys", repr(list(sd.keys())))
    for k, v in sd.items():
        obs.add("sd " + k, v)
        obs.add("sd type " + k, type(v).__name__ + " " + repr(v.requires_grad))
    obs.add("keep_vars", repr([type(v).__name__ for v in net.state_dict(keep_vars=True).values()]))
    with torch.no_grad():
        obs.add("forward", net(torch.randn(2, 3)))
    obs.add("not_a_param", net.first.not_a_param)
    obs.add("compile", repr(net.compile()))
    obs.add("call is forward", repr(type(net).__call__ is ns.nn.Module.__call__))


def case_train_eval(ns, obs):
    _, _, Net = _custom_classes(ns.nn)
    net = Net()
    obs.add("initial", repr([m.training for m in net.modules()]))
    obs.add("eval returns self", repr(net.eval() is net))
    obs.add("after eval", repr([m.training for m in net.modules()]))
    net.first.train()
    obs.add("partial", repr([m.training for m in net.modules()]))
    obs.add("train returns self", repr(net.train() is net))
    obs.add("after train", repr([m.training for m in net.modules()]))
    obs.call("bad mode", lambda: net.train(1))
    net.requires_grad_(False)
    obs.add("requires_grad_", repr([p.requires_grad for p in net.parameters()]))
    obs.add("apply", repr(net.apply(lambda m: None) is net))


def case_attributes(ns, obs):
    lin = ns.nn.Linear(2, 2)
    obs.call("missing attr", lambda: lin.foo)
    obs.call("getattr default", lambda: getattr(lin, "foo", "dflt"))
    obs.add("hasattr weight", repr(hasattr(lin, "weight")))
    obs.add("in vars", repr("weight" in vars(lin)))

    def assign_tensor():
        lin.weight = torch.zeros(2, 2)
    obs.call("tensor to param", assign_tensor)

    def assign_module_slot():
        seq = ns.nn.Sequential(ns.nn.ReLU())
        setattr(seq, "0", 5)
    obs.call("int to module", assign_module_slot)
    obs.call("bad add_module", lambda: lin.add_module("x", 3))
    obs.call("dotted add_module", lambda: lin.add_module("a.b", ns.nn.ReLU()))
    obs.call("empty param name", lambda: lin.register_parameter("", None))
    obs.call("existing attr", lambda: lin.register_parameter("in_features", None))
    obs.call("bad param", lambda: lin.register_parameter("p", torch.ones(1)))
    obs.call("dotted buffer", lambda: lin.register_buffer("a.b", torch.ones(1)))
    obs.call("bad buffer", lambda: lin.register_buffer("b", 3))

    def delete_bias():
        del lin.bias
        return repr([n for n, _ in lin.named_parameters()])
    obs.call("del bias", delete_bias)

    def set_none():
        lin.weight = None
        return repr(lin.weight) + repr(list(lin.state_dict().keys()))
    obs.call("param None", set_none)

    def replace_param():
        lin.weight = ns.nn.Parameter(torch.ones(1, 2))
        lin.extra = ns.nn.Parameter(torch.zeros(1))
        return repr([n for n, _ in lin.named_parameters()])
    obs.call("replace param", replace_param)

    class Early(ns.nn.Module):
        def __init__(self):
            self.lin = ns.nn.Linear(1, 1)
    obs.call("before init", Early)

    class NoForward(ns.nn.Module):
        pass
    obs.call("no forward", lambda: NoForward()(1))
    obs.add("empty repr", repr(NoForward()))


def case_load_state_dict(ns, obs):
    torch.manual_seed(0)
    a = ns.nn.Sequential(ns.nn.Linear(2, 2), ns.nn.ReLU(), ns.nn.Linear(2, 1))
    torch.manual_seed(1)
    b = ns.nn.Sequential(ns.nn.Linear(2, 2), ns.nn.ReLU(), ns.nn.Linear(2, 1))
    sd = a.state_dict()
    obs.add("keys", repr(list(sd.keys())))
    obs.add("result", repr(b.load_state_dict(sd)))
    obs.add("str result", str(b.load_state_dict(sd)))
    obs.add("copied", b[0].weight)
    sd["2.bias"].fill_(10.0)
    obs.add("shares storage", a[2].bias)
    obs.call("missing", lambda: b.load_state_dict({"0.weight": torch.zeros(2, 2)}))
    extra = dict(sd)
    extra["3.weight"] = torch.zeros(1)
    extra["junk"] = torch.zeros(1)
    obs.call("unexpected", lambda: b.load_state_dict(extra))
    bad = dict(sd)
    bad["0.weight"] = torch.zeros(3, 2)
    obs.call("size mismatch", lambda: b.load_state_dict(bad))
    bad["0.bias"] = 5
    obs.call("not a tensor", lambda: b.load_state_dict(bad))
    obs.call("non-strict", lambda: repr(b.load_state_dict(extra, strict=False)))
    obs.call("non-strict missing",
             lambda: repr(b.load_state_dict({"0.weight": torch.ones(2, 2)}, strict=False)))
    obs.add("after non-strict", b[0].weight)
    obs.call("not a dict", lambda: b.load_state_dict([1, 2]))

    class Scalar(ns.nn.Module):
        def __init__(self):
            super().__init__()
            self.s = ns.nn.Parameter(torch.tensor(1.0))
    sc = Scalar()
    obs.call("0-d from 1-d", lambda: repr(sc.load_state_dict({"s": torch.tensor([4.0])})))
    obs.add("0-d value", sc.s)


def case_containers(ns, obs):
    nn = ns.nn
    torch.manual_seed(2)
    seq = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1), nn.Identity())
    obs.add("len", repr(len(seq)))
    obs.add("index", repr(seq[0]))
    obs.add("negative", repr(seq[-1]))
    obs.add("slice", repr(seq[1:3]))
    obs.add("slice type", type(seq[::2]).__name__)
    obs.add("iter", repr([type(m).__name__ for m in seq]))
    obs.call("out of range", lambda: seq[4])
    obs.call("str index", lambda: seq["0"])
    with torch.no_grad():
        obs.add("forward", seq(torch.tensor([[1.0, -1.0]])))
    seq.append(nn.ReLU())
    obs.add("append", repr(seq))
    seq[1] = nn.Sigmoid()
    obs.add("setitem", repr(seq))
    del seq[0]
    obs.add("delitem", repr(seq) + repr(list(seq.state_dict().keys())))
    seq.insert(1, nn.SiLU())
    obs.add("insert", repr(seq))
    obs.add("pop", repr(seq.pop(0)) + repr(len(seq)))
    obs.add("add", repr(seq + nn.Sequential(nn.GELU())))
    obs.add("mul", repr(nn.Sequential(nn.ReLU()) * 2))
    obs.call("bad add", lambda: seq + 1)
    obs.add("extend", repr(nn.Sequential().extend([nn.ReLU(), nn.Tanh()])))

    layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
    layers.append(nn.Sigmoid())
    layers.extend([nn.ReLU(), nn.GELU()])
    obs.add("ml repr", repr(layers))
    obs.add("ml len", repr(len(layers)))
    obs.add("ml index", repr(layers[-2]))
    obs.add("ml slice", repr(layers[1:3]))
    obs.call("ml out of range", lambda: layers[10])
    obs.call("ml extend bad", lambda: layers.extend(3))
    layers += [nn.Tanh()]
    obs.add("ml iadd", repr(len(layers)))
    obs.add("ml add", repr(layers[:2] + [nn.ReLU()]))
    del layers[0]
    obs.add("ml del", repr([n for n, _ in layers.named_parameters()]))
    layers.insert(0, nn.Identity())
    obs.add("ml insert", repr(layers))
    obs.add("ml empty", repr(nn.ModuleList()))

    heads = nn.ModuleDict({"a": nn.Linear(2, 1), "b": nn.SiLU()})
    obs.add("md repr", repr(heads))
    obs.add("md keys", repr(list(heads.keys())))
    obs.add("md values", repr([type(v).__name__ for v in heads.values()]))
    obs.add("md items", repr([k for k, _ in heads.items()]))
    obs.add("md contains", repr(("a" in heads, "z" in heads)))
    obs.add("md iter", repr(list(heads)))
    obs.call("md missing", lambda: heads["z"])
    heads["c"] = nn.ReLU()
    heads.update([("d", nn.Tanh())])
    obs.add("md update", repr(heads))
    obs.add("md pop", repr(heads.pop("a")) + repr(len(heads)))
    obs.call("md bad pair", lambda: heads.update([("x",)]))
    heads.clear()
    obs.add("md clear", repr(heads))


# --- nn.functional and nn.init ------------------------------------------------------------


def case_functional(ns, obs):
    F = ns.F
    torch.manual_seed(0)
    x = torch.randn(4, 5)
    w = torch.randn(3, 5)
    b = torch.randn(3)
    obs.add("relu", F.relu(x))
    obs.add("relu inplace", F.relu(x.clone(), inplace=True))
    obs.add("gelu", F.gelu(x))
    obs.add("gelu tanh", F.gelu(x, approximate="tanh"))
    obs.add("silu", F.silu(x))
    obs.add("silu inplace", F.silu(x.clone(), inplace=True))
    obs.add("tanh", F.tanh(x))
    obs.add("sigmoid", F.sigmoid(x))
    for dim in (0, 1, -1):
        obs.add("softmax", F.softmax(x, dim=dim))
        obs.add("log_softmax", F.log_softmax(x, dim))
    obs.add("softmax dtype", F.softmax(x, dim=1, dtype=torch.float64))
    obs.add("linear", F.linear(x, w))
    obs.add("linear bias", F.linear(x, w, b))
    obs.add("linear 1d", F.linear(x[0], w, b))
    obs.add("layer_norm", F.layer_norm(x, (5,)))
    obs.add("layer_norm affine", F.layer_norm(x, [5], weight=torch.full((5,), 2.0), bias=torch.arange(5.0)))
    obs.add("layer_norm eps", F.layer_norm(x, (4, 5), eps=0.1))
    ids = torch.tensor([[2, 0], [1, 2]])
    table = torch.randn(3, 4)
    obs.add("embedding", F.embedding(ids, table))
    obs.add("embedding pad", F.embedding(ids, table, padding_idx=-1))
    obs.call("embedding range", lambda: F.embedding(torch.tensor([3]), table))
    obs.add("mse", F.mse_loss(x, x.flip(0)))
    obs.add("mse sum", F.mse_loss(x, x.flip(0), reduction="sum"))
    obs.add("mse none", F.mse_loss(x, x.flip(0), reduction="none"))
    target = torch.tensor([0, 2, 4, 1])
    obs.add("cross_entropy", F.cross_entropy(x, target))
    obs.add("cross_entropy sum", F.cross_entropy(x, target, reduction="sum"))
    obs.add("cross_entropy none", F.cross_entropy(x, target, reduction="none"))
    obs.add("cross_entropy ignore", F.cross_entropy(x, torch.tensor([0, -100, 4, 1])))
    big = torch.randn(300, 7) * 3
    big_target = torch.randint(0, 7, (300,))
    big_target[::11] = -100
    obs.add("cross_entropy big", F.cross_entropy(big, big_target))
    obs.add("cross_entropy big sum", F.cross_entropy(big, big_target, reduction="sum"))
    obs.add("cross_entropy 1d", F.cross_entropy(x[0], torch.tensor(3)))


def case_functional_dropout(ns, obs):
    F = ns.F
    for seed, (p, shape) in enumerate([(0.5, (10,)), (0.3, (2, 5)), (0.1, (3, 4, 5)),
                                       (0.7, (64,)), (0.5, (1000,)), (1.0, (3,)), (0.0, (3,))]):
        torch.manual_seed(seed)
        x = torch.randn(shape)
        obs.add("dropout", F.dropout(x, p=p, training=True))
        obs.add("after", torch.rand(2))
        y = x.clone()
        torch.manual_seed(seed)
        obs.add("inplace", F.dropout(y, p=p, training=True, inplace=True))
        obs.add("inplace target", y)
        obs.add("eval", F.dropout(x, p=p, training=False))
        obs.add("eval identity", repr(F.dropout(x, p=p, training=False) is x))
    obs.add("f64", F.dropout(torch.ones(8, dtype=torch.float64), 0.5))
    obs.call("bad p", lambda: F.dropout(torch.ones(2), p=1.5))


def case_sdpa(ns, obs):
    torch.manual_seed(0)
    q = torch.randn(1, 2, 3, 4)
    k = torch.randn(1, 2, 3, 4)
    v = torch.randn(1, 2, 3, 4)
    obs.add("plain", ns.sdpa(q, k, v))
    obs.add("causal", ns.sdpa(q, k, v, is_causal=True))
    mask = torch.tensor([[True, False, True], [True, True, False], [False, True, True]])
    obs.add("bool mask", ns.sdpa(q, k, v, attn_mask=mask))
    obs.add("float mask", ns.sdpa(q, k, v, attn_mask=torch.randn(3, 3)))
    obs.add("scale", ns.sdpa(q, k, v, scale=0.3))
    obs.add("rect", ns.sdpa(torch.randn(2, 5, 8), torch.randn(2, 7, 8), torch.randn(2, 7, 3),
                            is_causal=True))
    torch.manual_seed(5)
    obs.add("dropout", ns.sdpa(q, k, v, dropout_p=0.5))


def case_init(ns, obs):
    init = ns.init
    for seed, shape in enumerate([(3, 4), (8, 2), (5, 3, 2, 2), (1, 1)]):
        for name, fn in [("kaiming_uniform", lambda t: init.kaiming_uniform_(t)),
                         ("kaiming_uniform a", lambda t: init.kaiming_uniform_(t, a=math.sqrt(5))),
                         ("kaiming_uniform relu fan_out",
                          lambda t: init.kaiming_uniform_(t, mode="fan_out", nonlinearity="relu")),
                         ("kaiming_normal", lambda t: init.kaiming_normal_(t)),
                         ("xavier_uniform", lambda t: init.xavier_uniform_(t)),
                         ("xavier_normal", lambda t: init.xavier_normal_(t, gain=2.0)),
                         ("uniform", lambda t: init.uniform_(t, -0.5, 2.0)),
                         ("normal", lambda t: init.normal_(t, 1.0, 0.1)),
                         ("constant", lambda t: init.constant_(t, 0.3)),
                         ("ones", init.ones_), ("zeros", init.zeros_)]:
            torch.manual_seed(seed)
            t = torch.empty(shape)
            out = fn(t)
            obs.add(name + repr(shape), t)
            obs.add(name + " returns", repr(out is t))
    p = torch.nn.Parameter(torch.empty(2, 3))
    torch.manual_seed(1)
    obs.add("param in place", init.kaiming_uniform_(p, a=math.sqrt(5)))
    for nl in ["linear", "conv2d", "sigmoid", "tanh", "relu", "leaky_relu", "selu"]:
        obs.add("gain " + nl, repr(init.calculate_gain(nl)))
    obs.add("gain leaky 0.2", repr(init.calculate_gain("leaky_relu", 0.2)))
    obs.add("gain leaky 1", repr(init.calculate_gain("leaky_relu", 1)))
    obs.call("gain bad", lambda: init.calculate_gain("leaky_relu", True))
    obs.call("gain unknown", lambda: init.calculate_gain("swish"))
    obs.call("fan 1d", lambda: init.kaiming_uniform_(torch.empty(3)))
    obs.call("bad mode", lambda: init.kaiming_uniform_(torch.empty(3, 3), mode="fan"))
    obs.add("fans", repr(init._calculate_fan_in_and_fan_out(torch.empty(5, 3, 2, 2))))


def case_conversions(ns, obs):
    torch.manual_seed(0)
    m = ns.nn.Sequential(ns.nn.Linear(2, 2), ns.nn.LayerNorm(2))
    obs.add("double", repr([p.dtype for p in m.double().parameters()]))
    obs.add("values", m[0].weight)
    obs.add("float", repr([p.dtype for p in m.float().parameters()]))
    obs.add("to", repr([p.dtype for p in m.to(torch.float64).parameters()]))
    obs.add("to cpu", repr(m.to("cpu") is m))
    obs.call("to int", lambda: m.to(torch.int64))
    obs.add("types", repr([type(p).__name__ for p in m.parameters()]))


def case_norm_layers(ns, obs):
    # The prelude's Python (module bookkeeping, instance_norm, local_response_norm's
    # window sums) over real torch kernels must give real torch.nn's bits.
    torch.manual_seed(0)
    x = torch.randn(3, 4, 5, 2) * 2 + 1
    for make in [lambda: ns.nn.BatchNorm2d(4), lambda: ns.nn.BatchNorm2d(4, momentum=None),
                 lambda: ns.nn.InstanceNorm2d(4, affine=True, track_running_stats=True),
                 lambda: ns.nn.GroupNorm(2, 4), lambda: ns.nn.LocalResponseNorm(3)]:
        m = make()
        obs.add("repr", repr(m))
        with torch.no_grad():
            for i in range(2):
                obs.add("train", m(x + i))
            obs.add("state", repr(list(m.state_dict().keys())))
            for k, v in m.state_dict().items():
                obs.add(k, v)
            m.eval()
            obs.add("eval", m(x))
    with torch.no_grad():
        for size in (1, 2, 5):
            obs.add("lrn 3d", ns.F.local_response_norm(x[:, :, :, 0], size, alpha=0.5))
            obs.add("lrn 5d", ns.F.local_response_norm(x.view(3, 4, 5, 2, 1), size, k=2.0))
        obs.add("instance", ns.F.instance_norm(x))


def case_resampling_layers(ns, obs):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5)
    with torch.no_grad():
        for mode, ac in [("nearest", None), ("nearest-exact", None), ("bilinear", False),
                         ("bilinear", True), ("bicubic", False)]:
            for kw in [dict(size=(6, 3)), dict(scale_factor=1.7),
                       dict(scale_factor=(2, 0.5), recompute_scale_factor=True)]:
                obs.call(mode + repr(kw), lambda: ns.F.interpolate(x, mode=mode, align_corners=ac,
                                                                   **kw))
        obs.call("linear", lambda: ns.F.interpolate(x[0], scale_factor=2.5, mode="linear"))
        obs.call("trilinear", lambda: ns.F.interpolate(x.unsqueeze(2), size=(2, 3, 7),
                                                       mode="trilinear"))
        for m in [ns.nn.Upsample(scale_factor=2), ns.nn.UpsamplingBilinear2d(size=(3, 7)),
                  ns.nn.PixelShuffle(1), ns.nn.Flatten(), ns.nn.Unfold(2, padding=1),
                  ns.nn.Unflatten(1, (3, 1))]:
            obs.add("module repr", repr(m))
            obs.add("module out", m(x))
        obs.add("fold", ns.F.fold(ns.F.unfold(x, (2, 3), stride=(1, 2)), (4, 5), (2, 3),
                                  stride=(1, 2)))
        obs.add("shuffle", ns.F.pixel_unshuffle(ns.F.pixel_shuffle(x.reshape(2, 12, 5, 1), 2), 2))
        obs.call("bad mode", lambda: ns.F.interpolate(x, size=3, mode="linear"))


CASES = [
    case_linear, case_embedding, case_layer_norm, case_activations, case_dropout_train,
    case_nested_module, case_train_eval, case_attributes, case_load_state_dict,
    case_containers, case_functional, case_functional_dropout, case_sdpa, case_init,
    case_conversions, case_norm_layers, case_resampling_layers,
]
