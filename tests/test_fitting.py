"""Past the dictionary over the places together: the strings of the game's letters that fit
every clue, counted, listed or sampled, less the words avoided (engine/fitting.py), against
brute force; the probe that plays the one string left and never a guess that cannot change
what is known; the count and the strings `play` shows, at the listing's limit. In English,
Spanish, Russian and Turkish."""

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest
from helpers import terminal
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.api.setup import Settings
from lenwordle.engine import fitting as fitting_module
from lenwordle.engine.beyond import board_fitting, probe, split_bits
from lenwordle.engine.boards import Boards
from lenwordle.engine.constraints import Clues, clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.fitting import MAX_STATES, _Table, fits, fitting
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.state import GameState, beyond_dictionary
from lenwordle.games.session import LIST_SIZE, Session
from lenwordle.strategies.registry import make
from lenwordle.words.languages import LANGUAGES

# small alphabets of each script: Latin with an accent, Cyrillic, Turkish's dotted and
# dotless i
SMALL = ["abc", "añé", "жщю", "ıiğ", "ab", "ijklm"]


@st.composite
def histories(draw):
    """Return (letters, k, history): turns of random guesses, each scored against a random
    string (the same one, or not: then usually nothing fits)."""
    letters = draw(st.sampled_from(SMALL))
    k = draw(st.integers(1, 4))
    word = st.text(st.sampled_from(letters), min_size=k, max_size=k)
    answer = draw(word)
    history = []
    for _ in range(draw(st.integers(0, 3))):
        guess = draw(word)
        scored = answer if draw(st.integers(0, 4)) else draw(word)
        history.append((guess, reply_for(guess, scored)))
    return letters, k, tuple(history)


def brute(letters, k, history=()):
    """Return every string of k of these letters that gives each reply, by the reference
    scorer, in the alphabet's order."""
    return [
        word
        for word in map("".join, itertools.product(letters, repeat=k))
        if all(reply_for(guess, word) == reply for guess, reply in history)
    ]


def decoded(strings, letters):
    return ["".join(letters[j] for j in row) for row in strings]


@settings(max_examples=300, deadline=None)
@given(histories(), st.integers(0, 30))
def test_the_count_and_the_strings_are_those_brute_force_finds(case, limit):
    letters, k, history = case
    expected = brute(letters, k, history)
    found = fitting(clues(history, k), letters, limit)
    assert found.count == len(expected)
    assert found.complete == (len(expected) <= limit)  # listed exactly up to the limit
    if found.complete:
        assert decoded(found.strings, letters) == expected
    else:  # a sample: each one fits
        assert len(found.strings) == limit and set(decoded(found.strings, letters)) <= set(
            expected
        )


@settings(max_examples=100, deadline=None)
@given(histories())
def test_strings_avoided_are_left_out_of_the_count_and_the_list(case):
    letters, k, history = case
    expected = brute(letters, k, history)
    avoid = frozenset(expected[::2]) | {letters[0] * (k + 1)}  # (a string too long: no fit)
    found = fitting(clues(history, k), letters, 1000, avoid)
    assert found.count == len(expected) - len(expected[::2])
    assert decoded(found.strings, letters) == expected[1::2]


def test_astronomically_many_are_counted_exactly_and_sampled():
    assert fitting(clues((), 40), "abcdefghijklmnopqrstuvwxyz", 5).count == 26**40
    russian = LANGUAGES["ru"].alphabet().letters
    assert fitting(clues((), 30), russian, 5).count == len(russian) ** 30
    answer = "d" + "a" + "d" * 18
    history = tuple((g, reply_for(g, answer)) for g in ("b" * 20, "a" + "c" * 19))
    assert history[1][1] == "y" + "." * 19  # A present, not first; no B nor C anywhere
    found = fitting(clues(history, 20), "abcd", 100)
    assert found.count == 2**19 - 1  # D first, then A or D, at least one A
    assert not found.complete and len(found.strings) == 100
    assert all(fits(clues(history, 20), w) for w in decoded(found.strings, "abcd"))


def test_a_count_at_exactly_the_limit_is_listed_and_one_more_is_not():
    history = (("ab", "g."),)  # A at 1, no B: A?, the second letter any but B
    assert fitting(clues(history, 2), "abcd", 3).complete  # AA AC AD: exactly 3
    assert not fitting(clues(history, 2), "abcd", 2).complete  # one past


