x = 'ab' 'cd
