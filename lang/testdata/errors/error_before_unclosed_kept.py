if x
  y
z = (
