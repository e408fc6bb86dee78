"""Languages end to end: their word lists, the options and their bad input, the stored
openers of every language and length."""

import importlib

import pytest
from helpers import ROOT, invoke, one_line_error

from lenwordle.api.setup import Settings
from lenwordle.store import starters
from lenwordle.words.langlists import language_words, levels_of, seen_words
from lenwordle.words.languages import LANGUAGES

OTHERS = [code for code in LANGUAGES if code != "en"]


@pytest.mark.parametrize(
    ("code", "k", "word", "spelling"),
    [
        ("es", 5, "señor", "señor"),
        ("es", 5, "andan", "andan"),  # a verb form the plain list lacks: hunspell has it
        ("es", 6, "accion", "acción"),
        ("pt", 4, "acao", "ação"),
        ("de", 6, "strase", "straße"),  # ß is one tile, an s
        ("de", 5, "ausen", "außen"),
        ("fr", 5, "ouvre", None),  # œuvre is one tile, an o (ouvre is a word too)
        ("ca", 5, "cacar", "caçar"),  # ç is c
        ("ru", 4, "елка", None),  # ёлка or елка: either spelling
        ("tr", 4, "ılık", "ılık"),
        ("pl", 4, "żółw", "żółw"),
        ("ca", 7, "collegi", "col·legi"),
    ],
)
def test_a_language_has_its_words_folded_with_their_spellings(code, k, word, spelling):
    words = language_words(LANGUAGES[code], k)
    assert word in words
    assert words.spelling(word) == (spelling or words.spelling(word))
    assert words.spelling(word) in {spelling, "ёлка", "елка", "ouvre", "œuvre"}


def test_kept_accents_make_other_words():
    folded, kept = language_words(LANGUAGES["es"], 5), language_words(LANGUAGES["es"], 5, "keep")
    assert "sería" in kept and "sería" not in folded and "seria" in folded
    assert len(kept) > len(folded)  # seria and sería are two words when accents are kept
    assert "straße" in language_words(LANGUAGES["de"], 6, "keep")
    assert "strasse" in language_words(LANGUAGES["de"], 7, "ss")
    assert "oeuvre" in language_words(LANGUAGES["fr"], 6, "oe")
    assert "caçar" in language_words(LANGUAGES["ca"], 5, "cedilla")


def test_the_games_spelling_puts_words_with_ß_and_œ_at_their_tiles():
    german = language_words(LANGUAGES["de"], 5)
    assert {"ausen", "grose", "gemas", "weist"} <= set(german.words.to_pylist())
    assert german.spelling("gemas") == "gemäß"
    assert not {"weiss", "spass", "gross", "heiss"} & set(german.words.to_pylist())  # 4 tiles
    french = language_words(LANGUAGES["fr"], 5)
    assert {"chour", "mours", "ouvre"} <= set(french.words.to_pylist())
    assert french.spelling("chour") == "chœur"


# the Russian dictionary's abbreviations of 4-11 letters the build leaves out (truncations)
RUSSIAN_CUTS = (
    "англ библ засл избр инст испр иссл конф магн напр подп посв публ разл разр респ симф "
    "табл техн эксп ежедн лингв опубл предс прибл статс франц предст санскр предисл "
    "конференц"
).split()


@pytest.mark.parametrize("rule", ["fold", "keep"])
def test_russian_abbreviations_are_no_words_and_the_words_like_them_stay(rule):
    words = set()
    for k in (4, 5, 6, 7, 9):
        words |= set(language_words(LANGUAGES["ru"], k, rule).words.to_pylist())
    assert not words & set(RUSSIAN_CUTS)
    assert {"зомби", "такси", "вдруг", "вдоль", "внутрь"} <= words  # a vowel, one consonant, ь
    assert {"русл", "сопл", "фижм", "солнц", "мертв"} <= words  # forms without an ending
    assert "буфф" in words  # (опера-буфф) ends in one consonant, doubled


