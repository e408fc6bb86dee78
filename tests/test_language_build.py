"""The language build (wordlists/language_build/): its hunspell affix expander, each kind of
rule on a small .aff/.dic pair, held to the forms written here by hand and to hunspell's own
expansion (hunspell-tools' `unmunch` where it reads the rule, else the `hunspell` program's
verdict on every form and on the near misses); and its letters, lenwordle's."""

import shutil
import subprocess
from pathlib import Path

import pytest

from lenwordle.words.languages import LANGUAGES
from wordlists.language_build.affix import dic_entries, expand, read_aff
from wordlists.language_build.forms import expand_dictionary
from wordlists.language_build.letters import alphabet, fold, letters, vowels
from wordlists.language_build.sources import CODES, Source

NO_UNMUNCH = "hunspell-tools' unmunch is not installed (apt-get install hunspell-tools)"
NO_HUNSPELL = "the hunspell program is not installed (apt-get install hunspell)"


class Case:
    """A small dictionary: its .aff and .dic text, every form it makes (by hand), the near
    misses it must not make, and whether unmunch reads its rules."""

    def __init__(self, aff: str, dic: str, forms: str, misses: str, unmunch: bool = True):
        self.aff = "SET UTF-8\n" + aff
        self.dic = f"{len(dic.split())}\n" + "\n".join(dic.split()) + "\n"
        self.forms = set(forms.split())
        self.misses = set(misses.split())
        self.unmunch = unmunch

    def write(self, folder: Path) -> Path:
        """Write stem.aff and stem.dic in folder; return the stem."""
        (folder / "t.aff").write_text(self.aff, encoding="utf-8")
        (folder / "t.dic").write_text(self.dic, encoding="utf-8")
        return folder / "t"


CASES = {
    # fly -> flies (y stripped after a consonant), boy -> boys (after a vowel)
    "a suffix strips and adds where its condition holds": Case(
        "SFX S Y 2\nSFX S y ies [^aeiou]y\nSFX S 0 s [aeiou]y\n",
        "fly/S boy/S",
        "fly flies boy boys",
        "flys boies bois",
    ),
    # a condition of several characters, a class and a negated class in it
    "a condition spans several characters": Case(
        "SFX P Y 4\nSFX P 0 es [sxz]\nSFX P 0 es [cs]h\nSFX P 0 s [^sxzh]\nSFX P 0 s [^cs]h\n",
        "box/P church/P bath/P dog/P wish/P",
        "box boxes church churches bath baths dog dogs wish wishes",
        "boxs churchs bathes doges wishs",
    ),
    # in- before most letters, il- before l, im- before m; e- made a- (a strip string)
    "a prefix adds where its condition holds": Case(
        "PFX N Y 3\nPFX N 0 in [^lm]\nPFX N 0 il l\nPFX N 0 im m\n\nPFX A Y 1\nPFX A e a e\n",
        "legal/N mature/N active/N echo/A",
        "legal illegal mature immature active inactive echo acho",
        "inlegal inmature ilactive imactive aecho",
    ),
    # un- (cross product allowed) joins -ed; re- (not allowed) does not
    "a cross product joins a prefix and a suffix that both allow it": Case(
        "PFX U Y 1\nPFX U 0 un .\n\nPFX R N 1\nPFX R 0 re .\n\nSFX D Y 1\nSFX D 0 ed [^y]\n",
        "do/URD pack/UD",
        "do doed undo undoed redo pack packed unpack unpacked",
        "redoed repack repacked",
    ),
    # -er carries -s on (worker -> workers); re- carries -s on (replay -> replays)
    "continuation flags add a second affix": Case(
        "SFX A Y 1\nSFX A 0 er/B .\n\nSFX B Y 1\nSFX B 0 s .\n\n"
        "PFX P Y 1\nPFX P 0 re/S .\n\nSFX S Y 1\nSFX S 0 s .\n",
        "work/A play/P",
        "work worker workers play replay replays",
        "works workerss plays replayer",
        unmunch=False,
    ),
    # stem needs an affix; -ful needs another one after it; only- in compounds only
    "NEEDAFFIX and ONLYINCOMPOUND keep a form from standing alone": Case(
        "NEEDAFFIX X\nONLYINCOMPOUND O\n\nSFX D Y 1\nSFX D 0 ed .\n\n"
        "SFX E Y 1\nSFX E 0 ful/X .\n\nSFX L Y 1\nSFX L 0 ly .\n",
        "stem/XD hope/E help/EL only/OD",
        "stemed hope help helply",
        "stem hopeful helpful helpfully only onlyed",
        unmunch=False,
    ),
    # leg-...-obb: the prefix and the suffix of a circumfix only together
    "a circumfix's prefix and suffix come together": Case(
        "CIRCUMFIX X\n\nPFX A Y 1\nPFX A 0 leg/X .\n\nPFX B Y 1\nPFX B 0 legesleg/X .\n\n"
        "SFX C Y 3\nSFX C 0 obb .\nSFX C 0 obb/AX .\nSFX C 0 obb/BX .\n",
        "nagy/C",
        "nagy nagyobb legnagyobb legeslegnagyobb",
        "legnagy legeslegnagy",
        unmunch=False,
    ),
    "FLAG long reads two characters a flag": Case(
        "FLAG long\n\nSFX Aa Y 1\nSFX Aa 0 s/Bb .\n\nSFX Bb Y 1\nSFX Bb 0 ko .\n\n"
        "PFX Cc Y 1\nPFX Cc 0 un .\n",
        "kat/AaCc dog/Bb",
        "kat kats katsko unkat unkats unkatsko dog dogko",
        "dogs unkatko katko",
        unmunch=False,
    ),
    "FLAG num reads numbers a flag, by commas": Case(
        "FLAG num\n\nSFX 101 Y 1\nSFX 101 0 s .\n\nPFX 7 Y 1\nPFX 7 0 re .\n",
        "play/101,7 work/7",
        "play plays replay replays work rework",
        "works reworks",
        unmunch=False,
    ),
    "AF aliases name sets of flags by number": Case(
        "AF 2\nAF SP\nAF S\n\nSFX S Y 1\nSFX S 0 s .\n\nPFX P Y 1\nPFX P 0 re .\n",
        "play/1 work/2",
        "play plays replay replays work works",
        "rework reworks",
        unmunch=False,
    ),
}


