# torch._dynamo.testing: backends that count what they are given. M2 EAGER STAND-IN:
# torch.compile does not call backends yet, so the counts stay at zero until M3.


class CompileCounter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    # Called as a backend with the captured graph module; runs it unchanged.
    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class CompileCounterWithBackend(CompileCounter):
    def __init__(self, backend):
        super().__init__()
        self.backend = backend
        self.graphs = []