def session_past(code: str, answer: str, played: list[str], **rules) -> Session:
    """Return a session of the language's dictionary after the played words got the
    replies of answer (a string no known word is)."""
    options = Settings(len(answer), lang=code, **rules)
    state = options.state()
    session = Session(make(), Boards.new(state), lambda: options.everything(state))
    for word in played:
        event = session.handle(f"{word} {reply_for(word, answer)}")
        assert event.problem is None, event.problem
    return session


def played_out(session: Session, answer: str, limit: int = 30) -> tuple[int, int]:
    """Return the guesses the session's game takes to find answer, from its suggestions,
    and how many of them were past the dictionary; at each of those, check the suggestion
    changes what is known: its reply is not the same for every string that fits, or it is
    one of them."""
    past = 0
    for _ in range(limit):
        state = session.position.board(0)
        if beyond_dictionary(state):
            past += 1
            found = board_fitting(state, 100_000)  # (more: a sample of as many)
            left = decoded(found.strings, state.allowed.alphabet.letters)
            assert answer in left or not found.complete
            replies = {reply_for(session.guess, word) for word in left}
            assert session.guess in left or len(replies) > 1, (session.guess, left)
            if len(left) == 1:
                assert session.guess == answer  # the one string left is played
            else:  # else a word the lists know: no string is made up
                assert session.guess in state.allowed, session.guess
        event = session.handle(reply_for(session.guess, answer))
        if event.ended:
            assert event.ended.outcome.ending != "out"
            return len(session.position.history), past
    raise AssertionError("not solved")


def test_after_the_issues_five_guesses_glamp_is_played():
    # the issue's game: after TARES, CLONK, LLAMA, FLAMM, PUDGY only GLAMP fits (it was GIBED)
    options = Settings(5)
    state = options.state()
    assert "glamp" not in state.allowed.index
    session = Session(make(), Boards.new(state), lambda: options.everything(state), start="tares")
    for guess in ("tares", "clonk", "llama", "flamm", "pudgy"):
        session.handle(f"{guess} {reply_for(guess, 'glamp')}")
    assert session.guess == "glamp"


def test_glamp_is_solved_past_the_dictionary_within_seven():
    # from the default opener, SLATE: the likely words that fit are ruled out first (prior 4
    # keeps names possible: GLAXO, a brand), then GLAMP is found past the dictionary
    options = Settings(5)
    state = options.state()
    session = Session(make(), Boards.new(state), lambda: options.everything(state))
    guesses, past = played_out(session, "glamp")
    assert guesses <= 7 and past >= 1


def test_glamp_is_played_when_it_alone_fits():
    # G and P fill the gaps of _ L A M _, and P cannot be first: GLAMP alone
    session = session_past("en", "glamp", ["tares", "clonk", "llama", "flamm", "pudgy"])
    assert session.probing and session.guess == "glamp"
    assert [  # L, A, M green: brute force over the two gaps
        f"{a}lam{b}"
        for a in "abcdefghijklmnopqrstuvwxyz"
        for b in "abcdefghijklmnopqrstuvwxyz"
        if all(reply_for(g, f"{a}lam{b}") == r for g, r in session.position.board(0).history)
    ] == ["glamp"]
    assert terminal(session, session.handle("ggggg")) == ["Solved in 6 guesses."]


# (language, the answer no known word is, the words played: exactly one string then fits)
ALONE = [
    # Щ _ Ж Ф _: Ю is present but not last, so second; Х present, not first: last
    ("ru", "щюжфх", ["хщюжф", "щажфю"]),
    # Ñ _ Q _ Z (accents fold: E): E and W present, E not second: fourth, W second
    ("es", "ñwqez", ["wñeqz", "ñeqwz", "ñaqoz"]),
    # Ş _ Ğ _ Ç: I (dotless) and İ present; ı not second: fourth, i second
    ("tr", "şiğıç", ["ışiğç", "şığiç"]),
]


