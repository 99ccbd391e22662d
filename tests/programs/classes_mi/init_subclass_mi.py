# __init_subclass__ with keywords through several bases.
class Registry:
    classes = []

    def __init_subclass__(cls, /, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.registered_name = name or cls.__name__.lower()
        Registry.classes.append(cls.registered_name)


class Tagged:
    def __init_subclass__(cls, /, tag="none", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.tag = tag


class Plugin(Registry, Tagged):
    pass


class Conv(Plugin, name="conv2d", tag="layer"):
    pass


class Pool(Plugin, tag="layer"):
    pass


print(Registry.classes)
print(Conv.registered_name, Conv.tag, Pool.registered_name, Pool.tag, Plugin.tag)
try:
    class Bad(Plugin, colour="red"):
        pass
except TypeError as e:
    print("TypeError:", e)
