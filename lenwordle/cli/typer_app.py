"""The typer app of the commands: booleans shown and parsed as plain flags (`--hard`, and
`--hard true` a usage error), help paragraphs reflowed."""

import inspect
import re

import typer
from typer.core import TyperCommand, TyperGroup

# a boolean option's value: after a flag, a mistake (`--hard true`)
BOOLEAN_WORDS = {"true", "false", "t", "f", "yes", "no", "y", "n", "on", "off", "1", "0"}


class _PlainFlags:
    """A command (or group) whose boolean options are plain flags in its help (`--hard`, not
    `--hard <bool>`), a flag followed by a boolean word (`--hard true`) a usage error (an
    unexpected extra argument, not a value nor a word to play), and whose help's paragraphs
    are reflowed (the first, one short sentence, is its summary in `lenwordle --help`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.help:
            paragraphs = inspect.cleandoc(self.help).split("\n\n")
            self.help = "\n\n".join(re.sub(r" *\n *", " ", p) for p in paragraphs)

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""  # no type shown beside it
        return params

    def parse_args(self, ctx, args):
        given = _flag_given_a_value(super().get_params(ctx), args)
        if given:
            flag, word = given
            ctx.fail(
                f"Got unexpected extra argument ({word}): {flag} is a flag, it takes no value"
            )
        return super().parse_args(ctx, args)


def _flag_given_a_value(params, args: list[str]) -> tuple[str, str] | None:
    """Return the first (flag, boolean word) written one after the other in args, if any."""
    takes_value = {
        name: not (param.is_flag or param.count)
        for param in params
        if param.param_type_name == "option"
        for name in (*param.opts, *param.secondary_opts)
    }
    following = iter(args)
    for arg in following:
        if arg == "--":  # what follows is arguments only
            return None
        if takes_value.get(arg):
            next(following, None)  # the option's value, whatever it looks like
        elif arg in takes_value:
            value = next(following, None)
            if value is not None and value.lower() in BOOLEAN_WORDS:
                return arg, value
    return None


class FlagCommand(_PlainFlags, TyperCommand):
    """A command whose booleans are plain flags (see _PlainFlags)."""


class FlagGroup(_PlainFlags, TyperGroup):
    """The group of commands, its --help a plain flag too."""


class App(typer.Typer):
    """A typer app whose commands show and parse their booleans as plain flags."""

    def __init__(self, **kwargs):
        super().__init__(cls=FlagGroup, **kwargs)

    def command(self, *args, **kwargs):
        kwargs.setdefault("cls", FlagCommand)
        return super().command(*args, **kwargs)
