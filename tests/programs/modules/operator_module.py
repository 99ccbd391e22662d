# operator module basic functions.
import operator

print(operator.add(2, 3), operator.sub(2, 3), operator.mul(2, 3), operator.truediv(3, 2))
print(operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 5), operator.neg(4))
print(operator.eq(1, 1), operator.ne(1, 1), operator.lt(1, 2), operator.le(2, 2))
print(operator.gt(1, 2), operator.ge(3, 2), operator.not_(0), operator.truth([1]))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.invert(0))
print(operator.getitem("abc", 1), operator.contains([1, 2], 2), operator.abs(-3))
print(operator.itemgetter(0)([9, 8]), operator.attrgetter("real")(5))
print(sorted([("a", 3), ("b", 1)], key=operator.itemgetter(1)))
print(operator.matmul.__name__, operator.index(5))
