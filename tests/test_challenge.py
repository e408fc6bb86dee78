"""Challenges (games/challenge.py, api/challenge.py): a code holds its game and words and
gives them back, in every game and language; it spells none of its words; a typo of one
character is caught; a bad code, or an option beside it saying another game, is one line; a
challenge plays its words and is kept in the statistics as a puzzle of its own."""

import itertools

import pytest
from variant_rules import wordle

from lenwordle.api import (
    ChallengeError,
    SetupError,
    make_challenge,
    practice_challenge,
    read_challenge,
)
from lenwordle.api.challenge import page_path, settings_of
from lenwordle.api.practice import Kept, Practice, hosting, last_review, practice, statistics
from lenwordle.engine.variants import VARIANTS
from lenwordle.games import challenge as codec
from lenwordle.games.challenge import Problem, challenge, read_code
from lenwordle.store.stats import Stats, stats_path
from lenwordle.words.languages import LANGUAGES

# (words, length, lang, options): a game of each kind, and the languages' samples (accents
# kept and folded, Cyrillic, Turkish's dotted and dotless i)
GAMES = [
    ("crane", 5, "en", {}),
    ("árbol", 5, "es", {"accents": "keep"}),
    ("ÁRBOL", 5, "es", {}),
    ("ЯБЛОКО", 6, "ru", {}),
    ("KİTAP", 5, "tr", {}),
    ("ışık", 4, "tr", {}),
    ("straße", 7, "de", {"accents": "ss"}),
    ("crane", 5, "en", {"hard": True}),
    ("crane", 5, "en", {"max_guesses": 8}),
    ("crane,sloth", 5, "en", {"boards": 2}),
    ("hacker", 6, "en", {"sutom": True}),
    ("crane", 5, "en", {"variant": "fibble"}),
    ("crane,sloth", 5, "en", {"variant": "xordle"}),
    ("crane", 5, "en", {"variant": "warmle"}),
    ("crane", 5, "en", {"variant": "peaks"}),
    ("crane", 5, "en", {"variant": "woodle"}),
    ("crane", 5, "en", {"variant": "hardle"}),
    ("crane", 5, "en", {"variant": "antiwordle"}),
    ("3+4*2=11", 8, "en", {"variant": "nerdle"}),
]


def typos(code):
    """Yield every code one character off: each digit replaced by another, each dropped,
    each digit put in at each place, each two neighbours swapped."""
    digits = codec.DIGITS
    for at, was in enumerate(code):
        for other in digits.replace(was, ""):
            yield code[:at] + other + code[at + 1 :]
        yield code[:at] + code[at + 1 :]
        if at + 1 < len(code) and code[at + 1] != was:
            yield code[:at] + code[at + 1] + was + code[at + 2 :]
    for at in range(len(code) + 1):
        for digit in digits:
            typed = code[:at] + digit + code[at:]
            if typed != code:  # (a digit put beside its twin is the same code)
                yield typed


def one_line(error):
    text = str(error)
    assert text and "\n" not in text and "Traceback" not in text
    return text


@pytest.mark.parametrize("words, k, lang, options", GAMES, ids=lambda v: str(v))
def test_a_challenge_plays_its_words_in_its_game(words, k, lang, options):
    made = make_challenge(words, k, lang, **options)
    assert read_challenge(made.code) == made
    game = practice_challenge(made.code)
    settings = settings_of(made)
    assert game.settings == settings and game.when == f"challenge {made.code}"
    assert (settings.k, settings.lang, settings.hard, settings.boards) == (
        k,
        lang,
        options.get("hard", False),
        options.get("boards", 1),
    )
    assert settings.variant == options.get("variant", "wordle")
    assert settings.max_guesses == options.get("max_guesses")
    fold = settings.game_alphabet().fold
    hidden = tuple(fold(word) for word in words.split(","))
    assert game.answers == hidden == made.words
    if options.get("sutom"):
        assert settings.letter == hidden[0][0]
    if settings.variant == "wordle":  # each word played: every board's reply all green
        for word in hidden:
            row = game.guess(word)
        assert game.won and game.turns == len(hidden)
        assert set(row.replies[-1] or "g") == {"g"}


