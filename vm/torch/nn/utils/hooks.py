# torch.utils.hooks: RemovableHandle, what every register_*_hook returns. Handles are
# numbered from one class-wide counter; remove() deletes the hook from its dict (a strong
# reference here: wick's dicts take no weak references) and `with handle:` removes it on
# exit, as in PyTorch 1.13.


class RemovableHandle:
    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self._hooks_dict = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        self._extra_dict = extra_dict

    def remove(self):
        if self._hooks_dict is not None and self.id in self._hooks_dict:
            del self._hooks_dict[self.id]
        if self._extra_dict is not None and self.id in self._extra_dict:
            del self._extra_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


def unserializable_hook(f):
    f.__torch_unserializable__ = True
    return f
