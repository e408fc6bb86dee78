"""lenwordle: an approximate, low-memory Wordle solver for words of any length.

The library (docs/api.md): Game(5) plays a game turn by turn; solve, bench, compare, review
and tree play whole games. The web page plays through Game; each command calls its one
function of the library and formats what it returns.
"""

__version__ = "0.5.1"  # the one home of the version (pyproject.toml reads it)

from lenwordle.api import *  # noqa: E402, F403  (the version first: the build reads it alone)
from lenwordle.api import __all__ as _api_names  # noqa: E402

__all__ = ["__version__", *_api_names]
