# Follows upstream's test/dynamo/test_exceptions.py: ExceptionTests and
# CPythonExceptionTests (each test here has the name of the upstream test it follows; the
# SpeculationLog and compilation-metrics internals, and upstream's expectedFailure cases,
# are left out). Upstream's make_dynamo_test compiles the test body itself with
# fullgraph=True; here that body is a function compiled the same way, returning what the
# upstream test asserts. See ported.py.
import contextlib

import torch

from ported import case, compile, expect, main, out, raises, same


class CustomException(Exception):
    ...


class CustomExceptionWithArgs(Exception):
    def __init__(self, a, b=None):
        self.a = a
        self.b = b


def _check(fn, *args, fullgraph=True):
    want = fn(*args)
    got = compile(fn, fullgraph=fullgraph)(*args)
    expect(same(got, want), f"compiled {got!r} != eager {want!r}")
    out(want)


X = torch.linspace(-1.0, 1.0, 4)


@case
def test_exception():
    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            raise NotImplementedError
        except Exception:
            x = torch.sigmoid(x)
        return x

    _check(fn, X)


@case
def test_exception2():
    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            raise NotImplementedError
        except (NotImplementedError, AttributeError):
            x = torch.sigmoid(x)
        return x

    _check(fn, X)


@case
def test_exception3():
    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            raise NotImplementedError("Not implemented")
        except AssertionError:
            x = torch.sigmoid(x)
        except NotImplementedError:
            x = torch.cos(x)
        finally:
            x = torch.cos(x)
        return x

    _check(fn, X)


@case
def test_exception4():
    def fn(x):
        for i in range(10):
            if i == 5:
                return x
            try:
                x = torch.sin(x)
                raise NotImplementedError
            except Exception:
                x = torch.sigmoid(x)
        return x

    _check(fn, X)


@case
def test_exception_with_another_exception():
    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            raise NotImplementedError("Not implemented")
        except NotImplementedError:
            x = torch.sigmoid(x)
            try:
                x = torch.cos(x)
                raise AssertionError
            except AssertionError:
                x = torch.cos(x)

    _check(fn, X)


@case(known="graph break (Unsupported function call): contextmanager")
def test_foo():
    @contextlib.contextmanager
    def cm():
        try:
            yield
        except BaseException:
            raise ValueError

    @contextlib.contextmanager
    def nothing():
        try:
            yield
        finally:
            pass

    def fn(x):
        z = 0
        with nothing():
            try:
                with cm():
                    raise IndexError
            except ValueError:
                z = 1
            except IndexError:
                z = 2
        return x + z

    _check(fn, X)


@case
def test_exception_else():
    def gn(x):
        return torch.cos(x)

    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            x = gn(x)
        except Exception:
            x = torch.sigmoid(x)
        else:
            x = torch.cos(x)
        return x

    _check(fn, X)


@case
def test_exception_with_another_exception2():
    def gn(x):
        try:
            x = torch.cos(x)
            raise NotImplementedError("Not implemented")
        except NotImplementedError:
            x = torch.sigmoid(x)
            raise

    def fn(x):
        try:
            x = torch.cos(x)
            gn(x)
        except Exception:
            pass
        return x

    _check(fn, X, fullgraph=False)


@case
def test_exception_with_ctx_manager():
    def fn(x):
        x = torch.cos(x)
        try:
            with torch.no_grad():
                x = torch.sin(x)
                raise NotImplementedError("Not implemented")
        except NotImplementedError:
            x = torch.sigmoid(x)
        return x, torch.is_grad_enabled()

    _check(fn, X)


@case
def test_exception_raised_from_child():
    def gn():
        raise NotImplementedError("foo")

    def fn(x):
        x = torch.cos(x)
        try:
            x = torch.sin(x)
            gn()
            x = torch.sin(x)
        except Exception:
            x = torch.sigmoid(x)
        return x

    _check(fn, X)


