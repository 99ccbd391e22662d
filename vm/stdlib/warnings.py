"""warnings: warn() with CPython 3.11's default filters, its "file:line: Category:
message" output on stderr, filterwarnings/simplefilter/resetwarnings and
catch_warnings (record=True collects WarningMessage objects)."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

import sys
import _wick_stdlib

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning", "filterwarnings",
           "simplefilter", "resetwarnings", "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

defaultaction = "default"
onceregistry = {}
_filters_version = [1]
_module_registries = {}


def _default_filters():
    return [
        ("default", None, DeprecationWarning, "__main__", 0),
        ("ignore", None, DeprecationWarning, None, 0),
        ("ignore", None, PendingDeprecationWarning, None, 0),
        ("ignore", None, ImportWarning, None, 0),
        ("ignore", None, ResourceWarning, None, 0),
    ]


filters = _default_filters()


def _filters_mutated():
    _filters_version[0] += 1


class WarningMessage:
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line",
                        "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None,
                 source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name, self.filename,
                                self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line is None:
        line = _source_line(filename, lineno)
    if line:
        s += "  %s\n" % line.strip()
    return s


_source_lines = {}


def _source_line(filename, lineno):
    return _source_lines.get((filename, lineno), "")


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    try:
        file.write(text)
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    sw = showwarning
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def filterwarnings(action, message="", category=Warning, module="", lineno=0,
                   append=False):
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))
    if not isinstance(message, str):
        raise AssertionError("message must be a string")
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise AssertionError("category must be a Warning subclass")
    if not isinstance(module, str):
        raise AssertionError("module must be a string")
    if not (isinstance(lineno, int) and lineno >= 0):
        raise AssertionError("lineno must be an int >= 0")
    if message or module:
        import re
    message_re = re.compile(message, re.I) if message else None
    module_re = re.compile(module) if module else None
    _add_filter(action, message_re, category, module_re, lineno, append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))
    if not (isinstance(lineno, int) and lineno >= 0):
        raise AssertionError("lineno must be an int >= 0")
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*item, append):
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def resetwarnings():
    filters[:] = []
    _filters_mutated()


def _matches(regex, text):
    if regex is None:
        return True
    if isinstance(regex, str):
        return regex == text
    return regex.match(text) is not None


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'"
                        % type(category).__name__)
    info = _wick_stdlib.frame_info(stacklevel)
    if info is None:
        filename, lineno, line, module = "sys", 1, "", "sys"
    else:
        filename, lineno, line, module = info
        if module is None:
            module = "<string>"
    _source_lines[(filename, lineno)] = line
    registry = _module_registries.get(module)
    if registry is None:
        registry = {}
        _module_registries[module] = registry
    warn_explicit(message, category, filename, lineno, module, registry, None, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get("version", 0) != _filters_version[0]:
        registry.clear()
        registry["version"] = _filters_version[0]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    for item in filters:
        action, msg, cat, mod, ln = item
        if (_matches(msg, text) and issubclass(category, cat) and _matches(mod, module)
                and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s"
                           % (action, item))
    line = _source_lines.get((filename, lineno))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None, line, source))


class catch_warnings:
    """Saves warnings.filters and showwarning on entry and restores them on exit."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        return "catch_warnings(%s)" % ", ".join(args)

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        global filters, showwarning
        self._entered = True
        self._filters = filters
        filters = self._filters[:]
        _filters_mutated()
        self._showwarning = showwarning
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            showwarning = _make_recorder(log)
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        global filters, showwarning
        filters = self._filters
        _filters_mutated()
        showwarning = self._showwarning
        return None


def _make_recorder(log):
    def record(message, category, filename, lineno, file=None, line=None):
        log.append(WarningMessage(message, category, filename, lineno, file, line))
    return record
