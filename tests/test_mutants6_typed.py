"""Quick tests written to kill mutants of lenwordle/words/typed.py that survived the mutation
run of 2026-11-26 (benchmarks/mutation.py; docs/mutants.md). Expectations are worked by hand
from the module's docstring: NFC, except a character NFC would make another single character
(a canonical singleton: the Kelvin sign, the ohm sign), which is kept as typed."""

import unicodedata

from lenwordle.words.typed import plain, plain_word

KELVIN, OHM = "\u212a", "\u2126"  # NFC: K and Greek capital omega
N_TILDE = "n\u0303"  # n and a combining tilde: NFC makes it ñ (U+00F1)


def test_text_around_and_between_two_singletons_is_composed_and_both_are_kept():
    assert unicodedata.normalize("NFC", N_TILDE) == "\u00f1"
    assert unicodedata.decomposition(KELVIN) == "004B" and unicodedata.decomposition(OHM) == "03A9"
    typed = f"{N_TILDE}a{KELVIN}{N_TILDE}{OHM}{N_TILDE}"
    assert plain(typed) == f"\u00f1a{KELVIN}\u00f1{OHM}\u00f1"


def test_a_singleton_after_other_letters_keeps_them_composed():
    assert plain(f"cra{KELVIN}e") == f"cra{KELVIN}e"
    assert plain(f"{N_TILDE}{KELVIN}") == f"\u00f1{KELVIN}"


def test_a_word_loses_only_the_spaces_around_it_not_its_letters():
    assert plain_word(" XYLOX\u00a0") == "XYLOX"
