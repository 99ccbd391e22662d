de[f __init__(self, d: int = 4):
    pass
