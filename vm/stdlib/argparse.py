"""argparse: positionals, options (type, default, choices, nargs, required, metavar,
dest), the store/store_const/store_true/store_false/append/append_const/count/extend/
help/version actions, argument groups, mutually exclusive groups and subparsers, with
CPython 3.11's --help and usage layout and its error messages (exit status 2)."""

import sys as _sys
import os as _os

__all__ = ["ArgumentParser", "ArgumentError", "ArgumentTypeError", "FileType",
           "HelpFormatter", "ArgumentDefaultsHelpFormatter", "RawDescriptionHelpFormatter",
           "RawTextHelpFormatter", "MetavarTypeHelpFormatter", "Namespace", "Action",
           "BooleanOptionalAction", "ONE_OR_MORE", "OPTIONAL", "PARSER", "REMAINDER",
           "SUPPRESS", "ZERO_OR_MORE"]

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
PARSER = "A..."
REMAINDER = "..."


class Namespace:
    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __repr__(self):
        parts = []
        star = {}
        for name, value in self.__dict__.items():
            if name.isidentifier():
                parts.append("%s=%r" % (name, value))
            else:
                star[name] = value
        if star:
            parts.append("**%r" % (star,))
        return "%s(%s)" % (type(self).__name__, ", ".join(parts))

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message
        super().__init__(self.__str__())

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


def _get_action_name(argument):
    if argument is None:
        return None
    if argument.option_strings:
        return "/".join(argument.option_strings)
    if argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    if argument.dest not in (None, SUPPRESS):
        return argument.dest
    if argument.choices:
        return "{" + ",".join(argument.choices) + "}"
    return None


# ---- actions ----

class Action:
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None,
                 type=None, choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(".__call__() not defined")


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None,
                 type=None, choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for store actions must be != 0; if you have nothing to "
                             "store, actions such as store true or store const may be more "
                             "appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices,
                         required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings, dest, 0, const, default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings, dest, True, default, required, help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings, dest, False, default, required, help)


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None,
                 type=None, choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for append actions must be != 0; if arg strings are not "
                             "supplying the value to append, the append const action may be "
                             "more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices,
                         required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings, dest, 0, const, default, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings, dest, 0, default=default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings, dest, 0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest, 0, default=default, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        _option_strings = []
        for option_string in option_strings:
            _option_strings.append(option_string)
            if option_string.startswith("--"):
                _option_strings.append("--no-" + option_string[2:])
        if help is not None and default is not None and default is not SUPPRESS:
            help += " (default: %(default)s)"
        super().__init__(_option_strings, dest, 0, default=default, type=type,
                         choices=choices, required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith("--no-"))

    def format_usage(self):
        return " | ".join(self.option_strings)


class _ChoicesPseudoAction(Action):
    def __init__(self, name, aliases, help):
        metavar = dest = name
        if aliases:
            metavar += " (%s)" % ", ".join(aliases)
        super().__init__(option_strings=[], dest=dest, help=help, metavar=metavar)


class _SubParsersAction(Action):
    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False,
                 help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER,
                         choices=self._name_parser_map, required=required, help=help,
                         metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get("prog") is None:
            kwargs["prog"] = "%s %s" % (self._prog_prefix, name)
        aliases = kwargs.pop("aliases", ())
        if name in self._name_parser_map:
            raise ArgumentError(self, "conflicting subparser: %s" % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, "conflicting subparser alias: %s" % alias)
        if "help" in kwargs:
            help = kwargs.pop("help")
            self._choices_actions.append(_ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        subparser = self._name_parser_map.get(parser_name)
        if subparser is None:
            raise ArgumentError(self, "unknown parser %r (choices: %s)"
                                % (parser_name, ", ".join(self._name_parser_map)))
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            if not hasattr(namespace, "_UNRECOGNIZED_ARGS_ATTR"):
                setattr(namespace, "_UNRECOGNIZED_ARGS_ATTR", [])
            getattr(namespace, "_UNRECOGNIZED_ARGS_ATTR").extend(arg_strings)


_ACTIONS = {
    None: _StoreAction, "store": _StoreAction, "store_const": _StoreConstAction,
    "store_true": _StoreTrueAction, "store_false": _StoreFalseAction,
    "append": _AppendAction, "append_const": _AppendConstAction, "count": _CountAction,
    "help": _HelpAction, "version": _VersionAction, "extend": _ExtendAction,
}


class FileType:
    def __init__(self, mode="r", bufsize=-1, encoding=None, errors=None):
        self._mode = mode

    def __call__(self, string):
        if string == "-":
            return _sys.stdin if "r" in self._mode else _sys.stdout
        try:
            return open(string, self._mode)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))