def expansion(stem: Path) -> set[str]:
    """Return every form of the dictionary stem.aff/stem.dic, by the build's expander."""
    aff = read_aff(stem.with_suffix(".aff"))
    return {
        form
        for word, flags in dic_entries(stem.with_suffix(".dic"), aff)
        for form in expand(aff, word, flags)
    }


def unmunch(stem: Path) -> set[str]:
    """Return every form of the dictionary by hunspell-tools' unmunch."""
    run = subprocess.run(
        ["unmunch", str(stem.with_suffix(".dic")), str(stem.with_suffix(".aff"))],
        capture_output=True,
        check=True,
        text=True,
    )
    return set(run.stdout.split())


def accepted(stem: Path, words: set[str]) -> set[str]:
    """Return the words the hunspell program accepts with the dictionary."""
    run = subprocess.run(
        ["hunspell", "-d", str(stem), "-i", "utf-8", "-G"],
        input="\n".join(sorted(words)) + "\n",
        capture_output=True,
        check=True,
        text=True,
    )
    return set(run.stdout.split())


@pytest.mark.parametrize("case", CASES)
def test_a_rule_makes_exactly_its_forms(case, tmp_path):
    assert expansion(CASES[case].write(tmp_path)) == CASES[case].forms


@pytest.mark.skipif(shutil.which("unmunch") is None, reason=NO_UNMUNCH)
@pytest.mark.parametrize("case", [name for name, case in CASES.items() if case.unmunch])
def test_unmunch_makes_the_same_forms(case, tmp_path):
    assert unmunch(CASES[case].write(tmp_path)) == CASES[case].forms


@pytest.mark.skipif(shutil.which("hunspell") is None, reason=NO_HUNSPELL)
@pytest.mark.parametrize("case", CASES)
def test_hunspell_accepts_the_forms_and_refuses_the_near_misses(case, tmp_path):
    stem = CASES[case].write(tmp_path)
    assert accepted(stem, CASES[case].forms | CASES[case].misses) == CASES[case].forms


def test_forbidden_words_and_foreign_affixes_are_left_out_of_a_language(tmp_path):
    """FORBIDDENWORD takes an entry's forms away, those another stem makes too; an affix
    adding a character outside the language's letters is left out, and counted."""
    stem = Case(
        "FORBIDDENWORD F\n\nSFX D Y 2\nSFX D 0 ed .\nSFX D 0 's .\n\nSFX S Y 1\nSFX S 0 s .\n",
        "packed/F pack/DS packs/F",  # (forbidden before pack and after it)
        "",
        "",
    ).write(tmp_path)
    forms = expand_dictionary("es", Source("test", str(stem), "hunspell"))
    assert forms.all() == {"pack"}
    assert forms.skipped_affixes == 1  # (pack's)
    assert forms.stems == {"pack"}


def test_a_dictionary_is_read_in_its_set_encoding_with_its_escapes(tmp_path):
    (tmp_path / "t.aff").write_bytes(
        "SET ISO8859-2\n\nSFX S Y 1\nSFX S 0 ów .\n".encode("iso8859_2")
    )
    dic = "4\nżółw/S\nand\\/or\npies po:noun st:pies\nkot kot\n"
    (tmp_path / "t.dic").write_bytes(dic.encode("iso8859_2"))
    aff = read_aff(tmp_path / "t.aff")
    entries = list(dic_entries(tmp_path / "t.dic", aff))
    assert entries == [("żółw", {"S"}), ("and/or", set()), ("pies", set())]  # (a phrase out)
    assert expand(aff, "żółw", frozenset("S")) == ["żółw", "żółwów"]


