raise
raise ValueError
raise ValueError("msg")
raise ValueError("x") from e
raise E from None
