"""The practice coach: what the last guess was worth is the whole review's last turn (the hint
judges that turn alone), in Wordle, hard mode, boards and the variants reviewed by their rows."""

import pytest

from lenwordle.api.practice import practice


def last_board(game):
    """Return the first board the last guess found open."""
    return next(b for b, r in enumerate(game.rows[-1].replies) if r is not None)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hard": True},
        {"boards": 2},
        {"lang": "es"},
        {"variant": "fibble"},
        {"variant": "xordle"},
        {"variant": "woodle"},
        {"variant": "peaks"},
    ],
)
def test_the_hints_last_guess_is_the_whole_reviews_last_turn(options):
    for seed in (2, 5):
        game = practice(seed=seed, **options)
        for turn in range(1, 4):
            if game.done:
                break
            hint = game.hint()
            game.guess(hint.likeliest[0].word if turn == 2 else hint.suggestion)
            if game.done:
                break
            last = game.hint().last
            whole = game.review()[last_board(game)].turns
            assert len(whole) == turn
            assert last == whole[-1]  # (every figure: skill, luck, the best guess, counts)
            assert last.guess == game.rows[-1].guess


def test_a_game_not_reviewed_has_no_last_guess_in_its_hint():
    game = practice(seed=1, variant="antiwordle")
    game.guess(game.hint().suggestion)
    assert game.hint().last is None
