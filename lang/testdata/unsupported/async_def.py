async def f():
    pass