def test_a_bare_entry_is_cut_from_a_word_when_its_last_consonants_are_rare(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "wordlists"))
    build = importlib.import_module("build_languages")  # (its dataclasses need sys.modules)
    assert [build.final_cluster("ru", w) for w in ("прибл", "буфф", "внутрь", "санскр")] == [
        "бл",
        "ф",  # a doubled last letter once
        "",  # ь ends no cluster
        "нскр",
    ]
    inflected = {"вобл", "шкаф", "граф", "жираф", "русло", "министр", "магистр", "реестр"}
    inflected |= {"приблизительный", "буффонада", "инострана", "санскрита"}
    bare = {"прибл", "русл", "буфф", "штабс", "вдруг", "вдругорядь", "зомби", "иностр"}
    assert build.truncations("ru", bare, inflected) == {"прибл"}
    # a cluster no inflected form ends in, from a longer word: санскр; стр ends three
    assert build.truncations("ru", {"санскр", "иностр"}, inflected) == {"санскр"}


def test_a_languages_answers_are_the_words_wordfreq_has_seen():
    state = Settings(5, lang="es").state()
    zipf = state.answers.zipf_array()
    assert (zipf > 0).all() and len(state.answers) < len(state.allowed)
    assert "andan" in state.answers  # a common form
    unseen = seen_words(state.allowed)
    assert len(unseen) == len(state.answers)


def test_levels_follow_the_zipf_bands_at_their_edges():
    import numpy as np

    zipf = np.array([0.0, 0.99, 1.0, 1.49, 1.5, 2.0, 2.5, 3.99, 4.0, 4.5, 7.0, 3.0])
    sources = np.array([2] * 11 + [4])
    assert levels_of(zipf, sources).tolist() == [80, 80, 70, 70, 60, 50, 35, 35, 20, 10, 10, 100]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "xx"], "unknown language 'xx'; choose from en, es, pt, de, fr, it, nl, pl"),
        (["--accents", "keep"], "English words have no accents to keep"),
        (["--lang", "uk", "--accents", "keep"], "Ukrainian words have no accents to keep"),
        (["--lang", "es", "--accents", "strip"], "--accents must be one of fold, keep for"),
        (["--lang", "es", "--accents", "ss"], "must be one of fold, keep for Spanish, not 'ss'"),
        (["--lang", "de", "--accents", "oe"], "must be one of fold, keep, ss for German"),
        (["--lang", "fr", "-k", "5", "--first-letter", "p"], "played with 6 to 10 letters"),
        (["--lang", "fr", "-k", "11", "--first-letter", "p"], "played with 6 to 10 letters"),
        (["--lang", "fr", "-k", "7", "--first-letter", "pa"], "is not one letter of a-z"),
        (["--lang", "ru", "-k", "6", "--first-letter", "p"], "is not one letter of а б в"),
        (["-k", "6", "--first-letter", "\u212a"], "'\\u212a' is not one letter of a-z"),  # Kelvin
    ],
)
def test_bad_language_options_are_one_line(args, message):
    assert message in one_line_error(invoke("play", *args))


@pytest.mark.parametrize("k", [6, 10])  # SUTOM's lengths, at both ends
def test_the_first_letter_is_played_at_both_ends_of_sutoms_lengths(k):
    state = Settings(k, lang="fr", first_letter="M").state()
    assert all(word.startswith("m") for word in state.candidate_words())
    assert Settings(k, lang="fr", first_letter="M").solver().choose(state).startswith("m")


def test_a_word_of_another_alphabet_is_refused_naming_the_letters():
    error = one_line_error(invoke("solve", "crane", "--lang", "ru"))
    assert "'crane' is not a word of letters а б в г д е ж з" in error
    error = one_line_error(invoke("solve", "ñandú", "--lang", "pt"))
    assert "'ñandú' is not a word of letters a-z" in error
    assert invoke("solve", "ÑANDÚ", "--lang", "es").returncode == 0  # typed either way


