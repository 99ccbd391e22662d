try:
    f()
except ValueError:
    g()
except (TypeError, KeyError) as e:
    h(e)
except:
    raise
else:
    ok()