@case
def test_dynamo_undo_kw_names():
    def g(x, k=None):
        if k:
            raise TypeError("error")
        return x.sin()

    def fn(x):
        d = {"a": x}
        try:
            g(x, k=True)
        except Exception:
            y = 0
            for _, b in d.items():
                y += b.sum()
        return y

    _check(fn, torch.ones(2, 3))


@case
def test_raise_custom_exception():
    class Exc(Exception):
        ...

    def fn(t):
        try:
            raise Exc
        except Exc:
            return t.sin()
        except Exception:
            return t.cos()

    _check(fn, X)


@case(known="graph break (Unsupported subscript): Dynamo in wick does not trace this subscript")
def test_raise_custom_exception_with_args():
    class Exc(Exception):
        ...

    def fn(t):
        try:
            raise Exc(1, 2.0)
        except Exc as e:
            return t.sin() + e.args[0] + e.args[1]
        except Exception:
            return t.cos()

    _check(fn, X)


@case(known="graph break (Observed exception): Dynamo found no exception handler at the top-level compiled function when en")
def test_nn_module_getattr():
    class A:
        def __init__(self):
            self._b = 20

        def __getattr__(self, name):
            fixed = "_" + name
            if fixed in self.__dict__:
                return self.__dict__[fixed]
            raise AttributeError(f"{name} absent")

    class B(A):
        def __init__(self):
            self.a = 10

        def __getattr__(self, name):
            try:
                return super().__getattr__(name)
            except AttributeError:
                return 30

    obj = B()

    def fn(x):
        return x * obj.a * obj.b * obj.c

    _check(fn, torch.ones(4))


