class C:
    __slots = 1
    def __init__(self):
        self.__secret = 1
        self.__dunder__ = 2
    def get(self):
        return self.__secret + C.__slots
