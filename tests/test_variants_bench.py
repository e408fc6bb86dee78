"""Every variant played on the standard Wordle lists (Nerdle on its equations): ten fixed
answers each, all found within the variant's limit (Antiwordle: survived two guesses at
least). About 20 s in all."""

import pytest
from helpers import NO_NYT, NYT

from lenwordle.engine.state import GameState
from lenwordle.engine.variants import VARIANTS, variant
from lenwordle.engine.variants.state import VariantGame, targets_for
from lenwordle.games.bench import run
from lenwordle.strategies.shown import ShownRowsStrategy
from lenwordle.words.wordlist import read_words

ANSWERS = "aback bluff crate exult growl loser payer rouse spade tooth".split()  # every 231st


@pytest.fixture(scope="module")
def standard():
    """The plain game's start on the standard lists."""
    if not (NYT / "answers.txt").is_file():
        pytest.skip(NO_NYT)
    answers = read_words(NYT / "answers.txt", 5)
    return GameState.new(read_words(NYT / "guesses.txt", 5), answers, uniform=True)


def played(name, lists):
    """Return the bench of a variant over ten answers (Nerdle: ten of its mini equations)."""
    rules = variant(name)
    if rules.lists:
        allowed, answers = rules.lists(6)
        lists = GameState.new(allowed, answers, uniform=True)
        words = answers.words_at(range(0, len(answers), len(answers) // 10))[:10]
    else:
        words = ANSWERS
    start = VariantGame.new(rules, lists)
    return run(ShownRowsStrategy("expected-guesses"), start, targets_for(rules, words))


@pytest.mark.parametrize("name", [name for name in VARIANTS if name != "antiwordle"])
def test_every_game_is_won_within_the_limit(name, standard):
    result = played(name, standard)
    assert result.games == 10
    assert not result.unsolvable, result.guesses
    assert max(result.guesses.values()) <= variant(name).limit, result.guesses


def test_antiwordle_survives_two_guesses_at_least(standard):
    result = played("antiwordle", standard)
    assert result.games == 10
    assert min(result.guesses.values()) >= 2, result.guesses
