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
