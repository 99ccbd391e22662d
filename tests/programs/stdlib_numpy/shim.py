# The numpy shim: NumPy's values for scalar math on Python numbers (asserted here), and
# NotImplementedError naming the function for what wick's numpy lacks (real NumPy
# computes those, so this program is not compared with it; stdlib_numpy/ndarray.py is).
import math
import warnings
import numpy as np

assert np.pi == math.pi and np.e == math.e and np.inf == math.inf and np.isnan(np.nan)
assert np.sqrt(4) == 2.0 and isinstance(np.sqrt(4), float)
assert np.log(np.e) == 1.0 and np.exp(0) == 1.0 and np.tanh(0.0) == 0.0
assert np.floor(2.7) == 2.0 and np.ceil(2.1) == 3.0 and np.abs(-3) == 3 and np.abs(-2.5) == 2.5
assert np.maximum(1, 2.5) == 2.5 and np.minimum(3, 1) == 1 and np.clip(5, 0, 3) == 3
assert np.sign(-2.0) == -1.0 and np.sign(0) == 0 and np.round(2.5) == 2.0 and np.round(1.234, 2) == 1.23
assert np.float64(3) == 3.0 and np.int64(7) == 7 and np.isfinite(1.0) and np.isinf(np.inf)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    assert np.isnan(np.sqrt(-1.0))
    assert np.log(0) == -np.inf
    assert [str(x.message) for x in w] == ["invalid value encountered in sqrt",
                                           "divide by zero encountered in log"]
for name, call in [("random.seed", lambda: np.random.seed(0)), ("sqrt", lambda: np.sqrt([1])),
                   ("linalg.norm", lambda: np.linalg.norm(np.zeros(3))),
                   ("unique", lambda: np.unique(np.zeros(3)))]:
    try:
        call()
        raise AssertionError(name + " did not raise")
    except NotImplementedError as e:
        assert ("numpy." + name) in str(e), str(e)
assert repr(np.float32(0.1)) == "0.1" and float(np.float32(0.1)) == 0.10000000149011612
print("numpy shim ok", np.sqrt(2.0), np.pi)
