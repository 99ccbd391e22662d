except:
    pass
