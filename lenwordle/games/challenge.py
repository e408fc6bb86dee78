"""Challenge codes: a game a player sets for a friend (its rules, language, length and the
words it hides) as a short code that does not spell them, and the code read back.

A code is Crockford's base32 (0-9 and A-Z but I, L, O, U; read in any case, I and L as 1, O
as 0, dashes and spaces ignored) of a frame: a 4-byte check (a keyed BLAKE2b of the record)
and the record XORed with a stream keyed by that check, so that two close words give codes
nothing alike. The record is versioned: its first byte. The key is in this file: the code
hides the words from the eye, not from a program (a player may always read them here)."""

from __future__ import annotations

import enum
import hashlib
import unicodedata
from dataclasses import dataclass

from lenwordle.engine.rules import OptionError

VERSION = 1  # the record's version: a newer one is refused as a newer lenwordle's
KEY = b"lenwordle challenge"
CHECK_BYTES = 4  # a mistyped code passes the check once in 2**32
DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
READ_AS = {"O": "0", "I": "1", "L": "1"}  # what Crockford reads a look-alike as
IGNORED = "- "  # what a code may be written with, for the eye
MAX_NUMBER = 1 << 21  # a record's varint past this is no game's (boards, guesses)
# the names a version-1 record gives by their index: frozen, a new one appended at the end
# (a test keeps every variant, language and accent rule in them)
VARIANTS_V1 = (
    "wordle",
    "fibble",
    "xordle",
    "warmle",
    "peaks",
    "woodle",
    "hardle",
    "antiwordle",
    "nerdle",
)
LANGUAGES_V1 = ("en", "es", "pt", "de", "fr", "it", "nl", "pl", "sv", "ru", "uk", "ca", "tr")
RULES_V1 = ("fold", "keep", "ss", "oe", "cedilla")
HARD, FIRST_LETTER = 1, 2  # the record's flags
SEPARATOR = " "  # between the words of a record (no game's word has a space)
OPTION = "challenge"  # the option a bad code is named by ({challenge}: --challenge)


class Problem(enum.Enum):
    """What is wrong with a challenge (a face words it)."""

    EMPTY = "empty"
    NOT_A_CODE = "not a code"  # a character no code has
    MISTYPED = "mistyped"  # its check does not match: a typo, a character lost or added
    NEWER = "newer"  # a version, game, language or rule this lenwordle does not know
    DAMAGED = "damaged"  # its check matches but its record is no game's
    NOT_THE_GAMES = "not the game's"  # a word the game would not hide, or the wrong count
    CONTRADICTED = "contradicted"  # an option given beside it says another game
    NO_SECRET = "no secret"  # a game whose host keeps none (Absurdle)


class ChallengeError(OptionError):
    """A challenge that cannot be made or played, in one line naming options as Python does
    (challenge; named(flag): the command line's --challenge), its problem a Problem."""

    def __init__(self, template: str, problem: Problem, *options: str) -> None:
        self.template, self.options = template, options or (OPTION,)
        Exception.__init__(self, self.named(str))  # (as Python names them; a face: named)
        self.problem = problem


@dataclass(frozen=True)
class Challenge:
    """A game set by a player: the words it hides (as the game holds them, one a board;
    Xordle's two), its rules (a variant), language, accent rule, length, boards, hard mode,
    guess limit (None: the game's) and whether the first letter is shown (SUTOM); its code."""

    code: str
    words: tuple[str, ...]
    variant: str = "wordle"
    lang: str = "en"
    accents: str = "fold"
    length: int = 5
    boards: int = 1
    hard: bool = False
    max_guesses: int | None = None
    first_letter: bool = False


def challenge(
    words: tuple[str, ...],
    variant: str = "wordle",
    lang: str = "en",
    accents: str = "fold",
    length: int = 5,
    boards: int = 1,
    hard: bool = False,
    max_guesses: int | None = None,
    first_letter: bool = False,
) -> Challenge:
    """Return the challenge of these words and game, its code one that spells none of the
    words nor their reversal, in any case (its record's tweak byte counts up until so)."""
    for name, value, among in (
        ("variant", variant, VARIANTS_V1),
        ("lang", lang, LANGUAGES_V1),
        ("accents", accents, RULES_V1),
    ):
        if value not in among:
            raise ChallengeError(f"no challenge has {name} {value!r}", Problem.NEWER, name)
    if not words or any(not word or SEPARATOR in word for word in words):
        raise ChallengeError("a challenge hides one word a board", Problem.NOT_THE_GAMES)
    flags = HARD * hard + FIRST_LETTER * first_letter
    head = bytes(
        [VARIANTS_V1.index(variant), LANGUAGES_V1.index(lang), RULES_V1.index(accents), flags]
    )
    tail = varint(length) + varint(boards) + varint(max_guesses or 0)
    tail += SEPARATOR.join(words).encode("utf-8")
    for tweak in range(256):
        code = encoded(bytes([VERSION, tweak]) + head + tail)
        if not spells(code, words):
            made = (words, variant, lang, accents, length, boards, hard, max_guesses)
            return Challenge(code, *made, first_letter)
    raise AssertionError("no tweak hides the words")  # (256 codes, each spelling one: never)


def spells(code: str, words: tuple[str, ...]) -> bool:
    """Return whether code holds one of words, or its reversal, in any case, with its
    accents or without."""
    held = code.casefold()
    for word in words:
        bare = "".join(
            c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)
        )
        for form in (word, bare):
            if form.casefold() in held or form[::-1].casefold() in held:
                return True
    return False


