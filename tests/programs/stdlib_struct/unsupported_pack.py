# struct.pack needs bytes: CPython packs, wick refuses by name.
import struct

data = struct.pack("<if", 7, 1.5)
print(len(data), struct.unpack("<if", data))