def test_languages_lists_every_language_with_its_rule_and_counts():
    text = invoke("languages").stdout
    for code, lang in LANGUAGES.items():
        assert f"{code}  {lang.name}: {lang.game}" in text
    assert "--accents fold (default): folds ä>a ö>o ü>u ß>s" in text
    assert "--accents ss: ß is ss (a letter longer)" in text
    assert "--accents cedilla: folds à>a è>e" in text
    assert "--accents keep (default): accents kept: ą ć ę ł ń ó ś ź ż" in text


LANGUAGE_RULES = [(code, rule) for code in OTHERS for rule in LANGUAGES[code].rules()]


@pytest.mark.parametrize(("code", "rule"), LANGUAGE_RULES)
def test_every_rule_of_every_language_has_its_stored_openers_for_4_to_11_letters(code, rule):
    for k in range(4, 12):
        settings = Settings(k, lang=code, accents=rule)
        folder = settings.starters_folder()
        assert folder.name == (code if rule == LANGUAGES[code].default else f"{code}-{rule}")
        opening = settings.opening()
        state, solver = opening.state, opening.solver
        words = starters.opener(folder, state, solver)  # fits, not stale
        assert len(words) >= 1 + FALLBACKS
        assert opening.openers_from is not None
        assert starters.read(folder, k, state.allowed.alphabet)["made_from"][
            "openers_among"
        ] == int((opening.openers_from & state.suggestable).sum())


FALLBACKS = 3  # the stored opener and this many after it are held to the rule