@pytest.mark.parametrize("words, k, lang, options", GAMES, ids=lambda v: str(v))
def test_a_code_spells_none_of_its_words_nor_their_reversal(words, k, lang, options):
    made = make_challenge(words, k, lang, **options)
    shown = hosting(settings_of(made), None).opening.position.display
    for word in made.words:
        for form in (word, shown(word), words):
            for case in (form, form.upper(), form.lower()):
                assert case not in made.code and case[::-1] not in made.code
                assert case.casefold() not in made.code.casefold()


def test_a_code_of_short_words_that_would_spell_one_is_made_again_until_it_spells_none():
    # every two-letter word of A-Z digits: some first codes spell theirs, no code made does
    tweaked = 0
    for pair in itertools.product("ABCDEFGHJKMNPQRSTVWXYZ", repeat=2):
        word = "".join(pair).lower()
        made = challenge((word,), length=2)
        assert not codec.spells(made.code, (word,)), word
        record = codec.decoded(made.code)
        tweaked += record[1] > 0
        first = codec.encoded(bytes([codec.VERSION, 0]) + record[2:])
        assert (record[1] > 0) == codec.spells(first, (word,))
        assert read_code(made.code).words == (word,)
    assert tweaked > 0  # (the case above happened: the search was tried)


def test_the_tables_of_a_record_hold_every_variant_language_and_accent_rule():
    assert set(VARIANTS) <= set(codec.VARIANTS_V1)
    assert set(LANGUAGES) <= set(codec.LANGUAGES_V1)
    rules = {rule for lang in LANGUAGES.values() for rule in lang.rules()}
    assert rules <= set(codec.RULES_V1)


@pytest.mark.parametrize("boards, most", [(1, None), (127, 127), (128, 128), (1000, 1005)])
def test_numbers_at_a_byte_s_edge_come_back(boards, most):
    made = challenge(("crane",) * 1, boards=boards, max_guesses=most, hard=True)
    back = read_code(made.code)
    assert (back.boards, back.max_guesses, back.hard) == (boards, most, True)


def test_a_code_is_read_in_any_case_with_dashes_spaces_and_look_alikes():
    made = make_challenge("crane")
    code = made.code
    spaced = "-".join(code[i : i + 4] for i in range(0, len(code), 4))
    looks = code.replace("0", "o").replace("1", "l")
    for typed in (code.lower(), spaced, f"  {spaced} ", looks, code.replace("1", "I")):
        assert read_challenge(typed).words == ("crane",)


@pytest.mark.parametrize("words, k, lang, options", [GAMES[0], GAMES[3], GAMES[12]], ids=str)
def test_every_typo_of_one_character_is_caught(words, k, lang, options):
    code = make_challenge(words, k, lang, **options).code
    count = 0
    for typed in typos(code):
        with pytest.raises(ChallengeError) as caught:
            read_code(typed)
        assert caught.value.problem is Problem.MISTYPED, typed
        count += 1
    assert count > 30 * len(code)


def bad(code, problem, *stated):
    """Return the one line of a challenge that cannot be played, its problem as said."""
    with pytest.raises(ChallengeError) as caught:
        practice_challenge(code, **dict(stated))
    assert caught.value.problem is problem
    return one_line(caught.value)