@pytest.mark.parametrize("code, answer, played", ALONE)
def test_the_one_string_that_fits_is_played_within_the_limit(code, answer, played):
    letters = LANGUAGES[code].alphabet().letters
    session = session_past(code, answer, played)
    history = session.position.board(0).history
    free = [i for i in range(len(answer)) if any(g[i] == answer[i] for g, _ in history)]
    assert len(free) == 3  # (three places green: brute force over the other two)
    gaps = [i for i in range(5) if i not in free]
    alone = []
    for a, b in itertools.product(letters, repeat=2):
        word = list(answer)
        word[gaps[0]], word[gaps[1]] = a, b
        if all(reply_for(g, "".join(word)) == r for g, r in history):
            alone.append("".join(word))
    assert alone == [answer]
    assert session.probing and session.guess == answer
    event = session.handle("g" * len(answer))
    assert event.ended and event.ended.outcome.won and len(history) + 1 <= 6


# (language, answer, guesses typed first): games played on from the suggestions
GAMES = [
    ("en", "zzxqj", ["tares", "could", "nymph"]),
    ("es", "ñxqzw", ["perro", "canto"]),
    ("ru", "щюжфх", ["корта", "селим", "нужды"]),
    ("tr", "şığöç", ["karin", "sütle", "doyum"]),
]


@pytest.mark.parametrize("code, answer, played", GAMES)
def test_each_suggestion_past_the_dictionary_changes_what_is_known(code, answer, played):
    session = session_past(code, answer, played)
    guesses, past = played_out(session, answer)
    # (known words only, and the one string left: ñxqzw, whose letters no Spanish word
    # holds, takes 13; with made-up strings, as before this rule, 12 at most)
    assert past >= 2 and guesses <= 13


@pytest.mark.parametrize(
    ("code", "letter", "answer"),
    [("es", "p", "pñxqzw"), ("ru", "щ", "щюжфхъ"), ("tr", "ş", "şığöçğ")],
)
def test_sutom_and_hard_mode_past_the_dictionary(code, letter, answer):
    # each suggestion past the dictionary keeps the letter and hard mode, and is a known
    # word that tells something or the one answer left; when no known word does, none is
    # suggested (the player types their own) while strings still fit
    session = session_past(code, answer, [], first_letter=letter, hard=True)
    past = 0
    for _ in range(30):
        state: GameState = session.position.board(0)
        guess = session.guess
        found = board_fitting(state, 100_000)
        left = decoded(found.strings, state.allowed.alphabet.letters)
        if not guess:
            assert beyond_dictionary(state) and answer in left and len(left) > 1
            break
        assert guess.startswith(letter)
        assert not hard_mode_problem(guess, state.history)
        if beyond_dictionary(state):
            past += 1
            assert all(word.startswith(letter) for word in left)
            assert guess in left or len({reply_for(guess, word) for word in left}) > 1
            assert guess in state.allowed or left == [guess]
        event = session.handle(reply_for(guess, answer))
        if event.ended:
            assert session.position.solved
            break
    assert past >= 1


@pytest.mark.parametrize("code", ["en", "es", "ru", "tr"])
@pytest.mark.parametrize("count", [LIST_SIZE, LIST_SIZE + 1])
def test_play_lists_the_strings_that_fit_up_to_the_limit(code, count):
    letters = LANGUAGES[code].alphabet().letters
    answer = letters[0] + letters[-4:]  # ?WXYZ in English: no word
    excluded = [ch for ch in letters[2:-4]][: len(letters) - 1 - count]
    played = [letters[1] + answer[1:]]  # not letters[1] first
    for start in range(0, len(excluded), 5):  # all grey: none of these letters anywhere
        chunk = excluded[start : start + 5]
        played.append("".join(chunk + chunk[-1:] * (5 - len(chunk))))
    session = session_past(code, answer, played)
    assert beyond_dictionary(session.position.board(0))
    fit = [
        ch + answer[1:]
        for ch in letters
        if all(reply_for(g, ch + answer[1:]) == r for g, r in session.position.board(0).history)
    ]
    assert len(fit) == count
    said = f"past the dictionary: {count} strings of letters fit every reply"
    upper = session.alphabet.upper
    listed = said + ": " + " ".join(upper(word) for word in fit)
    lines = terminal(session, session.handle("list"))
    assert lines[-1] == "  " + (listed if count <= LIST_SIZE else said)
    probed = probe([session.position.board(0)])
    assert probed in fit or len({reply_for(probed, word) for word in fit}) > 1


