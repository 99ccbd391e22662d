d = lambda: x if c@else y
