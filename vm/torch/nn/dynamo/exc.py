# torch._dynamo.exc: the exception classes programs catch. M2 EAGER STAND-IN: nothing
# raises them yet (the compiler of milestone M3 will); programs may raise them directly.


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