@settings(max_examples=50, deadline=None)
@given(st.data())
def test_split_bits_are_the_bits_and_replies_the_reference_scorer_gives(data):
    letters = data.draw(st.sampled_from(SMALL))
    k = data.draw(st.integers(1, 5))
    word = st.text(st.sampled_from(letters), min_size=k, max_size=k)
    guesses = data.draw(st.lists(word, min_size=1, max_size=4))
    strings = data.draw(st.lists(word, min_size=1, max_size=12))
    codes = [[[letters.index(ch) for ch in w] for w in ws] for ws in (guesses, strings)]
    bits, parts = split_bits(*(np.array(c, np.uint8) for c in codes))
    for guess, b, p in zip(guesses, bits, parts):
        counts = Counter(reply_for(guess, w) for w in strings)
        n = len(strings)
        assert p == len(counts)
        assert math.isclose(
            b, -sum(c / n * math.log2(c / n) for c in counts.values()), abs_tol=1e-9
        )


def assert_none_listed(strings: np.ndarray, k: int) -> None:
    """No string: an array of 0 rows of k letter indices (uint8), as when some are listed."""
    assert isinstance(strings, np.ndarray)
    assert strings.shape == (0, k) and strings.dtype == np.uint8


# --- fits: a word against the clues, as the reference scorer has it ---------------------------

# AAB against BAC: the second A green, the first grey (A exactly once), B present not last;
# then CAB: C present not first, B not last
FITS_HISTORY = (("aab", reply_for("aab", "bac")), ("cab", reply_for("cab", "bac")))
ATLEAST_HISTORY = (("aab", reply_for("aab", "baa")),)  # A twice (one green), B once


def test_a_word_fits_the_clues_exactly_when_it_gives_every_reply_and_has_k_letters():
    assert FITS_HISTORY == (("aab", ".gy"), ("cab", "ygy"))  # (worked by hand)
    assert ATLEAST_HISTORY == (("aab", "ygy"),)
    for history in (FITS_HISTORY, ATLEAST_HISTORY):
        c = clues(history, 3)
        for word in map("".join, itertools.product("abc", repeat=3)):
            expected = all(reply_for(g, word) == r for g, r in history)
            assert fits(c, word) == expected, (history, word)
    # BAC (one A, where the clues put it) lacks A's second copy: not a fit
    assert not fits(clues(ATLEAST_HISTORY, 3), "bac")


def test_a_word_of_another_length_never_fits():
    c = clues((), 3)  # no clue: every string of 3 letters fits
    assert fits(c, "abc")
    assert not fits(c, "ab") and not fits(c, "abcd") and not fits(c, "")


# --- fitting: none, one, too many to count --------------------------------------------------


def test_when_nothing_fits_the_count_is_zero_and_the_empty_list_is_complete():
    history = (("aa", "g."), ("bb", ".."))  # A first and only there; no B: nothing second
    assert brute("ab", 2, history) == []
    for limit in (0, 5):
        found = fitting(clues(history, 2), "ab", limit)
        assert found.count == 0 and found.complete is True
        assert_none_listed(found.strings, 2)
    # nor when the clues need a letter the alphabet lacks
    found = fitting(clues((("ca", "g."),), 2), "ab", 5)
    assert found.count == 0 and found.complete is True
    assert_none_listed(found.strings, 2)


def test_when_one_string_fits_it_is_counted_and_listed():
    history = (("ab", "g."),)  # A first, no B: AA
    assert brute("ab", 2, history) == ["aa"]
    found = fitting(clues(history, 2), "ab", 5)
    assert found.count == 1 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa"] and found.strings.dtype == np.uint8


def test_too_many_combinations_of_counts_give_no_count_and_no_string_and_not_complete():
    # each of 20 letters present (yellow, not at its place): 20 letters tracked, each count
    # 0 or at least 1, 2**20 combinations, past MAX_STATES
    letters = "abcdefghijklmnopqrst"
    assert 2**20 > MAX_STATES
    found = fitting(clues(((letters, "y" * 20),), 20), letters, 5)
    assert found.count is None and found.complete is False
    assert_none_listed(found.strings, 20)


# --- fitting: the words avoided -------------------------------------------------------------


