# Item 55: under error_on_graph_break(True), hitting the recompile limit raises
# Unsupported "Dynamo recompile limit exceeded" (gb0039) instead of falling back to
# eager with a warning.
import torch

torch._dynamo.config.recompile_limit = 1


@torch.compile(backend="eager")
def fn(x, n):
    return x + n


with torch._dynamo.error_on_graph_break(True):
    print(fn(torch.ones(3), 0))
    try:
        fn(torch.ones(3), 1)
        print("no error")
    except torch._dynamo.exc.Unsupported as e:
        lines = str(e).splitlines()
        print(lines[0])
        print(lines[1])
        print(lines[5])
