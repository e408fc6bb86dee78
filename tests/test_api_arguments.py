"""Every public function of the library, given an argument of a wrong type or past its
limit, raises the package's own error naming the argument as Python spells it: SetupError
for a game's setup, MoveError for a move (api/checks.py)."""

import inspect
import re

import pytest

import lenwordle
from lenwordle import Game, MoveError, SetupError
from lenwordle.api.checks import MIN_WORKERS

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """Return the options of a game on a tiny list (its guesses and answers)."""
    path = tmp_path_factory.mktemp("arguments") / "words.txt"
    path.write_text("".join(f"{word}\n" for word in WORDS))
    return {"words": path, "answers": path}


@pytest.fixture(scope="module")
def game(tiny):
    return Game(5, **tiny)


SETUP = [  # (function, its arguments, what the error says)
    ("options", ("5",), {}, "length must be int, not '5'"),
    ("options", (5, None), {}, "lang must be str, not None"),
    ("options", (True,), {}, "length must be int, not True"),
    ("Game", (5.0,), {}, "length must be int, not 5.0"),
    ("Game", (5,), {"start": 3}, "start must be str or None, not 3"),
    ("Game", (5,), {"boards": 1.0}, "boards must be int, not 1.0"),
    ("solve", (None,), {}, "each of given must be str, not None"),
    ("solve", ("crane",), {"length": "5"}, "length must be int or None, not '5'"),
    ("solve", ("crane",), {"lang": None}, "lang must be str, not None"),
    ("bench", (), {"workers": None}, "workers must be int, not None"),
    ("bench", (), {"workers": 0}, "workers must be at least 1, not 0"),
    ("bench", (), {"workers": True}, "workers must be int, not True"),
    ("bench", (), {"workers": 1.5}, "workers must be int, not 1.5"),
    ("bench", ("crane",), {}, "targets must be an iterable of str, not 'crane'"),
    ("bench", (5,), {}, "targets must be an iterable of str, not 5"),
    ("bench", (["crane"],), {"accepted": [b"crane"]}, "each of accepted must be str, not b"),
    ("bench", (), {"limit": 1.5}, "limit must be int, not 1.5"),
    ("bench", (), {"limit": 0}, "limit must be at least 1, not 0"),
    ("bench", (), {"length": None}, "length must be int, not None"),
    ("review", ("crane", None), {"answer": "crane"}, "each of given must be str, not None"),
    ("review", ("crane",), {"answer": 5}, "answer must be str or None, not 5"),
    ("review", ("crane",), {"replies": "ggggg"}, "replies must be an iterable of str"),
    ("review", ("crane",), {"replies": [None]}, "each of replies must be str, not None"),
    ("review", ("crane",), {"answer": "crane", "refused": [1]}, "refused must be dict or None"),
    ("review", ("crane",), {"answer": "crane", "refused": {"0": ("slate",)}}, "each key of"),
    ("review", ("crane",), {"answer": "crane", "refused": {0: "slate"}}, "refused[0] must be"),
    ("review", ("crane",), {"answer": "crane", "lang": 1}, "lang must be str, not 1"),
    ("tree", (), {"start": 5}, "start must be str or None, not 5"),
    ("tree", (), {"openers": 1.5}, "openers must be int, not 1.5"),
    ("tree", (), {"width": "all"}, "width must be int or None, not 'all'"),
    ("tree", (), {"workers": None}, "workers must be int, not None"),
    ("tree", (), {"workers": 0}, "workers must be at least 1, not 0"),
    ("tree", ("5",), {}, "length must be int, not '5'"),
    ("prove", ("5",), {}, "length must be int, not '5'"),
    ("prove", (), {"top": 1.5}, "top must be int, not 1.5"),
    ("prove", (), {"top": 0}, "top must be at least 1, not 0"),
    ("prove", (), {"shard": "1/2"}, "shard must be a pair of ints (i, n), not '1/2'"),
    ("prove", (), {"results": 5}, "results must be str or Path or None, not 5"),
    ("prove", (), {"merge": 3}, "merge must be a list of paths, not 3"),
    ("prove", (), {"workers": 0}, "workers must be at least 1, not 0"),
    ("prove", (), {"command": 3}, "command must be str, not 3"),
    ("prove", (), {"scheduler": 5}, "scheduler must be str or None, not 5"),
    ("alphabet", (None,), {}, "lang must be str, not None"),
    ("alphabet", ("es", 1), {}, "accents must be str or None, not 1"),
    ("folded", ("crane", 5), {}, "each of given must be str, not 5"),
    ("folded", ("crane",), {"lang": None}, "lang must be str, not None"),
    ("replies", (5, "crane"), {}, "guess must be str, not 5"),
    ("replies", ("crane", None), {}, "each of answers must be str, not None"),
    ("reviewed_by_rows", (None,), {}, "variant must be str, not None"),
    ("compare", ("entropy",), {}, "strategies must be an iterable of str, not 'entropy'"),
    ("compare", (None, None), {"workers": 0}, "workers must be at least 1, not 0"),
    ("compare", (), {"length": "5"}, "length must be int, not '5'"),
    ("compare", (), {"limit": 0}, "limit must be at least 1, not 0"),
    ("make_challenge", (5,), {}, "word must be a str or an iterable of str, not 5"),
    ("make_challenge", (["crane", 5],), {}, "each of word must be str, not 5"),
    ("make_challenge", ("crane",), {"sutom": 1}, "sutom must be bool, not 1"),
    ("make_challenge", ("crane",), {"length": "5"}, "length must be int, not '5'"),
    ("read_challenge", (None,), {}, "code must be str, not None"),
    ("practice_challenge", (5,), {}, "code must be str or Challenge, not 5"),
    ("read_image", (5,), {}, "path must be str or Path or None, not 5"),
    ("read_image", ("board.png",), {"lang": None}, "lang must be str, not None"),
    ("review_image", (5,), {}, "path must be str or Path or None, not 5"),
    ("review_image", ("board.png",), {"hard": 1}, "hard must be bool, not 1"),
    ("review_board", ("slate", ["....."]), {}, "guesses must be an iterable of str, not 'slate'"),
    ("review_board", (["slate"], [5]), {}, "each of replies must be str, not 5"),
    (
        "review_board",
        (["slate", "crane"], ["....."]),
        {},
        "replies are 1 for 2 guesses: a reply a guess, a guess at least",
    ),
    ("review_board", (["slate"], ["....."]), {"hard": 1}, "hard must be bool, not 1"),
    ("read_boards", (5,), {}, "path must be str or Path or None, not 5"),
    ("read_boards", ("board.png",), {"accents": 1}, "accents must be str or None, not 1"),
    ("readable_variant", (None,), {}, "variant must be str, not None"),
    ("readable_variant", ("nerdle",), {}, "variant=nerdle: its tiles are signs, not letters"),
    ("review_boards", ("slate", [["....."]]), {}, "guesses must be an iterable of str"),
    ("review_boards", (["slate"], "....."), {}, "replies must be list or tuple, not '.....'"),
    ("review_boards", (["slate"], [[5]]), {}, "each of replies[0] must be str, not 5"),
    ("review_boards", (["slate"], []), {}, "replies gives each board's replies"),
    ("review_boards", (["slate"], [[]]), {}, "replies gives each board's replies"),
    ("review_boards", (["slate"], [["....."]]), {"hard": 1}, "hard must be bool, not 1"),
    ("review_boards", (["slate"], [["....."]]), {"boards": 2}, "boards is 2: the replies are"),
]


