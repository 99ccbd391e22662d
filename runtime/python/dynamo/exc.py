# torch._dynamo.exc: the exception classes programs catch. The runtime (runtime/) raises
# them by name: Unsupported, BackendCompilerFailed, RecompileError,
# FailOnRecompileLimitHit, InternalTorchDynamoError.


class TorchDynamoException(RuntimeError):
    pass


class Unsupported(TorchDynamoException):
    pass


class BackendCompilerFailed(TorchDynamoException):
    pass


class InternalTorchDynamoError(TorchDynamoException):
    pass


class TorchRuntimeError(TorchDynamoException):
    pass


class RestartAnalysis(TorchDynamoException):
    pass


class SkipFrame(TorchDynamoException):
    pass


class RecompileError(TorchDynamoException):
    pass


class UserError(TorchDynamoException):
    pass


class FailOnRecompileLimitHit(TorchDynamoException):
    pass


# An unknown torch.compile(backend="name"): raised when torch.compile is called, as
# upstream's lookup_backend does.
class InvalidBackend(TorchDynamoException):
    def __init__(self, name):
        super().__init__(
            f"Invalid backend: {name!r}, see `torch._dynamo.list_backends()` for available "
            "backends.")