# ---- help formatting ----

class HelpFormatter:
    """Lays out usage and help as CPython 3.11's HelpFormatter does."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            try:
                width = int(_os.environ.get("COLUMNS", "80"))
            except ValueError:
                width = 80
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._action_max_length = 0
        self._sections = []  # (heading, [items]) in order; items are callables

    # sections are flat in practice (argparse's are one level deep)
    def _indent(self):
        self._current_indent += self._indent_increment

    def _dedent(self):
        self._current_indent -= self._indent_increment

    def start_section(self, heading):
        self._sections.append([heading, []])

    def end_section(self):
        pass

    def _add(self, item):
        if not self._sections or self._sections[-1][0] is _ROOT:
            self._sections.append([_ROOT, []])
        self._sections[-1][1].append(item)

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add(("text", text))

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add(("usage", usage, actions, groups, prefix))

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            self._note_length(action, self._indent_increment)
            self._add(("action", action))

    def _note_length(self, action, indent):
        self._action_max_length = max(self._action_max_length,
                                      len(self._format_action_invocation(action)) + indent)
        subactions = getattr(action, "_get_subactions", None)
        if subactions is not None:
            for sub in subactions():
                self._note_length(sub, indent + self._indent_increment)

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        parts = []
        for heading, items in self._sections:
            if heading is _ROOT:
                self._current_indent = 0
                for item in items:
                    parts.append(self._format_item(item))
                continue
            self._current_indent = self._indent_increment
            body = "".join([self._format_item(item) for item in items])
            if not body:
                continue
            if heading is not SUPPRESS and heading is not None:
                head = "%s:\n" % heading
            else:
                head = ""
            parts.append("\n" + head + body + "\n")
        help = "".join(parts)
        while "\n\n\n" in help:
            help = help.replace("\n\n\n", "\n\n")
        help = help.strip("\n") + "\n"
        return help

    def _format_item(self, item):
        kind = item[0]
        if kind == "text":
            return self._format_text(item[1])
        if kind == "usage":
            return self._format_usage(item[1], item[2], item[3], item[4])
        return self._format_action(item[1])

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = "usage: "
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif usage is None and not actions:
            usage = "%(prog)s" % dict(prog=self._prog)
        else:
            prog = "%(prog)s" % dict(prog=self._prog)
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            opt_parts = self._usage_parts(optionals, groups)
            pos_parts = self._usage_parts(positionals, groups)
            usage = " ".join([s for s in [prog] + opt_parts + pos_parts if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                def get_lines(parts, indent, prefix=None):
                    lines = []
                    line = []
                    line_len = len(prefix) - 1 if prefix is not None else len(indent) - 1
                    for part in parts:
                        if line_len + 1 + len(part) > text_width and line:
                            lines.append(indent + " ".join(line))
                            line = []
                            line_len = len(indent) - 1
                        line.append(part)
                        line_len += len(part) + 1
                    if line:
                        lines.append(indent + " ".join(line))
                    if prefix is not None:
                        lines[0] = lines[0][len(indent):]
                    return lines

                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = " " * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = get_lines([prog] + opt_parts, indent, prefix)
                        lines.extend(get_lines(pos_parts, indent))
                    elif pos_parts:
                        lines = get_lines([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = " " * len(prefix)
                    parts = opt_parts + pos_parts
                    lines = get_lines(parts, indent)
                    if len(lines) > 1:
                        lines = []
                        lines.extend(get_lines(opt_parts, indent))
                        lines.extend(get_lines(pos_parts, indent))
                    lines = [prog] + lines
                usage = "\n".join(lines)
        return "%s%s\n\n" % (prefix, usage)

    def _usage_parts(self, actions, groups):
        # Each action's usage text; members of a mutually exclusive group are joined
        # with " | " inside one pair of brackets (parentheses when required).
        parts = []
        seen_groups = []
        for action in actions:
            group = None
            for g in groups:
                if action in g._group_actions:
                    group = g
                    break
            if group is not None:
                if group in seen_groups:
                    continue
                seen_groups.append(group)
                members = [a for a in group._group_actions if a in actions and
                           a.help is not SUPPRESS]
                texts = [self._action_usage(a, bare=True) for a in members]
                if not texts:
                    continue
                inner = " | ".join(texts)
                if len(texts) == 1 and not group.required:
                    parts.append("[%s]" % inner)
                elif group.required:
                    parts.append("(%s)" % inner if len(texts) > 1 else inner)
                else:
                    parts.append("[%s]" % inner)
                continue
            if action.help is SUPPRESS:
                continue
            parts.append(self._action_usage(action))
        return parts

    def _action_usage(self, action, bare=False):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            part = self._format_args(action, default)
            if bare and part[0] == "[" and part[-1] == "]":
                part = part[1:-1]
            return part
        option_string = action.option_strings[0]
        if action.nargs == 0:
            part = action.format_usage()
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            part = "%s %s" % (option_string, args_string)
        if not action.required and not bare:
            part = "[%s]" % part
        return part

    def _format_text(self, text):
        if "%(prog)" in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = " " * self._current_indent
        return self._fill_text(text, text_width, indent) + "\n\n"

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        action_header = self._format_action_invocation(action)
        if not action.help:
            action_header = "%s%s\n" % (" " * self._current_indent, action_header)
            parts = [action_header]
        else:
            if len(action_header) <= action_width:
                action_header = "%s%s  " % (" " * self._current_indent,
                                            action_header.ljust(action_width))
                indent_first = 0
            else:
                action_header = "%s%s\n" % (" " * self._current_indent, action_header)
                indent_first = help_position
            parts = [action_header]
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append("%s%s\n" % (" " * indent_first, help_lines[0]))
                for line in help_lines[1:]:
                    parts.append("%s%s\n" % (" " * help_position, line))
            elif not action_header.endswith("\n"):
                parts.append("\n")
        subactions = getattr(action, "_get_subactions", None)
        if subactions is not None:
            self._indent()
            for sub in subactions():
                parts.append(self._format_action(sub))
            self._dedent()
        return "".join(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            (metavar,) = self._metavar_formatter(action, default)(1)
            return metavar
        parts = []
        if action.nargs == 0:
            parts.extend(action.option_strings)
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            for option_string in action.option_strings:
                parts.append("%s %s" % (option_string, args_string))
        return ", ".join(parts)

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = "{%s}" % ",".join([str(c) for c in action.choices])
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        get_metavar = self._metavar_formatter(action, default_metavar)
        if action.nargs is None:
            return "%s" % get_metavar(1)
        if action.nargs == OPTIONAL:
            return "[%s]" % get_metavar(1)
        if action.nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                return "[%s [%s ...]]" % metavar
            return "[%s ...]" % metavar
        if action.nargs == ONE_OR_MORE:
            return "%s [%s ...]" % get_metavar(2)
        if action.nargs == REMAINDER:
            return "..."
        if action.nargs == PARSER:
            return "%s ..." % get_metavar(1)
        if action.nargs == SUPPRESS:
            return ""
        try:
            formats = ["%s" for _ in range(action.nargs)]
        except TypeError:
            raise ValueError("invalid nargs value")
        return " ".join(formats) % get_metavar(action.nargs)

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            # callable(): wick's builtin instances answer hasattr(x, "__name__")
            if callable(params[name]) and hasattr(params[name], "__name__"):
                params[name] = params[name].__name__
        if params.get("choices") is not None:
            params["choices"] = ", ".join([str(c) for c in params["choices"]])
        return self._get_help_string(action) % params

    def _split_lines(self, text, width):
        import textwrap
        return textwrap.wrap(" ".join(text.split()), width)

    def _fill_text(self, text, width, indent):
        import textwrap
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


_ROOT = object()


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return "".join([indent + line for line in text.splitlines(True)])


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ""
        if "%(default)" not in help and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                help += " (default: %(default)s)"
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---- containers and the parser ----

class _ActionsContainer:
    def _init_container(self, prefix_chars, argument_default, conflict_handler):
        self.prefix_chars = prefix_chars
        self.argument_default = argument_default
        self.conflict_handler = conflict_handler
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if "default" not in kwargs:
            dest = kwargs["dest"]
            if dest in self._defaults:
                kwargs["default"] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs["default"] = self.argument_default
        action_name = kwargs.pop("action", None)
        if callable(action_name) and not isinstance(action_name, str):
            action_class = action_name
        elif action_name in _ACTIONS:
            action_class = _ACTIONS[action_name]
        else:
            raise ValueError("unknown action \"%s\"" % (action_name,))
        type_func = kwargs.get("type")
        if type_func is not None and not callable(type_func):
            raise ValueError("%r is not callable" % (type_func,))
        action = action_class(**kwargs)
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                conflict = self._option_string_actions[option_string]
                if self.conflict_handler == "resolve":
                    self._remove_option(conflict, option_string)
                else:
                    raise ArgumentError(action, "conflicting option string: %s" % option_string)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        return action

    def _remove_option(self, action, option_string):
        action.option_strings.remove(option_string)
        del self._option_string_actions[option_string]
        if not action.option_strings:
            action.container._remove_action(action)

    def _remove_action(self, action):
        self._actions.remove(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if "required" in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get("nargs") not in (OPTIONAL, ZERO_OR_MORE):
            kwargs["required"] = True
        if kwargs.get("nargs") == ZERO_OR_MORE and "default" not in kwargs:
            kwargs["required"] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if option_string[0] not in self.prefix_chars:
                raise ValueError("invalid option string %r: must start with a character %r"
                                 % (option_string, self.prefix_chars))
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop("dest", None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError("dest= is required for options like %r" % option_string)
            dest = dest.replace("-", "_")
        return dict(kwargs, dest=dest, option_strings=option_strings)


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        self.title = title
        self.description = description
        self._container = container
        self._group_actions = []
        self.prefix_chars = container.prefix_chars
        self.argument_default = container.argument_default
        self.conflict_handler = container.conflict_handler
        self._defaults = container._defaults
        self._option_string_actions = container._option_string_actions
        self._mutually_exclusive_groups = container._mutually_exclusive_groups
        self._actions = container._actions

    def _add_action(self, action):
        action = _ActionsContainer._add_action(self, action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        _ActionsContainer._remove_action(self, action)
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **kwargs):
        return self._container.add_argument_group(*args, **kwargs)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError("mutually exclusive arguments must be optional")
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


class ArgumentParser(_ActionsContainer):
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=HelpFormatter, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        self._init_container(prefix_chars, argument_default, conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else "prog"
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._subparsers = None
        self._positionals = self.add_argument_group("positional arguments")
        self._optionals = self.add_argument_group("options")
        if add_help:
            default_prefix = "-" if "-" in prefix_chars else prefix_chars[0]
            self.add_argument(default_prefix + "h", default_prefix * 2 + "help",
                              action="help", default=SUPPRESS,
                              help="show this help message and exit")
        for parent in parents:
            for action in parent._actions:
                if action.option_strings and action.option_strings[0] in ("-h", "--help"):
                    continue
                self._add_action(action)
            self._defaults.update(parent._defaults)

    def __repr__(self):
        names = ["prog", "usage", "description", "formatter_class", "conflict_handler",
                 "add_help"]
        return "ArgumentParser(%s)" % ", ".join(["%s=%r" % (n, getattr(self, n)) for n in names])

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error("cannot have multiple subparser arguments")
        kwargs.setdefault("parser_class", type(self))
        if "title" in kwargs or "description" in kwargs:
            title = kwargs.pop("title", "subcommands")
            description = kwargs.pop("description", None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get("prog") is None:
            formatter = self._get_formatter()
            positionals = [a for a in self._actions if not a.option_strings]
            formatter.add_usage(self.usage, positionals, self._mutually_exclusive_groups, "")
            kwargs["prog"] = formatter.format_help().strip()
        action_class = kwargs.pop("action", _SubParsersAction)
        action = action_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    # -- parsing --

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error("unrecognized arguments: %s" % " ".join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and not hasattr(namespace, action.dest):
                if action.default is not SUPPRESS:
                    setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        try:
            namespace, args = self._parse_known_args(args, namespace)
        except ArgumentError as err:
            if not self.exit_on_error:
                raise
            self.error(str(err))
        if hasattr(namespace, "_UNRECOGNIZED_ARGS_ATTR"):
            args.extend(getattr(namespace, "_UNRECOGNIZED_ARGS_ATTR"))
            delattr(namespace, "_UNRECOGNIZED_ARGS_ATTR")
        return namespace, args

    def _looks_like_option(self, arg):
        if not arg or arg[0] not in self.prefix_chars:
            return False
        if arg in self._option_string_actions:
            return True
        if len(arg) == 1:
            return False
        if "=" in arg and arg.split("=", 1)[0] in self._option_string_actions:
            return True
        if _is_negative_number(arg) and not self._has_negative_number_options():
            return False
        if " " in arg:
            return False
        return True

    def _has_negative_number_options(self):
        for s in self._option_string_actions:
            if _is_negative_number(s):
                return True
        return False

    def _match_option(self, arg):
        # -> (action, option_string, explicit_arg) or None for an unknown option.
        if arg in self._option_string_actions:
            return self._option_string_actions[arg], arg, None
        if "=" in arg:
            option_string, explicit = arg.split("=", 1)
            if option_string in self._option_string_actions:
                return self._option_string_actions[option_string], option_string, explicit
        if self.allow_abbrev and arg.startswith("--"):
            prefix, _, explicit = arg.partition("=")
            explicit = explicit if "=" in arg else None
            matches = [s for s in self._option_string_actions if s.startswith(prefix)]
            if len(matches) > 1:
                options = ", ".join(matches)
                self.error("ambiguous option: %s could match %s" % (prefix, options))
            if len(matches) == 1:
                return self._option_string_actions[matches[0]], matches[0], explicit
        if len(arg) > 2 and arg[1] not in self.prefix_chars:
            short = arg[:2]
            if short in self._option_string_actions:
                return self._option_string_actions[short], short, arg[2:]
        return None

    def _parse_known_args(self, arg_strings, namespace):
        seen_actions = []
        seen_non_default = []
        extras = []
        positional_strings = []
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            for i, a in enumerate(group._group_actions):
                conflicts.setdefault(a, []).extend(
                    group._group_actions[:i] + group._group_actions[i + 1:])

        def take_action(action, values, option_string=None):
            seen_actions.append(action)
            argument_values = self._get_values(action, values)
            if argument_values is not action.default:
                seen_non_default.append(action)
                for conflict in conflicts.get(action, []):
                    if conflict in seen_non_default:
                        raise ArgumentError(action, "not allowed with argument %s"
                                            % _get_action_name(conflict))
            if argument_values is not SUPPRESS:
                action(self, namespace, argument_values, option_string)

        # With subparsers, the positional that names the command takes every string
        # after it (options included): they belong to the subparser.
        positional_actions = [a for a in self._actions if not a.option_strings]
        before_parser = None
        for k, a in enumerate(positional_actions):
            if a.nargs == PARSER:
                before_parser = k
                break
        i = 0
        n = len(arg_strings)
        only_positionals = False
        while i < n:
            arg = arg_strings[i]
            if only_positionals:
                positional_strings.append(arg)
                i += 1
                continue
            if arg == "--":
                only_positionals = True
                i += 1
                continue
            if not self._looks_like_option(arg):
                positional_strings.append(arg)
                i += 1
                if before_parser is not None and len(positional_strings) == before_parser + 1:
                    positional_strings.extend(arg_strings[i:])
                    break
                continue
            match = self._match_option(arg)
            if match is None:
                extras.append(arg)
                i += 1
                continue
            action, option_string, explicit = match
            i += 1
            while True:
                if explicit is not None:
                    if action.nargs == 0:
                        # -xyz: single-dash flags may be combined
                        if (option_string[1] not in self.prefix_chars and explicit
                                and explicit[0] not in self.prefix_chars):
                            take_action(action, [], option_string)
                            next_opt = self.prefix_chars[0] + explicit[0]
                            rest = explicit[1:] or None
                            if next_opt in self._option_string_actions:
                                action = self._option_string_actions[next_opt]
                                option_string = next_opt
                                explicit = rest
                                continue
                            raise ArgumentError(action, "ignored explicit argument %r"
                                                % (explicit,))
                        raise ArgumentError(action, "ignored explicit argument %r" % (explicit,))
                    nargs = action.nargs
                    if nargs in (None, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE) or nargs == 1:
                        take_action(action, [explicit], option_string)
                    else:
                        raise ArgumentError(action, self._nargs_error(action))
                    break
                # consume following non-option strings per nargs
                following = []
                j = i
                while j < n and arg_strings[j] != "--" and not self._looks_like_option(arg_strings[j]):
                    following.append(arg_strings[j])
                    j += 1
                count = self._option_count(action, len(following))
                take_action(action, following[:count], option_string)
                i += count
                break
        # positionals
        self._consume_positionals(positional_strings, take_action, extras)
        required_actions = []
        for action in self._actions:
            if action not in seen_actions:
                if action.required:
                    required_actions.append(_get_action_name(action))
                elif (action.default is not None and isinstance(action.default, str) and
                      hasattr(namespace, action.dest) and
                      action.default is getattr(namespace, action.dest)):
                    setattr(namespace, action.dest, self._get_value(action, action.default))
        if required_actions:
            self.error("the following arguments are required: %s" % ", ".join(required_actions))
        for group in self._mutually_exclusive_groups:
            if group.required:
                for action in group._group_actions:
                    if action in seen_non_default:
                        break
                else:
                    names = [_get_action_name(a) for a in group._group_actions
                             if a.help is not SUPPRESS]
                    self.error("one of the arguments %s is required" % " ".join(names))
        return namespace, extras

    def _nargs_error(self, action):
        nargs = action.nargs
        if nargs is None:
            return "expected one argument"
        if nargs == OPTIONAL:
            return "expected at most one argument"
        if nargs == ONE_OR_MORE:
            return "expected at least one argument"
        return "expected %d argument%s" % (nargs, "s" if nargs != 1 else "")

    def _option_count(self, action, available):
        nargs = action.nargs
        if nargs is None:
            if available < 1:
                raise ArgumentError(action, "expected one argument")
            return 1
        if nargs == OPTIONAL:
            return min(available, 1)
        if nargs == ZERO_OR_MORE:
            return available
        if nargs == ONE_OR_MORE:
            if available < 1:
                raise ArgumentError(action, "expected at least one argument")
            return available
        if nargs == REMAINDER:
            return available
        if available < nargs:
            raise ArgumentError(action, self._nargs_error(action))
        return nargs

    def _consume_positionals(self, strings, take_action, extras):
        actions = [a for a in self._actions if not a.option_strings]
        # minimum strings each remaining positional needs
        def minimum(a):
            if a.nargs is None:
                return 1
            if a.nargs in (OPTIONAL, ZERO_OR_MORE, REMAINDER):
                return 0
            if a.nargs in (ONE_OR_MORE, PARSER):
                return 1
            return a.nargs
        pos = 0
        for k, action in enumerate(actions):
            rest_min = sum([minimum(a) for a in actions[k + 1:]])
            available = len(strings) - pos
            nargs = action.nargs
            if nargs is None:
                if available < 1:
                    break
                count = 1
            elif nargs == OPTIONAL:
                count = 1 if available - rest_min >= 1 else 0
            elif nargs in (ZERO_OR_MORE, REMAINDER):
                count = max(available - rest_min, 0)
            elif nargs in (ONE_OR_MORE, PARSER):
                if available < 1:
                    break
                count = max(available - rest_min, 1)
            else:
                if available < nargs:
                    break
                count = nargs
            take_action(action, strings[pos:pos + count])
            pos += count
        extras.extend(strings[pos:])

    def _get_values(self, action, arg_strings):
        if action.nargs not in (PARSER, REMAINDER):
            try:
                arg_strings.remove("--")
            except ValueError:
                pass
        if not arg_strings and action.nargs == OPTIONAL:
            if action.option_strings:
                value = action.const
            else:
                value = action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not arg_strings and action.nargs == ZERO_OR_MORE and not action.option_strings):
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in (None, OPTIONAL):
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = action.type
        if type_func is None:
            return arg_string
        if not callable(type_func):
            raise ArgumentError(action, "%r is not callable" % (type_func,))
        try:
            return type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, "__name__", repr(action.type))
            raise ArgumentError(action, "invalid %s value: %r" % (name, arg_string))

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(repr, action.choices))
            raise ArgumentError(action, "invalid choice: %r (choose from %s)" % (value, choices))

    # -- help and errors --

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter._sections.append([_ROOT, []])
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            file.write(message)

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def _is_negative_number(s):
    if not s.startswith("-") or len(s) < 2:
        return False
    body = s[1:]
    if body.isdigit():
        return True
    if body.count(".") == 1:
        a, b = body.split(".")
        return (a.isdigit() or a == "") and b.isdigit()
    return False