def test_a_word_avoided_that_fits_is_neither_counted_nor_listed_even_of_every_letter():
    # no clue: the four strings of A and B; AB is spelt with every letter of the alphabet
    assert brute("ab", 2) == ["aa", "ab", "ba", "bb"]
    found = fitting(clues((), 2), "ab", 10, frozenset({"ab"}))
    assert found.count == 3 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa", "ba", "bb"]


def test_words_avoided_that_do_not_fit_change_nothing():
    history = (("ab", "g."),)  # AA alone fits
    # BA: not A first; AC: C not a letter here; AAB and A: of other lengths
    avoid = frozenset({"ba", "ac", "aab", "a"})
    found = fitting(clues(history, 2), "ab", 5, avoid)
    assert found.count == 1 and decoded(found.strings, "ab") == ["aa"]
    found = fitting(clues((), 2), "ab", 3, frozenset({"abb", "ca"}))  # none fits: 4 > 3
    assert found.count == 4 and found.complete is False


def test_with_words_avoided_the_list_is_complete_up_to_the_limit_and_sampled_one_past():
    # 4 strings fit, AB avoided: 3 are left; a limit of 3 lists them all, of 2 samples them
    avoid = frozenset({"ab"})
    found = fitting(clues((), 2), "ab", 3, avoid)
    assert found.count == 3 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa", "ba", "bb"]
    found = fitting(clues((), 2), "ab", 2, avoid)
    assert found.count == 3 and found.complete is False
    assert set(decoded(found.strings, "ab")) <= {"aa", "ba", "bb"}


def test_a_sample_never_holds_a_word_avoided():
    # 100 strings of 2 of ten letters; the 50 beginning A to E avoided: 50 left, a sample of
    # 49 (drawn from all 100, about half of the draws would be avoided words)
    letters = "abcdefghij"
    every = brute(letters, 2)
    avoid = frozenset(w for w in every if w[0] in "abcde")
    assert len(every) == 100 and len(avoid) == 50
    found = fitting(clues((), 2), letters, 49, avoid)
    assert found.count == 50 and found.complete is False
    assert found.strings.ndim == 2 and found.strings.shape[1] == 2
    drawn = decoded(found.strings, letters)
    assert drawn and set(drawn) <= set(every) - avoid


# --- _Table.strings: a table of clues nothing fits -------------------------------------------


def test_the_strings_of_a_table_where_a_place_bans_every_letter_are_none():
    # A and B both banned at one place, first or last (the others free): no string fits, and
    # the table lists none
    for place in (0, 2):
        c = Clues(3, banned={place: {"a", "b"}})
        assert [w for w in brute("ab", 3) if fits(c, w)] == []
        table = _Table(c, "ab")
        assert table.count == 0
        assert_none_listed(table.strings(), 3)


ALL = 10**6  # a listing limit no test reaches: every string is listed


def by_replies(letters: str, k: int, history) -> list[str]:
    """Every string of k of these letters giving each reply of history (alphabet order)."""
    return [
        word
        for word in map("".join, itertools.product(letters, repeat=k))
        if all(reply_for(guess, word) == reply for guess, reply in history)
    ]


def meets(c: Clues, word: str) -> bool:
    """Whether word meets clues c as Clues says: its green letter at each fixed place (one
    place holds one letter), no banned letter at a place, each letter's count within its
    bounds."""
    return (
        all(placed == {word[i]} for i, placed in c.fixed.items())
        and all(word[i] not in banned for i, banned in c.banned.items())
        and all(word.count(ch) >= n for ch, n in c.least.items())
        and all(word.count(ch) <= n for ch, n in c.most.items())
    )


def by_meaning(c: Clues, letters: str) -> list[str]:
    return [w for w in map("".join, itertools.product(letters, repeat=c.k)) if meets(c, w)]


def listed(c: Clues, letters: str) -> tuple[int | None, list[str]]:
    """The count fitting gives and every string it lists, spelt."""
    found = fitting(c, letters, ALL)
    assert found.complete or found.count is None
    return found.count, ["".join(letters[j] for j in row) for row in found.strings]


