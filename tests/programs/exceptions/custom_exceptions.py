# User exception hierarchies, custom __init__/__str__, catching by base class.
class AppError(Exception):
    pass


class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__(f"{key}: {reason}")
        self.key = key


class Fatal(AppError):
    def __str__(self):
        return "FATAL(" + ", ".join(map(str, self.args)) + ")"


for exc in [ConfigError("port", "not a number"), Fatal(1, 2), AppError("plain"),
            ValueError("other")]:
    try:
        raise exc
    except ConfigError as e:
        print("config", e.key, e, e.args)
    except AppError as e:
        print("app", type(e).__name__, e, repr(e) if type(e) is AppError else "")
    except Exception as e:
        print("generic", repr(e))
print(issubclass(ConfigError, Exception), isinstance(Fatal(), BaseException))
print(Fatal.__mro__[1].__name__, AppError.__bases__[0].__name__)