def read_code(code: str) -> Challenge:
    """Return the challenge a code holds; ChallengeError (one line) if it holds none: empty,
    a character no code has, mistyped (its check fails), of a newer lenwordle, damaged."""
    typed = "".join(c for c in code.upper() if c not in IGNORED)
    typed = "".join(READ_AS.get(c, c) for c in typed)
    if not typed:
        raise ChallengeError("{challenge} is empty: give the code you were sent", Problem.EMPTY)
    wrong = next((c for c in typed if c not in DIGITS), None)
    if wrong is not None:
        raise ChallengeError(
            f"{{challenge}} has {wrong!r}, which no challenge code has (they are 0-9 and "
            "A-Z but U)",
            Problem.NOT_A_CODE,
        )
    record = decoded(typed)
    version = record[0]
    if version != VERSION:
        raise ChallengeError(
            f"{{challenge}} is a version {version} code, of a newer lenwordle (this one reads "
            f"version {VERSION})",
            Problem.NEWER,
        )
    return _challenge(typed, record)


def _challenge(code: str, record: bytes) -> Challenge:
    """Return the challenge of a version-1 record (whose check matched): its version, its
    tweak (which made the code spell no word: nothing of the game), the game's names by their
    index, its flags, three numbers (length, boards, guess limit or 0) and its words."""
    if len(record) < 6:
        raise ChallengeError("{challenge} is damaged: it holds no game", Problem.DAMAGED)
    variant, lang, rule, flags = record[2:6]
    if variant >= len(VARIANTS_V1) or lang >= len(LANGUAGES_V1) or rule >= len(RULES_V1):
        raise ChallengeError(
            "{challenge} is of a game this lenwordle does not know (a newer lenwordle's)",
            Problem.NEWER,
        )
    at = 6
    numbers = []
    for _ in range(3):
        number, at = read_varint(record, at)
        numbers.append(number)
    length, boards, most = numbers
    try:
        words = tuple(record[at:].decode("utf-8").split(SEPARATOR))
    except UnicodeDecodeError:
        words = ()
    if flags > HARD + FIRST_LETTER or not all(words) or not length or not boards:
        raise ChallengeError("{challenge} is damaged: it holds no game", Problem.DAMAGED)
    names = (VARIANTS_V1[variant], LANGUAGES_V1[lang], RULES_V1[rule])
    return Challenge(
        code,
        words,
        *names,
        length,
        boards,
        bool(flags & HARD),
        most or None,
        bool(flags & FIRST_LETTER),
    )


def varint(number: int) -> bytes:
    """Return a whole number >= 0 as LEB128: 7 bits a byte, the high bit set but on the last."""
    out = bytearray()
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return bytes(out)


def read_varint(record: bytes, at: int) -> tuple[int, int]:
    """Return the LEB128 number at `at` of record and where the next field begins;
    ChallengeError (damaged) if it runs past the record or MAX_NUMBER."""
    number, shift = 0, 0
    while at < len(record) and number < MAX_NUMBER:
        byte = record[at]
        number |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if not byte & 0x80:
            return number, at
    raise ChallengeError("{challenge} is damaged: it holds no game", Problem.DAMAGED)


def check_of(record: bytes) -> bytes:
    """Return the record's check: its keyed BLAKE2b, CHECK_BYTES long."""
    return hashlib.blake2b(record, key=KEY, digest_size=CHECK_BYTES, person=b"check").digest()


def stream(check: bytes, n: int) -> bytes:
    """Return n bytes of the stream a record is XORed with: keyed BLAKE2b blocks of its check
    and a counter."""
    blocks = (
        hashlib.blake2b(check + i.to_bytes(4, "big"), key=KEY, person=b"stream").digest()
        for i in range(n // 64 + 1)
    )
    return b"".join(blocks)[:n]


def encoded(record: bytes) -> str:
    """Return a record's code: base32 of its check and the record XORed by its stream."""
    check = check_of(record)
    frame = check + bytes(a ^ b for a, b in zip(record, stream(check, len(record))))
    bits = int.from_bytes(frame, "big")
    n = -(-len(frame) * 8 // 5)  # (the last digit's unused low bits are 0)
    bits <<= n * 5 - len(frame) * 8
    return "".join(DIGITS[(bits >> (5 * i)) & 31] for i in reversed(range(n)))


def decoded(code: str) -> bytes:
    """Return the record of a code (its digits, checked); ChallengeError (mistyped) unless
    it has whole bytes, its unused bits 0, and its check matches."""
    spare = len(code) * 5 % 8
    bits = 0
    for digit in code:
        bits = bits << 5 | DIGITS.index(digit)
    frame_bytes = len(code) * 5 // 8
    mistyped = ChallengeError(
        "{challenge} is mistyped: its check does not match (copy it again)", Problem.MISTYPED
    )
    if spare >= 5 or bits & ((1 << spare) - 1) or frame_bytes <= CHECK_BYTES:
        raise mistyped
    frame = (bits >> spare).to_bytes(frame_bytes, "big")
    check, hidden = frame[:CHECK_BYTES], frame[CHECK_BYTES:]
    record = bytes(a ^ b for a, b in zip(hidden, stream(check, len(hidden))))
    if check_of(record) != check:
        raise mistyped
    return record
