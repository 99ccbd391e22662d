# Samplers, dataset combinators, random_split and the messages of bad arguments.
import torch
from torch.utils.data import (BatchSampler, ConcatDataset, DataLoader, IterableDataset,
                              RandomSampler, SequentialSampler, Subset, SubsetRandomSampler,
                              TensorDataset, WeightedRandomSampler, random_split)

print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
print(len(BatchSampler(range(10), 3, False)), len(BatchSampler(range(10), 3, True)))

torch.manual_seed(3)
print(list(RandomSampler(range(7))))
print(list(RandomSampler(range(7), replacement=True, num_samples=40)))
print(list(RandomSampler(range(5), num_samples=12)))
print(list(SubsetRandomSampler([10, 20, 30, 40])))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7], 6)))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7], 3, replacement=False)))
print(torch.rand(1))

torch.manual_seed(11)
a, b = random_split(range(10), [3, 7])
print(type(a).__name__, list(a), list(b))
parts = random_split(range(11), [0.5, 0.3, 0.2])
print([len(p) for p in parts], [list(p) for p in parts])

d1 = TensorDataset(torch.arange(3))
d2 = TensorDataset(torch.arange(10, 14))
cat = ConcatDataset([d1, d2])
print(len(cat), cat.cumulative_sizes, cat[0], cat[3], cat[-1], cat[6])
print(len(d1 + d2))
sub = Subset(cat, [6, 0, 4])
print(len(sub), sub[0], sub[2])
print([b[0].tolist() for b in DataLoader(sub, batch_size=2)])


class Count(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


print(list(DataLoader(Count(7), batch_size=3)))
print(list(DataLoader(Count(7), batch_size=3, drop_last=True)))
print(list(DataLoader(Count(3), batch_size=None)))
print(list(Count(2) + Count(3)))


def show(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


ds = TensorDataset(torch.arange(4))
show(lambda: DataLoader(ds, shuffle=True, sampler=SequentialSampler(ds)))
show(lambda: DataLoader(ds, batch_size=2, batch_sampler=BatchSampler(range(4), 2, False)))
show(lambda: DataLoader(ds, batch_size=None, drop_last=True))
show(lambda: DataLoader(ds, num_workers=-1))
show(lambda: DataLoader(Count(3), shuffle=True))
show(lambda: BatchSampler(range(3), 0, False))
show(lambda: BatchSampler(range(3), 2, 1))
show(lambda: RandomSampler(range(3), replacement=1))
show(lambda: RandomSampler([], num_samples=None))
show(lambda: random_split(range(5), [2, 2]))
show(lambda: random_split(range(5), [1.5, -0.5]))
show(lambda: TensorDataset(torch.zeros(2), torch.zeros(3)))
show(lambda: ConcatDataset([]))
show(lambda: cat[-9])
show(lambda: list(DataLoader([object()], batch_size=1)))
show(lambda: list(DataLoader([[1, 2], [3]], batch_size=2)))


# Typed subclasses, as in annotated code: Dataset[T] and Sampler[int] as bases.
class Pairs(torch.utils.data.Dataset[tuple]):
    def __len__(self):
        return 3

    def __getitem__(self, i):
        return i, -i


class Evens(torch.utils.data.Sampler[int]):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(0, self.n, 2))

    def __len__(self):
        return (self.n + 1) // 2


print(list(DataLoader(Pairs(), batch_size=2)), isinstance(Pairs(), torch.utils.data.Dataset))
print(list(DataLoader(Pairs(), sampler=Evens(3))))
