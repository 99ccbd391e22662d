# __call__ on instances; objects stored in containers and dispatched.
class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return x * self.k


class Pipeline:
    def __init__(self, *stages):
        self.stages = list(stages)

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return x

    def __len__(self):
        return len(self.stages)

    def __getitem__(self, i):
        return self.stages[i]


pipe = Pipeline(Scale(2), lambda v: v + 1, Scale(10))
print(pipe(1), len(pipe), pipe[0](7), callable(pipe), list(map(Scale(3), [1, 2])))
print(sorted([3, 1, 2], key=Scale(-1)))
