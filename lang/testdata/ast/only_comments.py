# just a comment

# another
