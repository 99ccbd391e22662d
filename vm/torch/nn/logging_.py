# torch._logging for wick. M2 EAGER STAND-IN: set_logs accepts any settings and ignores
# them (there is no compiler to log yet).


def set_logs(**kwargs):
    return None
