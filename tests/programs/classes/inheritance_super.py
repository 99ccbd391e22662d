# Single inheritance, overriding, super() in __init__ and methods, isinstance chains.
class Animal:
    kind = "animal"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} makes a sound"

    def describe(self):
        return f"{self.kind}: {self.speak()}"


class Dog(Animal):
    kind = "dog"

    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed

    def speak(self):
        return super().speak() + " (woof)"


class Puppy(Dog):
    def speak(self):
        return "tiny " + super().speak()


for pet in [Animal("generic"), Dog("rex", "lab"), Puppy("bit", "pug")]:
    print(pet.describe())
p = Puppy("bit", "pug")
print(p.breed, isinstance(p, Animal), issubclass(Puppy, Dog), Puppy.__bases__[0].__name__)
print(Puppy.kind, Animal.kind)
