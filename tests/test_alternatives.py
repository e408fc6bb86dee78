"""Game.alternatives: the suggestion and the next best guesses, with the words each is
expected to leave (recomputed here by brute force from the replies), the guesses to finish
(as the review counts them) and whether each could be the answer; n at its limits; the games
that give none."""

import json

import pytest

from lenwordle import Game, MoveError, review
from lenwordle.engine.feedback import reply_for
from lenwordle.store.starters import default_dir

WORDS = """cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma
stink grade quiet bench abate feign major death fresh crust stool colon abase marry react
batty pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay
digit crate cluck spike mimic pound maxim linen unmet flesh booby forth first stand""".split()


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """Return a factory of games on a list of 60 words (guesses and answers)."""
    words = tmp_path_factory.mktemp("alternatives") / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    return lambda **options: Game(5, words=words, answers=words, **options)


def expected_left_by_brute_force(game: Game, guess: str) -> float:
    """Return the words expected to be left after guess: for each possible answer, by its
    chance, the possible answers that give guess the same reply."""
    chances = {c.word.lower(): c.chance for c in game.possible(0, 10_000)}
    reply = {w: reply_for(guess.lower(), w) for w in chances}
    return sum(p * sum(reply[v] == reply[w] for v in chances) for w, p in chances.items())


def played_to(game: Game, answer: str, turns: int) -> Game:
    for _ in range(turns):
        if not game.done:
            game.tell(reply_for(game.suggestion.lower(), answer))
    return game


@pytest.mark.parametrize("turns", [0, 1, 2])
@pytest.mark.parametrize("strategy", ["expected-guesses", "entropy", "minimax"])
def test_the_suggestion_first_then_the_next_best_with_words_left_by_brute_force(
    small, strategy, turns
):
    game = played_to(small(strategy=strategy), "stool", turns)
    found = game.alternatives(4)
    assert found[0].word == game.suggestion
    assert 1 <= len(found) <= 4
    assert len({a.word for a in found}) == len(found)
    possible = {c.word for c in game.possible(0, 10_000)}
    for a in found:
        assert a.expected_left == pytest.approx(expected_left_by_brute_force(game, a.word))
        assert a.could_be_answer == (a.word in possible)
        assert (a.expected_guesses is None) == (strategy != "expected-guesses")


def test_the_expected_guesses_are_those_the_review_counts_had_the_word_been_played(small):
    game = played_to(small(), "stool", 1)
    first = game.turns[0].guess
    for a in game.alternatives(3):
        replies = [reply_for(first.lower(), "stool"), reply_for(a.word.lower(), "stool")]
        lists = {"words": game.settings.words, "answers": game.settings.answers}
        turn = review(first, a.word, replies=replies, **lists).turns[1]
        assert a.expected_guesses == pytest.approx(turn.expected_guesses)
        assert a.expected_left == pytest.approx(turn.expected_left)


def test_n_at_its_limits(small):
    game = small()
    assert [a.word for a in game.alternatives(1)] == [game.suggestion]
    everything = game.alternatives(1000)  # past the shortlist: as many as it holds
    assert len(everything) == len({a.word for a in everything}) <= len(WORDS)
    assert everything[:4] == game.alternatives(4)


@pytest.mark.parametrize("wrong", ["3", 1.5, True, None])
def test_n_of_a_wrong_type_is_a_move_error_naming_it(small, wrong):
    with pytest.raises(MoveError, match=r"^n must be int"):
        small().alternatives(wrong)


@pytest.mark.parametrize("wrong", [0, -1])
def test_n_below_one_is_a_move_error_naming_it(small, wrong):
    with pytest.raises(MoveError, match=r"^n must be at least 1"):
        small().alternatives(wrong)


def test_hard_mode_offers_only_words_it_allows(small):
    game = played_to(small(hard=True), "stool", 1)
    for a in game.alternatives(10):
        game.preview(reply_for(a.word.lower(), "stool"), word=a.word)  # no MoveError


def test_the_opening_is_the_stored_openers_with_their_stored_figures():
    game = Game(5)
    record = json.loads((default_dir() / "05.json").read_text())
    found = game.alternatives(4)
    assert [a.word for a in found] == [o["word"].upper() for o in record["openers"][:4]]
    for a, stored in zip(found, record["openers"], strict=False):
        assert a.expected_left == pytest.approx(stored["expected_remaining"], abs=1e-3)
        assert a.expected_guesses == pytest.approx(-stored["score"], abs=1e-6)


def test_games_that_cannot_rank_cheaply_give_none(small):
    assert Game(5, variant="fibble").alternatives() == []  # ranked over the rows shown
    tree = small(strategy="optimal")  # the tree's guess, then expected-guesses' ranking
    assert tree.alternatives(3)[0].word == tree.suggestion
    assert small(absurdle=True).alternatives() == []  # the worst-case plan
    two = small(boards=2)
    assert two.alternatives() == []  # two boards open: ranked jointly
    two.tell("ggggg", reply_for(two.suggestion.lower(), "stool"))  # the first board solved
    assert two.alternatives(2)[0].word == two.suggestion  # one open: its ranking


def test_a_finished_game_gives_none(small):
    game = played_to(small(), "stool", 6)
    assert game.done and game.alternatives() == []