def _spellings(code, k, rule):
    """Return {game word: [(zipf, sources, marks) of each spelling that folds to it]}, read
    from the language's file without lenwordle's merging."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from lenwordle.words.langlists import folded, language_dir

    table = pq.read_table(language_dir() / f"{code}.parquet")
    table = table.filter(
        pc.and_(pc.greater_equal(table["length"], k - 2), pc.less_equal(table["length"], k + 2))
    )
    words = folded(LANGUAGES[code], rule, table["word"].combine_chunks()).to_pylist()
    found: dict[str, list] = {}
    for word, zipf, sources, marks in zip(
        words, *(table[c].to_pylist() for c in ("zipf", "sources", "marks"))
    ):
        if len(word) == k:
            found.setdefault(word, []).append((zipf, sources, marks))
    return found


@pytest.mark.parametrize(("code", "rule"), [*LANGUAGE_RULES, ("en", None)])
def test_every_stored_opener_and_its_first_fallbacks_are_common_words_by_the_rule(code, rule):
    # The rule (words/langlists.py, OPENER_POOL): in a language, a word of which a spelling
    # wordfreq has seen (any, if it has seen none) is a base form, neither name nor derived,
    # that a dictionary lists (not wordfreq only), of Zipf >= 2 and among the 1 000 most
    # frequent such words of its length; in English, SCOWL level <= 60 (the default guess
    # pool) and no name. Read here from the files, not through lenwordle's merging.
    from lenwordle.words.langlists import OPENER_LEVEL, OPENER_MIN_ZIPF, OPENER_POOL
    from lenwordle.words.wordlist import DERIVED, NAME, OUTSIDE, bundled

    for k in range(4, 12):
        settings = Settings(k, lang=code, accents=rule)
        stored = starters.read(settings.starters_folder(), k, settings.alphabet())["openers"]
        words = [o["word"] for o in stored[: 1 + FALLBACKS]]
        if code == "en":
            listed = bundled(k)
            for word in words:
                row = listed.row(word)
                assert listed.level_array()[row] <= OPENER_LEVEL, (k, word)
                assert listed.mark_array()[row] & NAME == 0, (k, word)
            continue
        spellings = _spellings(code, k, rule)
        plain = {}  # each common base form's frequency (its most frequent spelling's)
        for word, rows in spellings.items():
            seen = [row for row in rows if row[0] > 0] or rows  # they carry the frequency
            zipf = max(row[0] for row in rows)
            base = any(marks & (NAME | DERIVED | OUTSIDE) == 0 for _, _, marks in seen)
            listed = any(sources != 4 for _, sources, _ in rows)  # not wordfreq's only
            if base and listed and zipf >= OPENER_MIN_ZIPF:
                plain[word] = zipf
        edge = sorted(plain.values(), reverse=True)[:OPENER_POOL][-1]
        for word in words:
            assert word in plain, (k, word, spellings.get(word))
            assert plain[word] >= edge, (k, word, plain[word], edge)


def test_the_opener_pool_is_the_most_frequent_base_forms_a_dictionary_lists():
    from lenwordle.words.langlists import OPENER_POOL, opener_pool
    from lenwordle.words.wordlist import DERIVED, NOT_IN_SCOWL, UNSUGGESTED

    words = language_words(LANGUAGES["es"], 5)
    pool = opener_pool(words)
    assert pool.sum() == OPENER_POOL
    zipf, levels = words.zipf_array(), words.level_array()
    base = words.mark_array() & (UNSUGGESTED | DERIVED) == 0  # no name, no word OUTSIDE
    assert (levels[pool] < NOT_IN_SCOWL).all() and base[pool].all()  # listed base forms
    listed_out = ~pool & (levels < NOT_IN_SCOWL) & base
    assert zipf[pool].min() >= zipf[listed_out].max()  # none left out is more frequent
    derived_in = ~base & (levels < NOT_IN_SCOWL) & (zipf > zipf[pool].min())
    assert derived_in.any()  # (frequent derived forms are left out: casas, niños)
    rare = language_words(LANGUAGES["es"], 11)
    listed = (rare.level_array() < 100) & (rare.mark_array() & (UNSUGGESTED | DERIVED) == 0)
    assert opener_pool(rare).sum() == min(OPENER_POOL, int(listed.sum()))


def test_the_opener_pool_takes_exactly_its_size_the_next_word_left_out():
    import numpy as np
    import pyarrow as pa

    from lenwordle.words import langlists
    from lenwordle.words.wordlist import GUESSED_LEVEL, WordList

    n = langlists.OPENER_POOL + 2  # one wordfreq only, then one more listed word than fit
    words = [f"{i:05d}".translate(str.maketrans("0123456789", "abcdefghij")) for i in range(n)]
    zipf = np.linspace(5, 2, n).astype(np.float32)
    levels = np.full(n, 10, np.uint8)
    levels[0] = 100  # the most frequent is wordfreq's only: never an opener
    made = WordList(
        pa.array(words, pa.large_string()),
        pa.array(levels),
        5,
        "t",
        freqs=pa.array(zipf),
        marks=pa.array(np.full(n, GUESSED_LEVEL, np.uint8)),  # a language's list
    )
    pool = langlists.opener_pool(made)
    assert not pool[0] and pool[1 : langlists.OPENER_POOL + 1].all() and not pool[-1]


def test_termo_words_are_typed_with_their_accents_on_two_boards():
    solved = invoke("solve", "--lang", "pt", "termo", "vocês")  # Termo's dueto
    assert solved.returncode == 0, solved.stderr
    assert "Solved all 2 boards" in solved.stdout
    one = invoke("solve", "--lang", "pt", "AÇÃO")  # capitals, accents and ç: acao
    assert one.returncode == 0 and "AÇÃO" in one.stdout
    assert "Kelvin" not in one.stderr
    kelvin = invoke("solve", "cra\u212ae")  # English: the Kelvin sign is not a K
    assert "is not a word of letters a-z" in one_line_error(kelvin)


def played(*args: str, lines: list[str]):
    """Return `play` with these options and these lines typed (in this process)."""
    return invoke("play", *args, input_text="".join(f"{line}\n" for line in lines))


def test_past_the_dictionary_works_in_any_alphabet():
    spanish = played("--lang", "es", lines=[".....", "....."])  # no common word fits
    assert "Traceback" not in spanish.stderr and "known words)" in spanish.stdout
    russian = played("--lang", "ru", lines=["КОРТА .....", "КОРТА .y..."])
    assert "Traceback" not in russian.stderr
    assert "no word can give .y... for КОРТА after the earlier feedback" in russian.stdout


def test_any_alphabet_is_held_to_what_some_string_of_its_letters_can_give():
    from lenwordle.engine.constraints import fits_some_string

    letters = LANGUAGES["ru"].alphabet().letters
    assert fits_some_string((("кот", "..."),), 3, letters)
    assert not fits_some_string((("кот", "..."), ("кот", ".y.")), 3, letters)
    assert not fits_some_string((("кот", "g.."), ("кит", "...")), 3, letters)  # к green, grey


def test_sutom_keeps_the_first_letter_and_refuses_it_grey():
    game = played("--lang", "fr", "-k", "7", "--first-letter", "P", lines=[".......", "list"])
    assert "begins with the letter shown, P: it is green" in game.stdout
    listed = [line.split()[0] for line in game.stdout.splitlines() if line.startswith("  ")]
    assert listed and all(word.startswith("P") for word in listed if word != "...")
    assert "--first-letter changes the possible answers" in game.stderr


@pytest.mark.parametrize(
    ("args", "line", "shown"),
    [
        (["--lang", "de", "-k", "6", "--accents", "keep"], "straße ......", "STRAßE ......"),
        (["--lang", "ca", "-k", "7"], "col·legi .......", "COLLEGI ......."),
        (["--lang", "uk"], "п'ять .....", "has letters the game lacks ('); its letters are а б"),
        (["--lang", "ES"], "ÁRBOL .....", "ÁRBOL ....."),
    ],
)
def test_typed_words_of_each_language_are_read_and_shown(args, line, shown):
    assert shown in played(*args, lines=[line]).stdout


def test_review_and_starters_show_the_dictionary_spellings():
    reviewed = invoke("review", "señor", "sería", "señor", "--lang", "es")
    assert "1. SERÍA " in reviewed.stdout and "2. SEÑOR " in reviewed.stdout
    folder, turkish = Settings(5, lang="tr").starters_folder(), LANGUAGES["tr"].alphabet()
    stored = starters.read(folder, 5, turkish)["openers"]
    listed = invoke("starters", "--lang", "tr").stdout
    spellings = language_words(LANGUAGES["tr"], 5)
    assert all(turkish.upper(spellings.spelling(o["word"])) in listed for o in stored)
    assert "İ" in listed or "I" not in "".join(o["word"] for o in stored)  # i is İ in Turkish


def test_the_english_stored_opener_and_its_first_fallbacks_are_words_the_nyt_game_accepts(nyt):
    accepted = set((nyt / "guesses.txt").read_text().split())
    state, solver = Settings(5).state(), Settings(5).solver()
    stored = starters.opener(starters.default_dir(), state, solver)
    assert set(stored[: 1 + FALLBACKS]) <= accepted


@pytest.mark.parametrize(
    ("code", "rule", "k"), [("de", "ss", 7), ("ru", "keep", 5), ("tr", "fold", 6)]
)
def test_starters_shows_the_openers_of_the_rule_asked(code, rule, k):
    folder = starters.default_dir() / f"{code}-{rule}"
    alphabet = LANGUAGES[code].alphabet(rule)
    first = starters.read(folder, k, alphabet)["openers"][0]["word"]
    shown = invoke("starters", "--lang", code, "--accents", rule, "-k", str(k))
    assert shown.returncode == 0, shown.stderr
    ranked = shown.stdout.splitlines()[2].split()
    assert ranked[0] == "1" and alphabet.fold(ranked[1]) == first
    wrong = invoke("starters", "--lang", code, "--accents", "cedilla", "-k", str(k))
    assert "--accents must be one of" in one_line_error(wrong)


def test_only_english_is_graded_and_its_game_words_are_the_bundled_lists():
    from lenwordle.words.langlists import game_words, language_words
    from lenwordle.words.languages import LANGUAGES
    from lenwordle.words.wordlist import bundled

    assert [code for code, lang in LANGUAGES.items() if lang.graded] == ["en"]
    assert game_words(LANGUAGES["en"], 5).strings == bundled(5).strings
    assert game_words(LANGUAGES["es"], 5).strings == language_words(LANGUAGES["es"], 5).strings
