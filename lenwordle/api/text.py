"""What a face needs to write the library's values its own way, beside lenwordle.api: a word
quoted in a line, typed text made plain, a reply as tiles, the marks a reply is typed in, the
cores (a command's workers by default), the strategies whose openers are stored. Not part of
the library's public functions (lenwordle.api.__all__): the faces' own toolbox."""

from lenwordle.api.checks import cores as cores
from lenwordle.api.checks import untold as untold
from lenwordle.engine.feedback import ACCEPTED as ACCEPTED
from lenwordle.engine.feedback import BLANK_TILE as BLANK_TILE
from lenwordle.engine.feedback import tiles as tiles
from lenwordle.engine.feedback import tiles_side_by_side as tiles_side_by_side
from lenwordle.strategies.registry import storable as storable
from lenwordle.words.quoting import quoted as quoted
from lenwordle.words.typed import plain_word as plain_word
