x = kf"x"
