# Uncaught user-defined exception (the __main__ module name is not printed).
class ConfigError(Exception):
    pass


def validate(cfg):
    if cfg.get("layers", 0) <= 0:
        raise ConfigError("layers must be positive")


validate({"layers": 2})
print("first config ok")
validate({})
