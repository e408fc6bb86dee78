"""What a face needs to write the library's values its own way, beside lenwordle.api: a word
quoted in a line, typed text made plain, a reply as tiles, the marks a reply is typed in, the
cores (a command's workers by default), the strategies whose openers are stored. Not part of
the library's public functions (lenwordle.api.__all__): the faces' own toolbox."""

from lenwordle.api.checks import cores, untold
from lenwordle.engine.feedback import ACCEPTED, BLANK_TILE, tiles, tiles_side_by_side
from lenwordle.strategies.registry import storable
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word

__all__ = [
    "ACCEPTED",
    "BLANK_TILE",
    "cores",
    "plain_word",
    "quoted",
    "storable",
    "tiles",
    "tiles_side_by_side",
    "untold",
]
