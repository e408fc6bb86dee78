"""How a variant's rows are typed and shown: Wordle's marks and tiles, Peaks' arrows,
Woodle's counts."""

import re

import numpy as np

from lenwordle.engine.feedback import code_to_reply, parse_reply, reply_to_code, tiles
from lenwordle.engine.variants.base import Variant, digits_of

# greens and yellows apart ('2 1', '2g1y', '2,1'), or two digits together ('21') below 10 tiles
COUNTS = re.compile(r"\s*(\d+)\s*(?:g\s*[ ,/]?|[ ,/])\s*(\d+)\s*y?\s*", re.IGNORECASE)
TOGETHER = re.compile(r"\s*(\d)(\d)\s*")
PEAK_TILES = "🔼🔽🟩"  # LATER, EARLIER, SAME


def parse_shown(variant: Variant, text: str, k: int) -> int:
    """Return the reply code of a typed row; ValueError says why it is not one."""
    if variant.marks.counts:
        return _parse_counts(text, k)
    if variant.marks.tiles == ".yg":
        return reply_to_code(parse_reply(text, k))
    typed = {mark: value for value, mark in enumerate(variant.marks.tiles)}
    typed |= variant.marks.typed | {tile: value for value, tile in enumerate(PEAK_TILES)}
    given = [ch for ch in text.strip() if ch not in "\ufe0f "]
    marks = [ch if ch in typed else ch.lower() for ch in given]  # (G as g)
    bad = [ch for ch, mark in zip(given, marks) if mark not in typed]
    if bad:
        accepted = "/".join(variant.marks.tiles)
        raise ValueError(f"unknown mark {bad[0]!r}; type one of {accepted} a tile")
    if len(marks) != k:
        raise ValueError(f"the row has {len(marks)} marks, the word has {k} letters")
    return int(sum(3**i * typed[ch] for i, ch in enumerate(marks)))


def _parse_counts(text: str, k: int) -> int:
    """Return Woodle's code of 'G Y' (or '2g1y'): greens and yellows."""
    match = COUNTS.fullmatch(text) or (TOGETHER.fullmatch(text) if k < 10 else None)
    if not match:
        raise ValueError("type the greens and the yellows, e.g. 2 1 (or 2g1y)")
    greens, yellows = int(match[1]), int(match[2])
    if greens + yellows > k:
        raise ValueError(f"{greens} greens and {yellows} yellows are more than {k} tiles")
    return greens * (k + 1) + yellows


def marks_of(variant: Variant, code: int, k: int) -> str:
    """Return a row in plain marks ('g.y..', 'g^v^^', '2g1y')."""
    if variant.marks.counts:
        greens, yellows = divmod(code, k + 1)
        return f"{greens}g{yellows}y"
    return "".join(variant.marks.tiles[d] for d in digits_of(np.array(code), k))


def tiles_of(variant: Variant, code: int, k: int, high_contrast: bool = False) -> str:
    """Return a row as the game shows it: tiles (the high-contrast mode's 🟧 🟦 if asked),
    arrows, or counts of tiles."""
    if variant.marks.counts:
        greens, yellows = divmod(code, k + 1)
        return f"{greens}🟩 {yellows}🟨"
    if variant.marks.tiles == ".yg":
        return tiles(code_to_reply(code, k), high_contrast)
    return "".join(PEAK_TILES[d] for d in digits_of(np.array(code), k))


def example(variant: Variant, k: int) -> str:
    """Return a row to show as an example of what to type."""
    if variant.marks.counts:
        return "1 2"
    return "".join(variant.marks.tiles[d] for d in ([2, 0, 1] + [0] * k)[:k])
