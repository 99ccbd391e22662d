# torch._dynamo.testing: backends that count what they are given. frame_count counts
# graphs compiled, op_count their call nodes (call_function/call_method/call_module).


def _count_ops(gm):
    n = 0
    for node in gm.graph.nodes:
        if node.op in ("call_function", "call_method", "call_module"):
            n += 1
    return n


class CompileCounter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    # Called as a backend with the captured graph module; runs it unchanged.
    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        self.op_count += _count_ops(gm)
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


# Counts like CompileCounter, keeps the graphs, and compiles with `backend` (a name or
# a callable; "eager" runs the graph module as it is).
class CompileCounterWithBackend(CompileCounter):
    def __init__(self, backend):
        super().__init__()
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        self.op_count += _count_ops(gm)
        self.graphs.append(gm)
        if callable(self.backend):
            return self.backend(gm, example_inputs)
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs = []
