f(**k, b)
