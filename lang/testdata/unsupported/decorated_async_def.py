@dec
async def f():
    pass
