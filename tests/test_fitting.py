"""Past the dictionary over the places together: the strings of the game's letters that fit
every clue, counted and listed (engine/fitting.py) against brute force; the probe that plays
the one string left and never a guess that cannot change what is known; the count and the
strings `play` shows, at the listing's limit. In English, Spanish, Russian and Turkish."""

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.api.setup import Settings
from lenwordle.engine.beyond import board_fitting, probe, split_scores
from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.fitting import fits, fitting
from lenwordle.engine.state import GameState, hard_mode_problem
from lenwordle.games.session import LIST_SIZE, Session, beyond_dictionary
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


def brute(letters, k, history):
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
    session = Session(make(), state, lambda: options.everything(state))
    for word in played:
        event = session.handle(f"{word} {reply_for(word, answer)}")
        assert not any("try again" in line for line in event.lines), event.lines
    return session


def played_out(session: Session, answer: str, limit: int = 30) -> tuple[int, int]:
    """Return the guesses the session's game takes to find answer, from its suggestions,
    and how many of them were past the dictionary; at each of those, check the suggestion
    changes what is known: its reply is not the same for every string that fits, or it is
    one of them."""
    past = 0
    for _ in range(limit):
        state = session.state
        if beyond_dictionary(state):
            past += 1
            found = board_fitting(state, 100_000)  # (more: a sample of as many)
            left = decoded(found.strings, state.allowed.alphabet.letters)
            assert answer in left or not found.complete
            replies = {reply_for(session.guess, word) for word in left}
            assert session.guess in left or len(replies) > 1, (session.guess, left)
            if len(left) == 1:
                assert session.guess == answer  # the one string left is played
        event = session.handle(reply_for(session.guess, answer))
        if event.done:
            assert not event.failed
            return len(session.position.history), past
    raise AssertionError("not solved")


def test_after_the_issues_five_guesses_glamp_is_played():
    # the issue's game: after TARES, CLONK, LLAMA, FLAMM, PUDGY only GLAMP fits (it was GIBED)
    options = Settings(5)
    state = options.state()
    assert "glamp" not in state.allowed.index
    session = Session(make(), state, lambda: options.everything(state), start="tares")
    for guess in ("tares", "clonk", "llama", "flamm", "pudgy"):
        session.handle(f"{guess} {reply_for(guess, 'glamp')}")
    assert session.guess == "glamp"


def test_glamp_is_solved_past_the_dictionary_within_seven():
    # from the default opener, SLATE: the likely words that fit are ruled out first (prior 4
    # keeps names possible: GLAXO, a brand), then GLAMP is found past the dictionary
    options = Settings(5)
    state = options.state()
    session = Session(make(), state, lambda: options.everything(state))
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
        if all(reply_for(g, f"{a}lam{b}") == r for g, r in session.state.history)
    ] == ["glamp"]
    assert session.handle("ggggg").lines == ["Solved in 6 guesses."]


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
    history = session.state.history
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
    assert event.done and not event.failed and len(history) + 1 <= 6


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
    assert past >= 2 and guesses <= 12


@pytest.mark.parametrize(
    ("code", "letter", "answer"),
    [("es", "p", "pñxqzw"), ("ru", "щ", "щюжфхъ"), ("tr", "ş", "şığöçğ")],
)
def test_sutom_and_hard_mode_past_the_dictionary(code, letter, answer):
    session = session_past(code, answer, [], first_letter=letter, hard=True)
    past = 0
    for _ in range(30):
        state: GameState = session.state
        guess = session.guess
        assert guess.startswith(letter)
        assert not hard_mode_problem(guess, state.history)
        if beyond_dictionary(state):
            past += 1
            found = board_fitting(state, 100_000)
            left = decoded(found.strings, state.allowed.alphabet.letters)
            assert all(word.startswith(letter) for word in left)
            assert guess in left or len({reply_for(guess, word) for word in left}) > 1
        event = session.handle(reply_for(guess, answer))
        if event.done:
            break
    assert session.position.solved and past >= 1


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
    assert beyond_dictionary(session.state)
    fit = [
        ch + answer[1:]
        for ch in letters
        if all(reply_for(g, ch + answer[1:]) == r for g, r in session.state.history)
    ]
    assert len(fit) == count
    said = f"past the dictionary: {count} strings of letters fit every reply"
    upper = session.alphabet.upper
    listed = said + ": " + " ".join(upper(word) for word in fit)
    lines = session.handle("list").lines
    assert lines[-1] == "  " + (listed if count <= LIST_SIZE else said)
    probed = probe([session.state])
    assert probed in fit or len({reply_for(probed, word) for word in fit}) > 1


@settings(max_examples=50, deadline=None)
@given(st.data())
def test_split_scores_are_the_bits_and_replies_the_reference_scorer_gives(data):
    letters = data.draw(st.sampled_from(SMALL))
    k = data.draw(st.integers(1, 5))
    word = st.text(st.sampled_from(letters), min_size=k, max_size=k)
    guesses = data.draw(st.lists(word, min_size=1, max_size=4))
    strings = data.draw(st.lists(word, min_size=1, max_size=12))
    codes = [[[letters.index(ch) for ch in w] for w in ws] for ws in (guesses, strings)]
    bits, parts = split_scores(*(np.array(c, np.uint8) for c in codes))
    for guess, b, p in zip(guesses, bits, parts):
        counts = Counter(reply_for(guess, w) for w in strings)
        n = len(strings)
        assert p == len(counts)
        assert math.isclose(
            b, -sum(c / n * math.log2(c / n) for c in counts.values()), abs_tol=1e-9
        )
