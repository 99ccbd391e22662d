# Reductions: out-of-range dims and other errors.
import torch

x = torch.ones(2, 3)
for fn in [lambda: x.sum(2), lambda: x.mean(-3), lambda: x.max(5), lambda: x.softmax(3),
           lambda: x.argmax(2), lambda: x.cumsum(4)]:
    try:
        fn()
    except IndexError as e:
        print("IndexError:", e)
    except RuntimeError as e:
        print("RuntimeError:", e)
