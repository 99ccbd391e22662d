# Class keywords reach the base's __init_subclass__; plugins register themselves.
class Plugin:
    registry = {}

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.plugin_name = name or cls.__name__.lower()
        Plugin.registry[cls.plugin_name] = cls


class Resize(Plugin, name="resize"):
    pass


class Crop(Plugin):
    pass


class SmallCrop(Crop, name="small"):
    pass


print(sorted(Plugin.registry), Resize.plugin_name, SmallCrop.plugin_name, Crop.plugin_name)
try:
    class Bad(Plugin, color="red"):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Plain(flag=True):
        pass
except TypeError as e:
    print("TypeError:", e)


class Described:
    def __set_name__(self, owner, name):
        self.name = owner.__name__ + "." + name

    def __get__(self, obj, objtype=None):
        return self.name


class Holder:
    field = Described()


print(Holder.field, Holder().field)


class Meta(metaclass=type):
    pass


print(type(Meta).__name__)
