a = f"""
  {x}
 {y!r:>{w}} {z.attr}"""
b = f"""{
  value}"""
