"""lenwordle: an approximate, low-memory Wordle solver for words of any length."""

__version__ = "0.5.1"  # the one home of the version (pyproject.toml reads it)
