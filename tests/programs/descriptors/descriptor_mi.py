# Descriptors found through multiple inheritance, and in a mixin.
class Upper:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner=None):
        return None if obj is None else obj.__dict__.get(self.key, "").upper()

    def __set__(self, obj, value):
        obj.__dict__[self.key] = value


class NameMixin:
    name = Upper()


class TitleMixin:
    title = Upper()

    def banner(self):
        return f"{self.title} {self.name}"


class Card(NameMixin, TitleMixin):
    def __init__(self, name, title):
        self.name = name
        self.title = title


c = Card("ada", "dr")
print(c.name, c.title, c.banner(), sorted(vars(c)))
