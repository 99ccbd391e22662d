a = "plain " f"{x}" " tail"
b = f"{a}" f"{b}"
c = (f"one {x} "
     f"two {y}")
d = rf"{x}\n"
e = f"{x:>{w}}" "z"
