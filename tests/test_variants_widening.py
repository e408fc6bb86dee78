"""Xordle's pairs made of its likeliest answers only, then, once the rows leave few enough
answers, made again of every answer they leave (engine/variants/state.py: widened,
narrowed; xordle.within): held, row by row, to a brute force over every pair of answers
written here from Xordle's rules (tests/variant_rules.py), on a short list whose likeliest
answers are cut to a few (xordle.MAX_ANSWERS, the variant's most_answers)."""

import dataclasses
import itertools

import pytest
import variant_rules as rules
from helpers import wordlist

from lenwordle.engine.state import GameState
from lenwordle.engine.variants import variant, xordle
from lenwordle.engine.variants.state import NoWorlds, VariantGame

WORDS = sorted(
    "crane flame pills vague weary wound spoil oxide ghost value abide speed ideal tepid eerie "
    "mummy gamma shard hoard".split()
)  # uniform chances: the likeliest are the first by their row, alphabetical
GUESSES = ["cwmby", "fjord", "nymph", "blitz"]


def start(monkeypatch, most, max_guesses=None):
    """Return the start of a Xordle game on WORDS whose pairs are first made of the `most`
    likeliest answers."""
    monkeypatch.setattr(xordle, "MAX_ANSWERS", most)
    rules_ = dataclasses.replace(variant("xordle"), most_answers=most)
    lists = GameState.new(wordlist(WORDS + GUESSES), wordlist(WORDS), uniform=True)
    return VariantGame.new(rules_, lists, max_guesses)


def shown(guess, target):
    return rules.code(rules.xordle(guess, *target))


def fits(guess, code, answers, hit):
    """Return whether a pair of answers shows this row to guess (and the hit told)."""
    row = rules.row_of(code, len(guess))
    told = hit is None or (guess in answers) == hit
    return rules.xordle(guess, *answers) == row and told


def pairs(words, rows):
    """Return every pair of words with no letter in common that fits the rows."""
    return {
        frozenset(pair)
        for pair in itertools.combinations(words, 2)
        if not set(pair[0]) & set(pair[1]) and all(fits(g, c, pair, h) for g, c, h in rows)
    }


def possible(rows):
    """Return the answers that may be one of a pair after the rows: each tile's colour for
    it at most the colour shown (the other answer gives the rest)."""
    return [
        answer
        for answer in WORDS
        if all(
            all(a <= s for a, s in zip(rules.wordle(g, answer), rules.row_of(c, len(g))))
            for g, c, _ in rows
        )
    ]


def world_pairs(game):
    words = game.lists.answers.words_at
    return {frozenset(words(rows)) for rows in game.worlds.rows}


@pytest.mark.parametrize(("most", "whole"), [(len(WORDS), True), (len(WORDS) - 1, False)])
def test_xordle_pairs_every_answer_when_they_are_no_more_than_its_most(monkeypatch, most, whole):
    game = start(monkeypatch, most)
    assert game.whole is whole
    assert game.paired_from == (None if whole else most)
    assert world_pairs(game) == pairs(WORDS[:most], [])


def test_the_pairs_are_made_again_of_every_answer_once_the_rows_leave_as_many_as_its_most(
    monkeypatch,
):
    target = ("abide", "ghost")  # a pair of the likeliest: the first row keeps it
    rows = [("flame", shown("flame", target), False)]
    left = possible(rows)
    game = start(monkeypatch, len(left), max_guesses=7)
    assert game.paired_from == len(left) < len(WORDS)
    assert world_pairs(game) == pairs(WORDS[: len(left)], [])
    game = game.after(*rows[0])
    assert game.paired_from is None and game.whole  # made again: left are `most` answers
    assert world_pairs(game) == pairs(left, rows) == pairs(WORDS, rows)
    assert game.history == (("flame", rows[0][1]),) and game.told == (False,)
    assert game.limit == 7
    assert set(game.lists.answers.words_at(game.narrowed())) == set().union(*pairs(WORDS, rows))


