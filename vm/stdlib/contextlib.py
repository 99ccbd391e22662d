"""contextlib: contextmanager and nullcontext are native (_contextlib); suppress,
closing, ExitStack, ContextDecorator and AbstractContextManager are here.
redirect_stdout/redirect_stderr refuse by name: print() does not follow a reassigned
sys.stdout in wick."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

from _contextlib import contextmanager, nullcontext

__all__ = ["contextmanager", "nullcontext", "suppress", "closing", "ExitStack",
           "ContextDecorator", "AbstractContextManager", "redirect_stdout",
           "redirect_stderr"]


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class _RedirectStream:
    def __init__(self, new_target):
        raise NotImplementedError("contextlib.%s is not supported by wick (print() does not "
                                  "follow a reassigned sys.%s)"
                                  % (type(self).__name__, self._stream))


class redirect_stdout(_RedirectStream):
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    _stream = "stderr"


class ExitStack(AbstractContextManager):
    """Unwinds a dynamic stack of context managers and callbacks, last in first out."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = ExitStack()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        exit_method = getattr(type(exit), "__exit__", None)
        if exit_method is None:
            self._exit_callbacks.append(exit)
        else:
            self._exit_callbacks.append(lambda *details: exit_method(exit, *details))
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        enter = getattr(cls, "__enter__", None)
        exit = getattr(cls, "__exit__", None)
        if enter is None or exit is None:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (cls.__module__, cls.__qualname__))
        result = enter(cm)
        self._exit_callbacks.append(lambda *details: exit(cm, *details))
        return result

    def callback(self, callback, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        suppressed_exc = False
        pending_raise = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as new_exc:
                if exc_details[1] is not None and new_exc is not exc_details[1]:
                    new_exc.__context__ = exc_details[1]
                pending_raise = True
                exc_details = (type(new_exc), new_exc, None)
        if pending_raise:
            raise exc_details[1]
        return received_exc and suppressed_exc
