"""lenwordle: an approximate, low-memory Wordle solver for words of any length."""

__version__ = "0.1.0"