# ---- letters: lenwordle's alphabets -------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_the_build_reads_every_letter_each_game_rule_has(code):
    """One alphabet definition: the build's letters are lenwordle's letters and accents (and
    the Ukrainian apostrophe), so every rule's letters and what it folds are read."""
    language = LANGUAGES[code]
    assert alphabet(code) == set(language.letters) | set(language.accents) | (
        {"'"} if code == "uk" else set()
    )
    for rule in language.rules():
        game = language.alphabet(rule)
        assert set(game.letters) | set(game.folds) <= alphabet(code)


def test_vowels_are_the_languages_and_what_its_accents_fold_to_one():
    assert vowels("es") == "aáeéiíoóuúüy"
    assert vowels("fr") == "aàâæeéèêëiîïoôœuùûüyÿ"  # (æ and œ too: they fold to a and o)
    assert "y" not in vowels("tr") and "ı" in vowels("tr")
    assert "ß" not in vowels("de") and vowels("ru") == "аеёиоуыэюя"
    assert letters("es").index("ñ") == letters("es").index("n") + 1  # (the game's order)


@pytest.mark.parametrize(
    "code, word, typed",
    [
        ("fr", "cœur", "coeur"),  # œ typed as two letters (lenwordle's 'oe' rule), not o
        ("fr", "ex æquo", "ex aequo"),
        ("de", "straße", "strasse"),  # ß typed as ss (German's 'ss' rule), not one s
        ("pl", "może", "moze"),
        ("tr", "önemli", "onemli"),
        ("tr", "ışık", "isik"),  # (ı, a letter of the game, typed as i)
        ("es", "niño", "nino"),
        ("sv", "måste", "maste"),
        ("ca", "col·legi", "collegi"),
        ("ru", "ёлка", "елка"),
        ("uk", "п'ять", "п'ять"),
    ],
)
def test_a_word_typed_without_its_accents(code, word, typed):
    assert fold(code, word) == typed


# ---- the words only wordfreq knows: added as words, written as OUTSIDE, or left out -------


def test_wordfreq_only_words_out_of_the_dictionaries_are_written_as_outside_from_the_reach_floor():
    from lenwordle.words.wordlist import OUTSIDE
    from wordlists.language_build.classing import (
        REACH_ZIPF,
        WORDFREQ,
        Foreign,
        Language,
        consider_wordfreq,
    )

    below = round(REACH_ZIPF - 0.01, 2)
    zipf = {
        "house": 4.53,  # as frequent in English: a loan the game uses
        "poker": 3.57,  # passes the filters; Portuguese adds none as words (ADD_ZIPF none)
        "mario": 3.0,  # a name in SCOWL
        "donut": REACH_ZIPF,  # exactly at the floor
        "bluff": below,  # one step below it
        "brrr": 3.0,  # no vowel: an abbreviation, never written
        "acao": 3.0,  # ação typed without its accents: the dictionary's word already
        "mamae": 3.0,  # mamãe so typed, and as frequent in English: still not written
        "casa": 5.0,  # the dictionary's own
    }
    lang = Language("pt", {}, zipf)
    foreign = Foreign(english={"house": 5.0, "mamae": 5.0}, names={"mario"}, neighbour=set())
    consider_wordfreq(lang, {"casa", "ação", "mamãe"}, {"casa", "ação", "mamãe"}, foreign)
    assert lang.add_zipf is None
    assert lang.words == {
        word: (zipf[word], WORDFREQ, OUTSIDE) for word in ("house", "poker", "mario", "donut")
    }
    assert lang.outside == 4 and lang.added == 0


# ---- which keys are names: hunspell's case decides where it knows the key -----------------


def test_a_key_hunspell_writes_only_capitalized_is_a_name_whatever_a_plain_list_says():
    from wordlists.language_build.classing import word_class
    from wordlists.language_build.forms import Forms, merge

    plain = Forms(lower={"david", "casa", "zurdo", "billy"})  # (wspanish: all lower case)
    hunspell = Forms(
        lower={"casa"}, capitalized={"david", "billy", "madrid"}, caps={"onu"}, nouns=set()
    )
    both = merge([plain, hunspell])
    keys = frozenset(hunspell.all())
    classes = {
        key: word_class("es", key, both, hunspell, keys)
        for key in ("david", "billy", "casa", "zurdo", "madrid", "onu")
    }
    assert classes == {
        "david": "name",  # only capitalized in hunspell: DAVID was a secret
        "billy": "name",
        "casa": "word",  # lower case in hunspell
        "zurdo": "word",  # hunspell does not know it: the plain list's lower case decides
        "madrid": "name",
        "onu": "abbreviation",
    }
    assert word_class("es", "david", both) == "word"  # (without hunspell's case, as before)
    german = Forms(capitalized={"haus", "peter"}, nouns={"haus"})
    assert word_class("de", "haus", german, german, frozenset(german.all())) == "word"
    assert word_class("de", "peter", german, german, frozenset(german.all())) == "name"
