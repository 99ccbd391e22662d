# isinstance / issubclass with several bases, tuples and unrelated classes.
class Walker:
    def move(self):
        return "walk"


class Swimmer:
    def move(self):
        return "swim"

    def dive(self):
        return "dive"


class Duck(Walker, Swimmer):
    pass


class Penguin(Swimmer, Walker):
    pass


d, p = Duck(), Penguin()
print(d.move(), p.move(), d.dive())
print(isinstance(d, Walker), isinstance(d, Swimmer), isinstance(d, (int, Swimmer)))
print(issubclass(Duck, Walker), issubclass(Penguin, (Duck, Walker)), issubclass(Walker, Duck))
print(issubclass(Duck, object), isinstance(d, Penguin))
print([c.__name__ for c in (Duck, Penguin) if issubclass(c, Swimmer)])
print(Duck.move is Walker.move, Penguin.move is Swimmer.move)