# (letters, k, history, the strings that fit worked by hand; brute force checks them too)
CASES = [
    # the first place green for A and for B: no string has both there
    ("ab", 2, (("ab", "g."), ("bb", "g.")), []),
    # A green at the first place, and yellow there (so not A there): nothing
    ("abc", 2, (("ab", "g."), ("ab", "y.")), []),
    # a green letter outside the alphabet: no string of its letters
    ("ab", 2, (("zb", "g."),), []),
    # an alphabet of one letter, both places green for it: AA
    ("a", 2, (("aa", "gg"),), ["aa"]),
    # A green twice and grey once (exactly two As), C absent: the free places take B only
    ("abc", 4, (("aaac", "gg.."),), ["aabb"]),
    # a letter outside the alphabet is present: nothing
    ("ab", 2, (("zb", "y."),), []),
    # A present (yellow) and absent (grey): nothing; D is never named
    ("abcd", 2, (("ab", "y."), ("ca", "..")), []),
    # exactly one A, not at the first two places (so last); C present, not last; B free
    ("abc", 3, (("aac", "y.y"),), ["bca", "cba", "cca"]),
    # at least one A (no grey copy), not first; C absent: BAA BAB BBA
    ("abc", 3, (("acc", "y.."),), ["baa", "bab", "bba"]),
    # at least one A, not first; D absent: B or C first, then at least one A in the two last
    # places (AA AB AC BA CA)
    (
        "abcd",
        3,
        (("add", "y.."),),
        [
            "baa",
            "bab",
            "bac",
            "bba",
            "bca",
            "caa",
            "cab",
            "cac",
            "cba",
            "cca",
        ],
    ),
    # the same with B green last: A second
    ("abcd", 3, (("adb", "y.g"),), ["bab", "cab"]),
    # B green second, at least one A (not first), C absent: BBA
    ("abc", 3, (("abc", "yg."),), ["bba"]),
    # the same but one B only (grey second copy) and C free: CBA
    ("abc", 3, (("abb", "yg."),), ["cba"]),
]


@pytest.mark.parametrize("letters, k, history, expected", CASES)
def test_the_count_and_the_listing_are_the_strings_that_give_every_reply(
    letters, k, history, expected
):
    assert by_replies(letters, k, history) == expected  # (the hand's list is brute force's)
    assert listed(clues(history, k), letters) == (len(expected), expected)


def test_random_histories_count_and_list_what_brute_force_finds():
    rng = random.Random(7)
    for _ in range(150):
        letters = rng.choice(["ab", "abc", "abcd", "жщю"])
        k = rng.randint(1, 4)
        answer = "".join(rng.choice(letters) for _ in range(k))
        history = []
        for _ in range(rng.randint(1, 3)):
            guess = "".join(rng.choice(letters + "z") for _ in range(k))
            scored = answer if rng.random() < 0.85 else "".join(rng.choices(letters, k=k))
            history.append((guess, reply_for(guess, scored)))
        expected = by_replies(letters, k, history)
        assert listed(clues(tuple(history), k), letters) == (len(expected), expected), history


# clues no history gives alone, but clues all the same: bounds on counts, met or not
MEANT = [
    (Clues(3, most={"a": 1}), "ab", 4),  # BBB ABB BAB BBA
    (Clues(3, least=Counter(a=1), most={"a": 2}), "ab", 6),  # one A (3 ways) or two (3)
    (Clues(3, least=Counter(a=1), most={"a": 2}, banned={0: {"a"}}), "abc", 2 * (4 + 1)),
    (Clues(2, least=Counter(z=0)), "ab", 4),  # at least no Z: every string
]


@pytest.mark.parametrize("c, letters, count", MEANT)
def test_bounds_on_a_letters_count_keep_the_strings_within_them(c, letters, count):
    expected = by_meaning(c, letters)
    assert len(expected) == count  # (worked by hand)
    assert listed(c, letters) == (count, expected)


def test_a_letter_needed_once_in_many_free_places_is_counted_exactly():
    # each of A-F at least once among 8 places of A-H: by inclusion and exclusion over the
    # letters missing. Only 2**6 combinations of counts (present or not) are tracked, far
    # under MAX_STATES; counting each letter up to 8 would be 9**6, over it
    c = Clues(8, least=Counter(dict.fromkeys("abcdef", 1)))
    expected = sum((-1) ** i * math.comb(6, i) * (8 - i) ** 8 for i in range(7))
    assert 9**6 > fitting_module.MAX_STATES
    assert fitting(c, "abcdefgh", 5).count == expected == 514_080


