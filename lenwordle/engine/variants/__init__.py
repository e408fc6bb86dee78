"""Every variant the engine plays, by name: adding one is a module and a line here."""

from lenwordle.engine.variants.antiwordle import ANTIWORDLE
from lenwordle.engine.variants.base import Variant
from lenwordle.engine.variants.fibble import FIBBLE
from lenwordle.engine.variants.hardle import HARDLE
from lenwordle.engine.variants.nerdle import NERDLE
from lenwordle.engine.variants.peaks import PEAKS
from lenwordle.engine.variants.warmle import WARMLE
from lenwordle.engine.variants.woodle import WOODLE
from lenwordle.engine.variants.xordle import XORDLE

WORDLE = Variant("wordle", "the plain game", limit=6)
VARIANTS = {
    variant.name: variant
    for variant in (WORDLE, FIBBLE, XORDLE, WARMLE, PEAKS, WOODLE, HARDLE, ANTIWORDLE, NERDLE)
}


class UnknownVariant(ValueError):
    """No variant has this name."""


def variant(name: str) -> Variant:
    """Return the variant called name; UnknownVariant names the others."""
    try:
        return VARIANTS[name.strip().lower()]
    except KeyError:
        raise UnknownVariant(
            f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}"
        ) from None
