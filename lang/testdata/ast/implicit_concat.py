a = "a" "b" 'c'
b = ("first "
     "second "
     "third")
c = "x" \
    "y"
