"""The practice coach: what the last guess was worth is the whole review's last turn (the hint
judges that turn alone), in Wordle, hard mode, boards and the variants reviewed by their rows;
its count is of the words the host picks from, worked out here from their rule."""

import pytest

from lenwordle.api.practice import practice
from lenwordle.engine.feedback import reply_for


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


def host_pool(options, share=0.8):
    """Return the words the host picks its secrets from, worked out here from their rule (the
    common words that are no name, the likeliest carrying `share` of their prior weight, ties
    by the list's order), apart from the program's secret_pool."""
    from lenwordle.api.game import options as settings_of
    from lenwordle.api.setup import open_game
    from lenwordle.words.wordlist import common_mask, not_names

    state = open_game(settings_of(5, options.get("lang", "en")), quiet=True).state
    answers = state.answers
    keep = state.mask & not_names(answers) & common_mask(answers)
    rows = [int(row) for row in range(len(keep)) if keep[row]]
    rows.sort(key=lambda row: (-float(state.weights[row]), row))
    total, so_far, pool = sum(float(state.weights[row]) for row in rows), 0.0, []
    for row in rows:
        pool.append(answers.words_at([row])[0])
        so_far += float(state.weights[row])
        if so_far >= share * total:
            break
    return pool


@pytest.mark.parametrize(
    "options, guesses",
    [
        ({}, ["crane", "doily"]),
        ({"hard": True}, ["slate", None]),  # (None: the coach's suggestion, legal)
        ({"boards": 2}, ["crane", "pious"]),
        ({"lang": "es"}, ["cosas", "tribu"]),
    ],
)
def test_the_coach_counts_the_words_the_host_picks_from(options, guesses):
    pool = host_pool(options)
    assert 1000 < len(pool) < 3000  # (about 2 000 words, not the dictionary's tens of thousands)
    game = practice(seed=4, **options)
    assert set(game.answers) <= set(pool)  # (the secrets are drawn from them)
    first = game.hint()
    boards = options.get("boards", 1)
    assert (first.count, first.host_words, first.boards) == (boards * len(pool), len(pool), boards)
    for guess in guesses:
        game.guess(guess or game.hint().suggestion)
    hint = game.hint()
    fitting = [
        [word for word in pool if all(reply_for(g, word) == r.replies[b] for g, r in played)]
        for b in range(boards)
        for played in [[(r.guess.lower(), r) for r in game.rows]]
        if game.rows[-1].replies[b] is not None
    ]
    assert hint.count == sum(map(len, fitting)) and hint.boards == len(fitting)
    assert hint.host_words == len(pool)
    assert {c.word.lower() for c in hint.likeliest} <= set(fitting[0])
