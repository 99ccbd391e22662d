# Uncaught AssertionError with a message.
def check_shape(shape):
    assert len(shape) == 2, f"expected a matrix, got {len(shape)} dims"
    return shape


print(check_shape((2, 3)))
check_shape((2, 3, 4))
