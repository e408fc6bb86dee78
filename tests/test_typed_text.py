"""Typed text made plain wherever a word or a feedback is typed (words/typed.py): NFC, the
invisible characters gone, other spaces a space; at the prompt (lines typed one at a time,
helpers.Typist) and in the commands' words. Turkish capitals wherever a word is shown.
score --lang."""

import json
import re
import unicodedata

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.engine.constraints import known
from lenwordle.engine.feedback import reply_for
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.typed import plain, plain_word

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u2060",  # word joiner
    "\ufeff",  # byte order mark
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    *map(chr, range(0x202A, 0x202F)),  # bidi embeddings and overrides
    *map(chr, range(0x2066, 0x206A)),  # bidi isolates
    "\u00ad",  # soft hyphen
]
SPACES = [
    "\t",
    "\u00a0",  # no-break space
    *map(chr, range(0x2000, 0x200B)),  # en quad ... hair space
    "\u202f",  # narrow no-break space
    "\u205f",  # medium mathematical space
    "\u3000",  # ideographic space
]
CANON_NFD = unicodedata.normalize("NFD", "CAÑÓN")


def test_the_decomposed_word_is_not_composed_already():
    assert len(CANON_NFD) == 7 and CANON_NFD != "CAÑÓN"


@pytest.mark.parametrize("ch", INVISIBLE, ids=lambda ch: f"U+{ord(ch):04X}")
def test_an_invisible_character_is_removed(ch):
    assert plain(f"{ch}cra{ch}ne{ch} g.y{ch}..") == "crane g.y.."


@pytest.mark.parametrize("ch", SPACES, ids=lambda ch: f"U+{ord(ch):04X}")
def test_another_space_is_a_space(ch):
    assert plain(f"crane{ch}g.y..{ch}") == "crane g.y.. "
    assert plain_word(f"{ch}crane{ch}") == "crane"


@pytest.mark.parametrize(
    "ch",
    [
        "\u00ac",
        "\u00ae",
        "\u2010",
        "\u2029",
        "\u2030",
        "\u205e",
        "\u2061",
        "\u2065",
        "\u206a",
        "\u3001",
        "\ufefe",
    ],
    ids=lambda ch: f"U+{ord(ch):04X}",
)
def test_a_character_one_past_each_range_is_kept_to_be_named(ch):
    assert plain(f"cra{ch}ne") == f"cra{ch}ne"


def test_nfc_composes_and_other_characters_stay_to_be_named():
    assert plain(CANON_NFD) == "CAÑÓN"
    assert plain("cra\x07ne\u2028") == "cra\x07ne\u2028"  # not spaces: named in the refusal
    assert plain("\u212aayak") == "\u212aayak"  # the Kelvin sign only looks like a K
    assert plain("a\n") == "a\n"  # the line's end is the caller's


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


def test_a_precomposed_letter_before_a_combining_mark_is_composed_with_it():
    # ä (a decomposition of two characters, so no singleton) with a combining macron is ǟ
    assert unicodedata.name("\u01df") == "LATIN SMALL LETTER A WITH DIAERESIS AND MACRON"
    assert plain("\u00e4\u0304") == "\u01df"
    assert plain_word(" \u00e4\u0304 ") == "\u01df"


@pytest.mark.parametrize("ch", ["\n", "\u2028", "\u0085", "\x1c"])
def test_a_word_keeps_a_line_end_around_it_for_the_refusal_to_name(ch):
    assert ch.isspace()  # str.strip() would drop it; the word keeps it
    assert plain_word(f" {ch}crane{ch} ") == f"{ch}crane{ch}"


# -- in the commands' words -------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        CANON_NFD,
        "\u200bCAÑÓN",
        "CA\u200eÑÓN",
        "CAÑÓN\u00a0",
        "\u3000cañón",
        "CAÑÓN\t",
        "cañon\u2066",
    ],
    ids=["nfd", "zwsp", "lrm", "nbsp", "ideographic", "tab", "isolate"],
)
def test_solve_reads_a_word_typed_with_invisible_or_decomposed_characters(typed):
    result = run_in_process("solve", typed, "--lang", "es")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-2].startswith("CAÑÓN ")  # the last guess, its spelling


