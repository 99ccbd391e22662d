b 0 f"{a' if x}"
