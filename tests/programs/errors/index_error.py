# Uncaught IndexError in a method of a user class.
class Stack:
    def __init__(self):
        self.items = []

    def push(self, v):
        self.items.append(v)

    def pop(self):
        return self.items.pop()


s = Stack()
s.push(1)
print(s.pop())
print(s.pop())