@pytest.mark.parametrize(("name", "args", "kwargs", "says"), SETUP)
def test_a_setup_argument_of_a_wrong_type_or_limit_is_a_setup_error_naming_it(
    name, args, kwargs, says
):
    with pytest.raises(SetupError, match=re.escape(says)):
        getattr(lenwordle, name)(*args, **kwargs)


MOVES = [  # (Game's member, its arguments, what the error says)
    ("tell", (None,), {}, "each of replies must be str, not None"),
    ("tell", (".....",), {"word": 3}, "word must be str or None, not 3"),
    ("preview", (5,), {}, "each of replies must be str, not 5"),
    ("possible", (), {"limit": 1.5}, "limit must be int, not 1.5"),
    ("possible", (), {"limit": True}, "limit must be int, not True"),
    ("possible", (), {"limit": -1}, "limit must be at least 0, not -1"),
    ("possible", ("0",), {}, "board must be int, not '0'"),
    ("handle", (None,), {}, "line must be str, not None"),
    ("problem_message", ("over",), {}, "problem must be Problem, not 'over'"),
    ("shown", (["crane"],), {}, "word must be str, not ['crane']"),
    ("tiles", (None,), {}, "reply must be str, not None"),
    ("alternatives", ("3",), {}, "n must be int, not '3'"),
    ("alternatives", (0,), {}, "n must be at least 1, not 0"),
]


@pytest.mark.parametrize(("name", "args", "kwargs", "says"), MOVES)
def test_a_move_of_a_wrong_type_is_a_move_error_naming_it(game, name, args, kwargs, says):
    before = (game.suggestion, game.count, game.turns)
    with pytest.raises(MoveError, match=re.escape(says)):
        getattr(game, name)(*args, **kwargs)
    assert (game.suggestion, game.count, game.turns) == before


def test_every_public_function_taking_arguments_is_tested_with_a_wrong_type():
    functions = {
        name
        for name in lenwordle.api.__all__
        if inspect.isfunction(getattr(lenwordle.api, name)) or name == "Game"
    }
    members = {
        name
        for name, member in inspect.getmembers(Game, inspect.isfunction)
        if not name.startswith("_") and len(inspect.signature(member).parameters) > 1
    }
    assert functions == {name for name, *_ in SETUP}
    assert members == {name for name, *_ in MOVES}


def test_one_worker_is_the_least_in_every_face(tiny):
    assert MIN_WORKERS == 1
    assert lenwordle.bench(["cigar"], workers=1, **tiny).games == 1
    assert lenwordle.tree(5, workers=1, openers=1, **tiny).tree is not None
