# Positional, default, keyword-only, *args and **kwargs parameters.
def f(a, b=2, *args, c, d=4, **kwargs):
    return a, b, args, c, d, kwargs


print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=8))
print(f(a=1, b=2, c=3, d=0, z=1))


def kwonly(*, x, y=1):
    return x + y


print(kwonly(x=1), kwonly(y=5, x=2))


def mutable_default(item, bucket=[]):
    bucket.append(item)
    return bucket


print(mutable_default(1), mutable_default(2))


def none_default(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket


print(none_default(1), none_default(2))
opts = {"c": 30, "d": 40}
print(f(*[1, 2, 3], **opts))
