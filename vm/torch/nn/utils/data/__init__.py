# torch.utils.data for wick: datasets, samplers and an in-process DataLoader with
# PyTorch 1.13's batching, collation and random order (docs/packages/vm.md).
from torch.utils.data import _random
from torch.utils.data.dataset import (ChainDataset, ConcatDataset, Dataset, IterableDataset,
                                      Subset, TensorDataset, random_split)
from torch.utils.data.sampler import (BatchSampler, RandomSampler, Sampler, SequentialSampler,
                                      SubsetRandomSampler, WeightedRandomSampler)
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert


def get_worker_info():
    # Loading runs in the main process: there is never a worker.
    return None