def test_bad_codes_are_each_one_line_that_says_what_is_wrong():
    code = make_challenge("crane").code
    assert "empty" in bad("", Problem.EMPTY)
    assert "empty" in bad(" - ", Problem.EMPTY)
    assert "'U'" in bad(code[:3] + "U" + code[4:], Problem.NOT_A_CODE)
    assert "'!'" in bad(code + "!", Problem.NOT_A_CODE)
    assert "mistyped" in bad(code[:-1], Problem.MISTYPED)
    assert "mistyped" in bad("0000", Problem.MISTYPED)  # (shorter than its check)
    newer = codec.encoded(bytes([2, 0, 0, 0, 0, 0, 5, 1, 0]) + b"crane")
    assert "version 2" in bad(newer, Problem.NEWER)
    unknown = codec.encoded(bytes([1, 0, 200, 0, 0, 0, 5, 1, 0]) + b"crane")
    assert "does not know" in bad(unknown, Problem.NEWER)
    assert "damaged" in bad(codec.encoded(bytes([1, 0, 0])), Problem.DAMAGED)
    no_words = codec.encoded(bytes([1, 0, 0, 0, 0, 0, 5, 1, 0]))
    assert "damaged" in bad(no_words, Problem.DAMAGED)
    flags = codec.encoded(bytes([1, 0, 0, 0, 0, 4, 5, 1, 0]) + b"crane")
    assert "damaged" in bad(flags, Problem.DAMAGED)
    endless = codec.encoded(bytes([1, 0, 0, 0, 0, 0, 5, 0x81, 0x80]))
    assert "damaged" in bad(endless, Problem.DAMAGED)
    with pytest.raises(SetupError, match="code must be str or Challenge"):
        practice_challenge(5)


def test_a_code_whose_words_the_game_would_not_hide_is_refused_without_telling_them():
    for words, length in ((("zzzzz",), 5), (("crane",), 6), (("crane", "slate"), 5)):
        code = challenge(words, length=length).code
        said = bad(code, Problem.NOT_THE_GAMES)
        assert not any(word in said.lower() for word in words)
    assert "cannot open" in bad(challenge(("crane",), length=1).code, Problem.NEWER)


def test_an_option_beside_a_challenge_must_be_its_own():
    made = make_challenge("árbol", 5, "es", accents="keep", hard=True)
    agreeing = dict(length=5, lang="ES", hard=True, boards=1, accents="keep", variant="wordle")
    game = practice_challenge(made.code, **agreeing, max_guesses=None, absurdle=False)
    assert game.answers == ("árbol",)
    practice_challenge(made.code, accents=None, seed=None, daily=False, sutom=False)
    for name, value in [
        ("length", 6),
        ("lang", "en"),
        ("hard", False),
        ("boards", 2),
        ("accents", "fold"),
        ("variant", "fibble"),
        ("max_guesses", 7),
        ("absurdle", True),
        ("first_letter", "a"),
        ("sutom", True),
    ]:
        said = bad(made.code, Problem.CONTRADICTED, (name, value))
        assert said.startswith(name) and "contradicts the challenge" in said, said
    for name, value in [("seed", 3), ("daily", True), ("date", "2026-01-01"), ("accepted", "f")]:
        assert "not with challenge" in bad(made.code, Problem.CONTRADICTED, (name, value))
    with pytest.raises(SetupError, match="no option 'strategy'"):
        practice_challenge(made.code, strategy="entropy")
    shown = make_challenge("hacker", 6, sutom=True)
    practice_challenge(shown.code, first_letter="H", sutom=True)
    said = bad(shown.code, Problem.CONTRADICTED, ("first_letter", "b"))
    assert said == "first_letter=b contradicts the challenge's first_letter=H"
    assert "played with sutom" in bad(shown.code, Problem.CONTRADICTED, ("sutom", False))


def test_a_word_the_game_would_not_hide_makes_no_challenge():
    def refused(words, *problem, **options):
        with pytest.raises((ChallengeError, SetupError)) as caught:
            make_challenge(words, **options)
        if problem:
            assert caught.value.problem is problem[0]
        return one_line(caught.value)

    assert refused("xyzzy", Problem.NOT_THE_GAMES) == "XYZZY is not a word this game may hide"
    assert "not a word of 5 letters" in refused("cranes")
    assert "hides 2 words" in refused("crane", Problem.NOT_THE_GAMES, boards=2)
    assert "hides 1 word " in refused("crane slate", Problem.NOT_THE_GAMES)
    assert "must differ" in refused("crane,crane", Problem.NOT_THE_GAMES, boards=2)
    assert "share a letter" in refused("crane,slate", Problem.NOT_THE_GAMES, variant="xordle")
    assert "no secret" in refused("crane", Problem.NO_SECRET, absurdle=True)
    said = refused("cranes", Problem.NOT_THE_GAMES, length=6, first_letter="h")
    assert "CRANES does not begin with H" in said
    assert "not both" in refused("hacker", length=6, sutom=True, first_letter="h")
    assert "6 to 10 letters" in refused("crane", sutom=True)
    assert "give the word" in refused(" , ")
    assert "iterable of str" in refused(5)
    made = make_challenge(["crane", "sloth"], boards=2)  # (an iterable: one a board)
    assert made.words == ("crane", "sloth") and made.boards == 2