@pytest.mark.parametrize(
    ("lang", "typed", "shown"),
    [
        ("ru", "\u200bкро\u200dна\u00a0", "КРОНА"),
        ("ru", unicodedata.normalize("NFD", "ЁЖИКИ") + "\t", "ЕЖИКИ"),
        ("tr", "\u200ek\u0130tap\u3000", "KİTAP"),
        ("tr", "\u2067KIRIK\u2069", "KIRIK"),
    ],
)
def test_solve_reads_cyrillic_and_turkish_words_typed_with_invisible_characters(
    lang, typed, shown
):
    result = run_in_process("solve", typed, "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-2].startswith(f"{shown} ")


def test_score_review_start_and_first_letter_read_typed_text_plainly():
    assert run_in_process("score", "cra\u200bne", "\u200ecrate\u00a0").stdout == "ggg.g\n"
    review = run_in_process(
        "review", "cra\u200dne=..g\u3000.g", "sla\u00adte=\u200egyg.g", "--json"
    )
    assert review.returncode == 0, review.stderr
    turns = json.loads(review.stdout)["turns"]
    assert [t["guess"] for t in turns] == ["crane", "slate"]
    start = run_in_process("play", "--start", "\u200fsla\u200bte\t", input_text="")
    assert start.stdout.startswith("> SLATE (") and "--start" not in start.stderr
    first = run_in_process("solve", "parfois", "--lang", "fr", "--first-letter", "\u200ep\u00a0")
    assert first.returncode == 0, first.stderr
    assert all(line.startswith("P") for line in first.stdout.splitlines()[:-1])


def test_another_stray_character_is_named_in_one_line():
    error = one_line_error(run_in_process("solve", "cra\x07ne"))
    assert "'cra\\x07ne' is not a word of letters a-z" in error
    error = one_line_error(run_in_process("solve", "cra ne"))  # a space inside: two words
    assert "'cra ne' is not a word" in error
    error = one_line_error(run_in_process("score", "cra\u2028ne", "crane"))
    assert "\\u2028" in error


# -- score in every language ----------------------------------------------------------------


def test_score_takes_the_language_and_its_accent_rule():
    assert run_in_process("score", "крона", "кроны", "корта", "--lang", "ru").stdout == (
        "gggg.\ngyy.g\n"  # к р о н а against кроны; against корта: р о elsewhere, н absent
    )
    assert run_in_process("score", "КРОНА", "кроны", "--lang", "RU").stdout == "gggg.\n"
    assert run_in_process("score", "KİTAP", "kıtap", "kitap", "--lang", "tr").stdout == (
        "g.ggg\nggggg\n"  # İ is i, not ı
    )
    assert run_in_process("score", "árbol", "arbol", "--lang", "es").stdout == "ggggg\n"
    kept = run_in_process("score", "árbol", "arbol", "--lang", "es", "--accents", "keep")
    assert kept.stdout == ".gggg\n"  # kept, Á is not A
    error = one_line_error(run_in_process("score", "крона", "кроны"))
    assert "'крона' is not a word of letters a-z" in error
    error = one_line_error(run_in_process("score", "крона", "крон", "--lang", "ru"))
    assert "'крон' has 4 letters" in error
    error = one_line_error(run_in_process("score", "crane", "slate", "--lang", "xx"))
    assert "unknown language 'xx'" in error


# -- Turkish capitals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "answers", "shown"),
    [
        ("es", ["cañón", "árbol"], ["CAÑÓN", "ÁRBOL"]),
        ("ru", ["крона", "ёжики"], ["КРОНА", "ЕЖИКИ"]),
    ],
)
def test_boards_show_words_as_the_language_spells_them(lang, answers, shown):
    result = run_in_process("solve", "--lang", lang, "--boards", "2", *answers)
    assert result.returncode == 0, result.stderr
    words = [line.split()[0] for line in result.stdout.splitlines()[:-1]]
    assert set(shown) <= set(words)  # each answer played, as the dictionary spells it


def test_turkish_boards_show_dotted_and_dotless_capitals():
    result = run_in_process("solve", "--lang", "tr", "--boards", "2", "çiçek", "kitap")
    assert result.returncode == 0, result.stderr
    words = [line.split()[0] for line in result.stdout.splitlines()[:-1]]
    assert words[-2:] in (["KİTAP", "ÇİÇEK"], ["ÇİÇEK", "KİTAP"])
    assert "KITAP" not in result.stdout and "ÇIÇEK" not in result.stdout
    upper = LANGUAGES["tr"].alphabet().upper
    game = json.loads(
        run_in_process("solve", "--lang", "tr", "--boards", "2", "çiçek", "kitap", "--json").stdout
    )
    assert words == [upper(turn["word"]) for turn in game["guesses"]]


