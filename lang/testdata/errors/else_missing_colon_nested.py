if x:
  if y:
    pass
  else
    pass
