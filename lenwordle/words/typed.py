"""Text a player types (a word, a feedback, a line at the prompt, a command argument) made
plain before it is read: the one function every entry point calls.

Unicode NFC (CAÑÓN typed with N and a combining tilde is CAÑÓN); invisible characters
removed (zero-width space, joiner and non-joiner, word joiner, byte order mark, the bidi
marks and embeddings a right-to-left keyboard or a copy from a web page leaves, the soft
hyphen); every other space (tab, no-break space, the typographic spaces, the ideographic
space) made a plain space. Any other character is kept, for the message that refuses it to
name it; and so is a character that NFC would make another single character (the Kelvin sign
would be K, the ohm sign Ω): it only looks like that letter, and English refuses it (another
language folds it as Alphabet.lower does).
"""

import re
import unicodedata

# zero-width space, non-joiner, joiner; LRM, RLM; bidi embeddings and overrides; word
# joiner; bidi isolates; byte order mark (zero-width no-break space); soft hyphen
INVISIBLE = "\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u00ad"
# tab and the other ASCII spaces aside from the newline, no-break space, the typographic
# spaces U+2000-U+200A, narrow no-break space, medium mathematical space, ideographic space
SPACES = "\t\v\f\r\u00a0\u2000-\u200a\u202f\u205f\u3000"
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_SPACES = re.compile(f"[{SPACES}]")


def plain(text: str) -> str:
    """Return text as a player meant it: NFC, invisible characters removed, other spaces a
    plain space (not stripped: the caller strips where a word or a line ends)."""
    text = _SPACES.sub(" ", _INVISIBLE.sub("", text))
    if text.isascii():
        return text
    parts, start = [], 0
    for i, ch in enumerate(text):
        if _singleton(ch):
            parts += [unicodedata.normalize("NFC", text[start:i]), ch]
            start = i + 1
    return "".join(parts) + unicodedata.normalize("NFC", text[start:])


def _singleton(ch: str) -> bool:
    """Return whether NFC makes ch another single character (a canonical singleton)."""
    decomposition = unicodedata.decomposition(ch)
    return bool(decomposition) and " " not in decomposition and "<" not in decomposition


def plain_word(text: str) -> str:
    """Return a word typed as one argument (WORD, --start, --first-letter...) made plain, the
    spaces around it dropped."""
    return plain(text).strip(" ")
