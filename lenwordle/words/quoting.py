"""Bad input shown back in one-line messages: quoted, cut short, made visible."""

import unicodedata

QUOTE_LIMIT = 30  # characters of bad input shown back in a message


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Return text quoted for a one-line message: its first `limit` characters (then the
    length), a byte that was not UTF-8 as \\xNN, unprintable characters and letters that only
    look like ASCII escaped (the Kelvin sign shows as \\u212a, not K)."""
    shown = "".join(_visible(ch) for ch in text[:limit])
    return f"'{shown}...' ({len(text)} characters)" if len(text) > limit else f"'{shown}'"


def undecodable(text: str) -> str:
    """Return the first byte of text that was not UTF-8, as \\xNN ('' if there is none)."""
    return next((_visible(ch) for ch in text if "\udc80" <= ch <= "\udcff"), "")


def _visible(ch: str) -> str:
    """Return one character as a message shows it."""
    if "\udc80" <= ch <= "\udcff":  # an undecodable byte, kept by the surrogateescape handler
        return f"\\x{ord(ch) - 0xDC00:02x}"
    if not ch.isascii() and unicodedata.normalize("NFKC", ch).isascii():
        return ascii(ch)[1:-1]
    return ch if ch.isprintable() and ch != "\\" else repr(ch)[1:-1]
