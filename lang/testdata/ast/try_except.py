try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as e:
    pass
except Exception as e:
    raise
except:
    pass
else:
    pass
finally:
    pass
try:
    pass
finally:
    pass
try:
    pass
except E:
    pass
finally:
    cleanup()