def test_what_is_known_shows_turkish_capitals():
    upper = LANGUAGES["tr"].alphabet().upper
    lines = known((("ıiıiı", "gggg."),), 5).describe(upper)
    assert lines[0] == "pattern: I İ I İ _"
    lines = known((("kitap", ".y..."), ("ıslak", "y....")), 5).describe(upper)
    assert lines[1] == "present: İ (not 2), I (not 1)" and lines[2] == "absent:  A K L P S T"


def test_past_the_dictionary_the_turkish_pattern_tells_i_from_ı():
    result = run_in_process("play", "--lang", "tr", input_text="ıiıiı gggg.\nlist\n")
    assert "pattern: I İ I İ _" in result.stdout
    assert "ıiıiı" not in result.stdout.lower().replace("ıiıiı gggg.", "")  # (as typed only)


def test_turkish_refusals_echo_the_word_in_its_capitals():
    typed = "kitap g....\nkitap .....\n"  # the K green, then grey: no word can give that
    result = run_in_process("play", "--lang", "tr", input_text=typed)
    assert "no word can give ..... for KİTAP after the earlier feedback" in result.stdout
    hard = run_in_process(
        "play", "--lang", "tr", "--hard", input_text="kitap .g...\nkalem .....\n"
    )
    assert "letter 2 must be İ" in hard.stdout
    dotless = run_in_process(
        "play", "--lang", "tr", "--hard", input_text="kıtap .g...\nkalem .....\n"
    )
    assert "letter 2 must be I" in dotless.stdout


# -- at the prompt, a line typed at a time -------------------------------------------------

GUESS = re.compile(r"> (\S+) \((\d+) words?\)")


def test_the_prompt_reads_lines_typed_with_invisible_and_unusual_characters():
    def player():
        first = yield
        total = int(GUESS.findall(first)[-1][1])
        reply = reply_for("cañon", "señor")
        for line in [
            f"{CANON_NFD}\u00a0{reply}",  # decomposed, a no-break space
            f"CAÑÓN\t{reply}",  # a tab
            f"\u200eCAÑÓN\u3000{reply[:2]}\u200b{reply[2:]}",  # an LRM, ideographic space, ZWSP
            f"CAÑÓN={reply}\u2067",  # a bidi isolate after the feedback
        ]:
            text = yield line
            assert "unknown" not in text and "expected" not in text, text
            assert int(GUESS.findall(text)[-1][1]) < total
            undone = yield "undo"
            assert "took back the feedback for CAÑÓN" in undone
            assert int(GUESS.findall(undone)[-1][1]) == total
        suggested = LANGUAGES["es"].alphabet().fold(GUESS.findall(first)[-1][0])
        text = yield "\u200f" + reply_for(suggested, "señor") + "\u00a0"  # its feedback
        assert int(GUESS.findall(text)[-1][1]) < total and "unknown" not in text
        refused = yield "cra\x07ne ....."  # a stray character: named, the game as it was
        assert "\\x07" in refused and "> " not in refused

    run_in_process("play", "--lang", "es", input_text=player())


@pytest.mark.parametrize(
    ("lang", "line", "shown"),
    [
        ("tr", "\u200eK\u0130TAP\u00a0" + reply_for("kitap", "kalem"), "KİTAP"),
        ("tr", "kıtap\t\u200b" + reply_for("kıtap", "kalem"), "KITAP"),
        (
            "ru",
            unicodedata.normalize("NFD", "ЁЖИКИ") + "\u3000" + reply_for("ежики", "время"),
            "ЕЖИКИ",
        ),
    ],
)
def test_the_prompt_reads_turkish_and_cyrillic_lines_typed_plainly(lang, line, shown):
    def player():
        total = int(GUESS.findall((yield))[-1][1])
        text = yield line
        assert "unknown" not in text and "expected" not in text and "lacks" not in text, text
        assert int(GUESS.findall(text)[-1][1]) < total
        assert f"took back the feedback for {shown}" in (yield "undo")

    run_in_process("play", "--lang", lang, input_text=player())
