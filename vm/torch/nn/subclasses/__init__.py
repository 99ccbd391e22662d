# torch._subclasses for wick: only the fake-tensor exceptions a compile backend may raise
# to ask for a graph break instead of an error (torch._subclasses.fake_tensor).
