# torch.backends.cpu: the vector ISA wick's kernels are built for.
def get_cpu_capability():
    return "AVX2"
