# complex numbers: literals, complex(), repr as CPython, arithmetic with int/float, errors.
z = 1 + 2j
print(z, 1j, -1j, 2.5j, complex(1, 2), complex(-0.0, -1), complex(), complex("1+2j"), complex("3j"), complex(" (1-2.5j) "), complex("-1.5"))
print(z * z, z / (3 - 4j), z ** 2, z ** -1, (1j) ** 0.5, 2 ** (1j), abs(3 + 4j), -z, +z, z.real, z.imag, z.conjugate())
print(z == 1 + 2j, z != 1, (2 + 0j) == 2, 2.0 == 2 + 0j, hash(2 + 0j) == hash(2), hash(1 + 2j), bool(0j), bool(1j))
print(1 + z, z - 1, 2 * z, z * 0.5, 1 / 1j, type(z).__name__, isinstance(z, complex))
print(complex(1j, 1j), complex(imag=3), repr(complex(float("inf"), float("nan"))), 1e20j, (1 + 1e-20j))
print(str(1+1j), f"{2j}", [1j, 2 + 0j], {1j: 'a'}[1j], sum([1j, 2, 3.5]))
for bad in (lambda: 1j < 2j, lambda: 1j // 2, lambda: 1 / 0j, lambda: 0j ** -1, lambda: complex("x"), lambda: complex("1", 2), lambda: int(1j), lambda: float(1j)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(complex(1.0, -0.0), complex(-0.0, 0.0), complex(2, 1j), complex(1j, 2), complex(imag=-0.0))
