raise from e
