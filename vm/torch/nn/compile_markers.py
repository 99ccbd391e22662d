# torch._compile_markers (wick-internal): the functions compiled code treats specially,
# which the tracer (frontend/) recognises by identity or by a mark. They live in the VM
# layer so that programs and tracer tests run without the runtime; torch._dynamo and
# torch.compiler (runtime/python/) re-export them. Eagerly each is a no-op.


# graph_break, skip_frame and step_unsupported are distinct functions: the tracer tells
# them apart by identity.
def graph_break(msg=None):
    pass


def skip_frame(msg=None):
    pass


def step_unsupported(msg=None):
    pass


# torch._dynamo.is_compiling / torch.compiler.is_compiling: False eagerly; the tracer
# folds a call to True inside compiled code.
def is_compiling(*args, **kwargs):
    return False


# torch._dynamo.nonstrict_trace: compiled code traces the function's tensor work into
# its graph without breaking at graph_break() inside it (reference §6); eagerly a no-op.
def nonstrict_trace(fn):
    fn._torchdynamo_nonstrict_trace = True
    return fn


# torch._dynamo.mark_dynamic(t, dim): dimension `dim` (an int or a list of them) of `t`
# gets a symbol from the first compile; mark_static keeps a dimension static even under
# dynamic=True. Both are forbidden inside a compiled region (upstream's forbid_in_graph:
# tracing them is an error, not a graph break).
def mark_dynamic(t, index, min=None, max=None, specialize_on=None):
    import torch._C
    torch._C._wick_mark_dims(t, index, False)


def maybe_mark_dynamic(t, index):
    import torch._C
    torch._C._wick_mark_dims(t, index, False)


def mark_static(t, index=None):
    import torch._C
    if index is None:
        index = list(range(t.dim()))
    torch._C._wick_mark_dims(t, index, True)


mark_dynamic._dynamo_forbidden = True
maybe_mark_dynamic._dynamo_forbidden = True
mark_static._dynamo_forbidden = True
