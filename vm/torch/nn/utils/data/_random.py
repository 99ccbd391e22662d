# torch.utils.data._random: a stand-alone PyTorch 1.13 CPU generator for the samplers.
# RandomSampler seeds a fresh torch.Generator from the global one and draws its
# permutation from that; wick's native random ops draw from the global generator only,
# so the samplers use this copy of PyTorch's engine: the 32-bit Mersenne Twister seeded
# with the low 32 bits of the seed (no twist until the first draw), randperm's swap
# loop over random() % (n - i), and randint's random() % range.
import torch

_N = 624
_M = 397
_MASK32 = 0xFFFFFFFF
_DEFAULT_SEED = 67280421310721


def _twist_pair(u, v):
    mixed = (u & 0x80000000) | (v & 0x7FFFFFFF)
    if v & 1:
        return (mixed >> 1) ^ 0x9908B0DF
    return mixed >> 1


class Generator:
    def __init__(self, device="cpu"):
        self.device = torch.device(device) if isinstance(device, str) else device
        self.manual_seed(_DEFAULT_SEED)

    def manual_seed(self, seed):
        seed = int(seed)
        if seed < 0:
            seed = seed + (1 << 64)
        self._seed = seed
        state = [seed & _MASK32]
        for i in range(1, _N):
            prev = state[i - 1]
            state.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32)
        self._state = state
        self._left = 1
        self._next = 0
        return self

    def initial_seed(self):
        return self._seed

    def _twist(self):
        s = self._state
        for i in range(_N - _M):
            s[i] = s[i + _M] ^ _twist_pair(s[i], s[i + 1])
        for i in range(_N - _M, _N - 1):
            s[i] = s[i + _M - _N] ^ _twist_pair(s[i], s[i + 1])
        s[_N - 1] = s[_M - 1] ^ _twist_pair(s[_N - 1], s[0])
        self._left = _N
        self._next = 0

    def random(self):
        # One tempered 32-bit draw (mt19937::operator()).
        self._left -= 1
        if self._left == 0:
            self._twist()
        y = self._state[self._next]
        self._next += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def random64(self):
        hi = self.random()
        return (hi << 32) | self.random()

    def randperm(self, n):
        # randperm_cpu: the identity, then swap a[i] with a[i + random() % (n - i)].
        out = list(range(n))
        for i in range(n - 1):
            z = self.random() % (n - i)
            out[i], out[i + z] = out[i + z], out[i]
        return out

    def randint(self, high, count):
        # random_from_to over [0, high): one random() per value below 2^32 wide ranges.
        out = []
        for _ in range(count):
            v = self.random64() if high >= (1 << 32) else self.random()
            out.append(v % high)
        return out


def _fresh_seed():
    # What RandomSampler seeds its generator with: one int64 draw from the global one.
    return int(torch.empty((), dtype=torch.int64).random_().item())


def randperm(n, generator):
    if generator is None:
        return torch.randperm(n).tolist()
    if isinstance(generator, Generator):
        return generator.randperm(n)
    return torch.randperm(n, generator=generator).tolist()


def randint(high, count, generator):
    if isinstance(generator, Generator):
        return generator.randint(high, count)
    return torch.randint(high=high, size=(count,), dtype=torch.int64,
                         generator=generator).tolist()


def random_int64(generator):
    # torch.empty((), dtype=torch.int64).random_(generator=generator).item()
    if isinstance(generator, Generator):
        return generator.random64() % (1 << 63)
    return int(torch.empty((), dtype=torch.int64).random_(generator=generator).item())
