x = 1 + \
    2
if a and \
   b:
    pass
y = [1,
     2,
  3]
z = {
    'a': 1,
}
w = (
    1
)