@case(known="graph break (Observed exception): Dynamo found no exception handler at the top-level compiled function when en")
def test_custom_getattr_on_module_exception():
    class Foo(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.register_parameter("a", torch.nn.Parameter(torch.ones(4) * 2))

        def __getattr__(self, name):
            try:
                return super().__getattr__(name)
            except AttributeError:
                if name == "a_copy":
                    return self.a
                raise

        def forward(self, x):
            return x * self.a * self.a_copy

    mod = Foo()
    x = torch.ones(4)
    want = mod(x).detach()
    got = compile(mod, fullgraph=True)(x).detach()
    expect(torch.equal(got, want))
    out(want)


@case
def test_attribute_error_from_getattr():
    class Mock:
        def __init__(self):
            self.a = 5

        def __getattr__(self, name):
            if name != "a":
                raise AttributeError("missing")
            return self.__dict__["a"]

    mock = Mock()

    def fn(x):
        if hasattr(mock, "b"):
            return torch.cos(x)
        return torch.sin(x)

    _check(fn, X)


@case(known="graph break (Failed to trace builtin operator): next ['object']")
def test_stop_iteration():
    def zip_longest(*iterables, fillvalue=None):
        iterators = [iter(it) for it in iterables]
        result = []
        while True:
            for it in iterators:
                try:
                    value = next(it)
                except StopIteration:
                    result.append(fillvalue)
                    return result
                result.append(value)

    def fn(x, y):
        torch.cos(torch.ones(4))
        return tuple(zip_longest(x, y))

    _check(fn, [1, 2, 3, 4], [10, 11, 12])


@case
def test_nn_reraise():
    class M(torch.nn.Module):
        def forward(self, x):
            raise ValueError("woof")

    m = M()
    m.register_forward_pre_hook(lambda m, args: None)
    opt_call = compile(lambda x: m(x))
    out(raises(ValueError, opt_call, torch.ones(3)))


@case
def test_key_error():
    def fn(x, d):
        try:
            a = d["b"]
        except KeyError:
            a = 2
        return x * a

    _check(fn, X, {"a": 1})


@case
def test_atrribute_error():
    class Mock:
        def __init__(self):
            self.a = 1

    mock = Mock()

    def fn(x):
        try:
            c = 2
            mock.b
        except AttributeError:
            c = 3
        return torch.sin(x) * c

    _check(fn, X, fullgraph=False)


@case
def test_raise_from_None():
    class MyMapping:
        def __init__(self, d):
            self._d = d

        def __getitem__(self, key):
            try:
                value = self._d[key]
            except KeyError:
                raise KeyError(key) from None
            return value

    mapping = MyMapping({"a": 10, "b": 20})

    def mapping_get(obj, key, value=None):
        try:
            return obj.__getitem__(key)
        except KeyError:
            return value

    def fn(x, d, key):
        x = torch.sin(x + 1)
        return x, mapping_get(d, key), mapping_get(d, "b")

    _check(fn, X, mapping, "m")


@case
def test_ensure_exception_is_active_after_try_except_block():
    def fn(x):
        try:
            try:
                1 / 0
            except ZeroDivisionError:
                for exc in (KeyError, IndexError):
                    try:
                        raise exc
                    except exc:
                        pass
                raise
        except ZeroDivisionError:
            x = x + 1
        return x

    _check(fn, X)


@case(skip="wick eager: eager result differs: (T[4]float32:4.000, [False, False])")
def test_ensure_exception_is_active_inside_try_except_block():
    def fn(x):
        contexts = []
        try:
            try:
                1 / 0
            except ZeroDivisionError:
                for exc in (KeyError, IndexError):
                    try:
                        raise exc
                    except exc as e:
                        contexts.append(isinstance(e.__context__, ZeroDivisionError))
                raise
        except ZeroDivisionError:
            x = x + 1
        return x, contexts

    _check(fn, X)


@case
def test_raise_GeneratorExit():
    def fn(t):
        try:
            raise GeneratorExit
        except Exception:
            return t.sin()
        except BaseException:
            return t.cos()

    _check(fn, X)


@case(known="graph break (Unsupported method call): Dynamo in wick does not trace this method")
def test_dict_pop():
    def fn(dt, x):
        try:
            dt.pop("b")
        except KeyError:
            return torch.sin(x)
        else:
            return torch.cos(x)

    opt = compile(fn, fullgraph=True)
    results = []
    for make in (lambda: {"a": 1}, lambda: {"a": 1, "b": 2}):
        want = fn(make(), X)
        expect(torch.allclose(opt(make(), X), want))
        results.append(want)
    out(results)


@case
def test_block_stack_cleanup():
    params = {"a": 3, "b": 4, "c": 5}
    dt = {"c": 5}

    def fn(x):
        for name in params:
            try:
                x = x * dt[name]
            except KeyError:
                x = x * torch.sin(x)
        return x

    _check(fn, X)


@case
def test_user_defined_exception_variable():
    def fn(t):
        z = 0
        try:
            raise CustomException
        except ValueError:
            z = 1
        except CustomException:
            z = 2
        assert z == 2
        return t.sin(), z

    _check(fn, X)


@case(known="graph break (class construction): Dynamo in wick does not trace constructing instances of classes yet")
def test_user_defined_exception_with_args():
    def fn(t):
        z = 0
        try:
            raise CustomExceptionWithArgs(2, b=3)
        except ValueError:
            z = 1
        except CustomExceptionWithArgs as e:
            z = 2 + e.a * e.b
        return t + z

    _check(fn, X)


@case(known="Failure: compiled (tensor([0.0000, 0.6667, 1.3333, 2.0000]), False, False) != eager (tensor([0.0000, 0.6667, 1")
def test_raise_set___context__():
    def fn(x):
        try:
            raise TypeError
        except TypeError as e:
            exc = e
        try:
            raise ValueError
        except ValueError as e:
            exc2 = e
        return x + 1, exc.__context__ is None, exc2.__context__ is None

    _check(fn, X)


@case(known="graph break (Unsupported attribute store): Dynamo in wick buffers attribute stores on existing instances only")
def testChainingDescriptors():
    def fn(x):
        try:
            raise Exception
        except Exception as exc:
            e = exc
        first = (e.__context__ is None, e.__cause__ is None, e.__suppress_context__)
        e.__context__ = NameError()
        e.__cause__ = None
        second = (isinstance(e.__context__, NameError), e.__cause__ is None,
                  e.__suppress_context__)
        e.__suppress_context__ = False
        return x + 1, first, second, e.__suppress_context__

    _check(fn, X)


@case(skip="wick eager: eager result differs: (T[4]float32:4.000, True, False)")
def test_context_of_exception_in_try_and_finally():
    def fn(x):
        try:
            try:
                te = TypeError(1)
                raise te
            finally:
                ve = ValueError(2)
                raise ve
        except Exception as e:
            exc = e
        return x + 1, exc is ve, exc.__context__ is te

    _check(fn, X)


@case(skip="wick eager: AttributeError: 'NoneType' object has no attribute '__context__'")
def test_context_of_exception_in_except_and_finally():
    def fn(x):
        try:
            try:
                te = TypeError(1)
                raise te
            except Exception:
                ve = ValueError(2)
                raise ve
            finally:
                oe = OSError(3)
                raise oe
        except Exception as e:
            exc = e
        return x + 1, exc is oe, exc.__context__ is ve, exc.__context__.__context__ is te

    _check(fn, X)


@case(skip="wick eager: eager result differs: (T[4]float32:4.000, True, False)")
def test_context_of_exception_in_else_and_finally():
    def fn(x):
        try:
            try:
                pass
            except Exception:
                pass
            else:
                ve = ValueError(1)
                raise ve
            finally:
                oe = OSError(2)
                raise oe
        except Exception as e:
            exc = e
        return x + 1, exc is oe, exc.__context__ is ve

    _check(fn, X)


@case(skip="wick eager: NameError: name 'ConnectionError' is not defined")
def test_raise_does_not_create_context_chain_cycle():
    def fn(x):
        A, B, C = AssertionError, BytesWarning, ConnectionError
        try:
            try:
                raise A
            except A as a_:
                a = a_
                try:
                    raise B
                except B as b_:
                    b = b_
                    try:
                        raise C
                    except C as c_:
                        c = c_
                        before = (a.__context__ is None, b.__context__ is a, c.__context__ is b)
                        raise a
        except A as e:
            exc = e
        after = (exc is a, a.__context__ is c, c.__context__ is b, b.__context__ is None)
        return x + 1, before, after

    _check(fn, X)


@case(skip="wick eager: AttributeError: 'NoneType' object has no attribute '__context__'")
def test_no_hang_on_context_chain_cycle1():
    def cycle():
        try:
            raise ValueError(1)
        except ValueError as ex:
            ex.__context__ = ex
            raise TypeError(2)

    def fn(x):
        try:
            cycle()
        except Exception as e:
            exc = e
        return (x + 1, isinstance(exc, TypeError), isinstance(exc.__context__, ValueError),
                exc.__context__.__context__ is exc.__context__)

    _check(fn, X)


@case(skip="wick eager: NameError: name 'ConnectionError' is not defined")
def test_no_hang_on_context_chain_cycle3():
    def fn(x):
        A, B, C, D, E = (AssertionError, BytesWarning, ConnectionError, DeprecationWarning,
                         Exception)
        try:
            try:
                raise A
            except A as _a:
                a = _a
                try:
                    raise B
                except B as _b:
                    b = _b
                    try:
                        raise C
                    except C as _c:
                        c = _c
                        a.__context__ = c
                        try:
                            raise D
                        except D as _d:
                            d = _d
                            e = E()
                            raise e
        except E as caught:
            got = caught
        return (x + 1, got is e, e.__context__ is d, d.__context__ is c, c.__context__ is b,
                b.__context__ is a, a.__context__ is c)

    _check(fn, X)


if __name__ == "__main__":
    main()