def test_a_challenge_is_kept_as_a_puzzle_of_its_own_and_reviewed_though_rarely_drawn(tmp_path):
    host = hosting(settings_of(make_challenge("crane")), None)
    pool = set(host.pool)
    rare = next(
        w
        for w in sorted(host.accepted)
        if w not in pool
        and w.isalpha()
        and len(w) == 5
        and host.opening.state.answers.row(w) is not None
        and w.startswith("z")
    )
    made = make_challenge(rare)
    game = practice_challenge(made.code)
    for word in ("slate", rare):
        assert game.guess(word).replies[0] == "".join(".yg"[v] for v in wordle(word, rare))
        if word == "slate":  # the host's words and the challenge's, as the reply leaves them
            hidden = pool | {rare}
            left = [w for w in hidden if wordle("slate", w) == wordle("slate", rare)]
            assert game.hint().count == len(left)
    assert game.kept_as(tmp_path) is Kept.CHALLENGE
    assert game.record(tmp_path) is Kept.CHALLENGE
    seeded = practice(seed=7)
    for word in ("slate", *seeded.answers):
        seeded.guess(word)
    seeded.record(tmp_path)
    kept = Stats(stats_path(tmp_path))
    assert kept.last().puzzle == "seed 7"
    game2 = practice_challenge(made.code.lower())
    game2.guess(rare)
    assert game2.kept_as(tmp_path) is Kept.CHALLENGE  # (played before: counted again)
    assert game2.record(tmp_path) is Kept.CHALLENGE
    (standing,) = statistics(tmp_path)  # the random games' figures, not the daily ones'
    assert (standing.daily, standing.played, standing.won) == (False, 3, 3)
    last = kept.last()
    assert last.puzzle == f"challenge {made.code}" and last.record["challenge"] == made.code
    finished, (reviewed,) = last_review(tmp_path)
    assert [turn.guess for turn in reviewed.turns] == [rare.upper()]
    assert reviewed.turns[0].possible_before == len(pool) + 1  # (the challenge's word too)
    assert game2.share().splitlines()[0] == f"lenwordle challenge {made.code} 1/6"


def test_a_practice_of_a_challenge_takes_no_seed_day_nor_file():
    made = make_challenge("crane")
    for given in ({"seed": 3}, {"daily": True}, {"date": "2026-01-01"}, {"sutom": True}):
        with pytest.raises(SetupError, match="a challenge's words are set"):
            Practice(settings_of(made), challenge=made, **given)
    assert Practice(settings_of(made), challenge=made).answers == ("crane",)


def test_a_challenge_exported_and_imported_twice_counts_once(tmp_path):
    from lenwordle.api.practice_stats import export_statistics, import_statistics

    made = make_challenge("crane")
    game = practice_challenge(made.code)
    game.guess("crane")
    game.record(tmp_path / "here")
    assert export_statistics(tmp_path / "stats.json", tmp_path / "here") == 1
    for added in (1, 0):
        merged = import_statistics(tmp_path / "stats.json", tmp_path / "there")
        assert merged.added == added
    (standing,) = statistics(tmp_path / "there")
    assert (standing.played, standing.daily) == (1, False)
    assert Stats(stats_path(tmp_path / "there")).last().puzzle == f"challenge {made.code}"


def test_the_page_path_opens_the_code():
    assert page_path("ABC123") == "/?challenge=ABC123"