def test_a_row_no_pair_of_the_likeliest_shows_makes_the_pairs_again_when_few_are_left(
    monkeypatch,
):
    target = ("pills", "vague")  # neither among the 6 likeliest
    rows = [("abide", shown("abide", target), False), ("flame", shown("flame", target), None)]
    assert len(possible(rows[:1])) > 6 and len(possible(rows)) == 6
    game = start(monkeypatch, 6, max_guesses=8)
    game = game.after(*rows[0])  # some pairs of the six fit: they are kept
    assert game.paired_from == 6 and world_pairs(game) == pairs(WORDS[:6], rows[:1]) != set()
    assert len(game.narrowed()) == len(possible(rows[:1]))
    game = game.after(*rows[1])  # none of the six's pairs fits: all the answers left are
    assert game.paired_from is None and game.limit == 8
    assert world_pairs(game) == pairs(possible(rows), rows) == pairs(WORDS, rows)
    assert frozenset(target) in world_pairs(game)
    assert game.history == tuple((g, c) for g, c, _ in rows) and game.told == (False, None)


def test_the_pairs_made_again_keep_what_the_game_told_of_each_row(monkeypatch):
    # VALUE all green against PILLS and VAGUE, not a hit: VALUE and GHOST would show the same
    target = ("pills", "vague")
    rows = [("crane", shown("crane", target), False), ("value", shown("value", target), False)]
    assert pairs(WORDS, rows) == {frozenset(target)}
    told_none = [*rows[:1], ("value", rows[1][1], None)]
    assert pairs(WORDS, told_none) == {frozenset(target), frozenset(("value", "ghost"))}
    for most in range(3, len(WORDS)):
        game = start(monkeypatch, most)
        try:
            for row in rows:
                game = game.after(*row)
        except NoWorlds:  # the likeliest's pairs did not fit and too many are left
            assert len(possible(rows)) > most or len(possible(rows[:1])) > most
            continue
        if game.paired_from is None:
            assert world_pairs(game) == pairs(WORDS, rows), most
        else:
            assert world_pairs(game) == pairs(WORDS[:most], rows), most


def test_a_row_no_pair_of_the_likeliest_shows_is_refused_while_many_are_left(monkeypatch):
    target = ("pills", "vague")
    row = ("tepid", shown("tepid", target), None)
    assert not pairs(WORDS[:6], [row]) and len(possible([row])) > 6
    game = start(monkeypatch, 6)
    with pytest.raises(NoWorlds, match="^no xordle game shows that reply to TEPID$"):
        game.after(*row)


def test_the_likeliest_answers_are_paired_by_their_chances_ties_by_row(monkeypatch):
    # two chances in turn, the likelier for 9 answers: the cut at 12 falls among the other
    # 10, between equals
    zipf = [3.0 if i % 2 else 2.0 for i in range(len(WORDS))]
    monkeypatch.setattr(xordle, "MAX_ANSWERS", 12)
    rules_ = dataclasses.replace(variant("xordle"), most_answers=12)
    lists = GameState.new(
        wordlist(WORDS + GUESSES, zipf=zipf + [3.0] * len(GUESSES)), wordlist(WORDS, zipf=zipf)
    )
    game = VariantGame.new(rules_, lists)
    weights = dict(zip(WORDS, lists.weights.tolist()))
    assert len(set(weights.values())) == 2
    likeliest = sorted(WORDS, key=lambda w: (-weights[w], WORDS.index(w)))[:12]
    assert world_pairs(game) == pairs(likeliest, [])
    words = game.lists.answers.words_at
    for rows, weight in zip(game.worlds.rows, game.worlds.weights.tolist()):
        first, second = words(rows)
        assert weight == pytest.approx(weights[first] * weights[second])


def test_a_won_game_has_no_answer_left_though_its_pairs_were_of_the_likeliest(monkeypatch):
    game = start(monkeypatch, 6)  # ABIDE and GHOST are a pair of the six likeliest
    for guess in ["abide", "ghost"]:
        game = game.after(guess, shown(guess, ("abide", "ghost")), hit=True)
    assert game.paired_from == 6  # all green twice: every answer may still be in a pair
    assert len(game.narrowed()) == len(possible([("abide", 3**5 - 1, True)])) == len(WORDS)
    assert game.outcome().won and game.left() == 0 and game.counts() == [None]
