# Method calls on class instances: attribute reads/writes, properties, inheritance, super().
import time


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    @property
    def norm2(self):
        return self.dot(self)


class Particle:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def step(self):
        self.pos = self.pos.add(self.vel)
        return self.pos.norm2


class Damped(Particle):
    def step(self):
        self.vel = Vec(self.vel.x * 0.99, self.vel.y * 0.99)
        return super().step()


def main():
    ps = [Particle(Vec(i, -i), Vec(1, 2)) if i % 2 else Damped(Vec(i, i), Vec(-1, 1))
          for i in range(100)]
    total = 0.0
    for _ in range(600):
        for p in ps:
            total += p.step()
    return round(total, 3)


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
