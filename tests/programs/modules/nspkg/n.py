WHO = "nspkg.n"
