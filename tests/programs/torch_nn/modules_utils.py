# torch.nn.modules.utils: the size-tuple helpers real layer code imports.
import torch
from torch.nn.modules.utils import (_list_with_default, _pair, _quadruple,
                                    _reverse_repeat_tuple, _single, _triple,
                                    consume_prefix_in_state_dict_if_present)

print(_single(3), _pair(3), _triple((1, 2, 3)), _quadruple(0), _pair([4, 5]))
print(_pair(torch.Size([2, 3])), _pair.__name__)
print(_reverse_repeat_tuple((1, 2, 3), 2))
print(_list_with_default([None, 3], torch.Size([1, 2, 5, 6])), _list_with_default(7, [1, 2]))
sd = {"module.a": 1, "module.b.c": 2, "d": 3}
consume_prefix_in_state_dict_if_present(sd, "module.")
print(sorted(sd.items()))
try:
    _list_with_default([1, 2], [3, 4])
except ValueError as e:
    print("ValueError:", e)