def test_combinations_past_two_to_the_63_are_too_many_not_wrapped_around():
    # 21 letters each at least 7 times in 147 places: 8**21 = 2**63 combinations of counts,
    # which an int64 product wraps to a negative number
    letters = "abcdefghijklmnopqrstu"
    c = Clues(147, least=Counter(dict.fromkeys(letters, 7)))
    found = fitting(c, letters, 5)
    assert found.count is None and not found.complete and found.strings.shape == (0, 147)


def test_a_table_of_exactly_max_states_combinations_is_counted_and_one_past_is_not(
    monkeypatch,
):
    one_a = (("abb", "y.."),)  # A present, not first; B absent: 2 combinations (A or not)
    a_and_c = (("acb", "yy."),)  # A and C present: 4 combinations
    assert by_replies("abc", 3, one_a) == ["caa", "cac", "cca"]
    monkeypatch.setattr(fitting_module, "MAX_STATES", 2)
    assert listed(clues(one_a, 3), "abc") == (3, ["caa", "cac", "cca"])
    assert fitting(clues(a_and_c, 3), "abc", ALL).count is None
    # no letter tracked: one combination, counted even when only one is allowed
    monkeypatch.setattr(fitting_module, "MAX_STATES", 1)
    assert fitting(clues((), 3), "abc", ALL).count == 27
    assert fitting(clues(one_a, 3), "abc", ALL).count is None


def test_a_limit_of_none_gives_the_count_and_no_string():
    history = (("aac", "y.y"),)  # BCA CBA CCA, as above
    for c in (clues(history, 3), clues((), 2)):
        found = fitting(c, "abc", 0)
        assert found.count == len(by_meaning(c, "abc")) > 0
        assert not found.complete and found.strings.shape == (0, c.k)


def fits_history(word: str, history) -> bool:
    return all(reply_for(guess, word) == reply for guess, reply in history)


# --- _Table.sample: in proportion, reproducibly -----------------------------------------------

# A once and no more, not first nor second; B, not third; C fourth; no E. Tracked by count:
# A (one more: no string) and B; C and D anywhere else
SAMPLED = (("aabce", reply_for("aabce", "bdacb")),)


def brute_sampled() -> list[str]:
    return [
        w for w in map("".join, itertools.product("abcde", repeat=5)) if fits_history(w, SAMPLED)
    ]


def test_samples_are_strings_that_fit_each_about_equally_often():
    letters, expected = "abcde", brute_sampled()
    assert SAMPLED[0][1] == "y.yg." and len(expected) == 29
    n = 60 * len(expected)
    table = _Table(clues(SAMPLED, 5), letters)
    assert table.count == len(expected)
    drawn = Counter("".join(letters[j] for j in row) for row in table.sample(n, seed=3))
    assert set(drawn) <= set(expected)  # never a string that does not fit
    # each of the strings that fit about n / count times (60, sd under 8)
    assert set(drawn) == set(expected)
    assert max(abs(c - 60) for c in drawn.values()) < 35


class Edge:
    """A generator whose draws are all exactly `value` (rng.random() is in [0, 1))."""

    def __init__(self, value: float):
        self.value = value

    def random(self, n: int) -> np.ndarray:
        return np.full(n, self.value)


def test_a_draw_of_exactly_zero_or_just_under_one_still_gives_a_string_that_fits(monkeypatch):
    table = _Table(clues(SAMPLED, 5), "abcde")
    # the choices at a place: the letters untracked (C D) then the tracked (A B); a draw
    # of 0 takes the first that some string completes, just under 1 the last
    for value, string in ((0.0, "ccacb"), (1 - 2**-53, "bbacb")):
        assert string in brute_sampled()
        monkeypatch.setattr(np.random, "default_rng", lambda seed, value=value: Edge(value))
        drawn = ["".join("abcde"[j] for j in row) for row in table.sample(3)]
        assert drawn == [string] * 3


def test_a_sample_is_drawn_again_the_same_with_the_same_seed():
    c = clues((), 6)
    a, b = fitting(c, "abcd", 20, seed=5), fitting(c, "abcd", 20, seed=5)
    assert not a.complete and np.array_equal(a.strings, b.strings)
    assert not np.array_equal(a.strings, fitting(c, "abcd", 20, seed=6).strings)
    # the table's own default draw is fitting's default one
    assert np.array_equal(_Table(c, "abcd").sample(20), fitting(c, "abcd", 20).strings)
