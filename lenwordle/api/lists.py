"""The word lists a game reads, kept when they may be shared: a server's games share the
bundled lists they read (share_word_lists), the last few, least recently used dropped
(Kept: the one bounded memory of the API, also for a variant's openings, api/opening.py)."""

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from lenwordle.words.langlists import game_words
from lenwordle.words.languages import Language
from lenwordle.words.letters import MAX_LENGTH
from lenwordle.words.wordlist import WordList, bundled_lengths, wordlist_dir

GUESS_POOLS = ("common", "all")  # --guesses: which bundled words the solver suggests
SHOWN_SKIPPED = 3  # skipped lines of a word file named one by one; the rest are counted


class Kept:
    """The last `size` values by key (0 or None: nothing kept), least recently used
    dropped first; safe to share between a server's threads (one lock)."""

    def __init__(self, size: int | None) -> None:
        self.size = size or 0
        self.values: OrderedDict[Any, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Any) -> Any:
        """Return the value kept for key (None: none), now the most recent."""
        with self.lock:
            if key not in self.values:
                return None
            self.values.move_to_end(key)
            return self.values[key]

    def keep(self, key: Any, value: Any) -> None:
        """Keep value for key, dropping the least recent past `size`."""
        if not self.size:
            return
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                self.values.popitem(last=False)


SHARED_LISTS = Kept(None)  # a server's (share_word_lists); a command reads its own


def share_word_lists(size: int | None) -> None:
    """Keep the last `size` bundled word lists read (of a language, length and accent rule),
    shared by every game that opens one (a server's); None (the default): each reads its own."""
    global SHARED_LISTS
    SHARED_LISTS = Kept(size)


def bundled_game_words(language: Language, k: int, rule: str | None) -> WordList:
    """Return the bundled words of a language, length and accent rule (game_words), shared
    with the other games when share_word_lists says so."""
    key = (language.code, k, rule, str(wordlist_dir()))
    words = SHARED_LISTS.get(key)
    if words is None:
        words = game_words(language, k, rule)
        SHARED_LISTS.keep(key, words)
    assert isinstance(words, WordList)
    return words


def skipped_lines(words: WordList) -> list[str]:
    """Return what to tell of the lines of a word file that were skipped (the first few,
    then a count), each as '<file>:<line>: <why>; skipped'."""
    told = [f"{note}; skipped" for note in words.skipped[:SHOWN_SKIPPED]]
    if words.skipped_count > SHOWN_SKIPPED:
        told.append(f"{words.skipped_count - SHOWN_SKIPPED} more lines skipped")
    return told


def longest_length(words: Path | None = None) -> int:
    """Return the longest word length worth asking for: the longest bundled list's (without
    a word file), else the longest any word may have; WordListError if none is bundled."""
    return MAX_LENGTH if words else bundled_lengths()[-1]
