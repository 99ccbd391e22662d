# torch._subclasses.fake_tensor for wick: the exceptions a backend raises when it cannot
# handle a graph the way upstream's fake tensors would; torch.compile turns them into a
# "Backend compiler exception" graph break instead of BackendCompilerFailed.


class UnsupportedFakeTensorException(RuntimeError):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class DataDependentOutputException(RuntimeError):
    def __init__(self, func=None):
        super().__init__(func)
        self.func = func


class DynamicOutputShapeException(RuntimeError):
    def __init__(self, func=None):
        super().__init__(func)
        self.func = func


class UnsupportedOperatorException(RuntimeError):
    def __init__(self, func=None):
        super().__init__(func)
        self.func = func
