print(f"{x:{y}")
