# type.__subclasses__() in creation order, for plugin registries.
class Plugin:
    @classmethod
    def all(cls):
        found = []
        for sub in cls.__subclasses__():
            found.append(sub.__name__)
            found.extend(sub.all())
        return found


class Audio(Plugin):
    pass


class Video(Plugin):
    pass


class Mp3(Audio):
    pass


class Both(Audio, Video):
    pass


print(Plugin.all())
print(Audio.__subclasses__(), Video.__subclasses__(), Mp3.__subclasses__())
