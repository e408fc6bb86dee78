"""Every game with every strategy, through every face of the library (solve, a Game told the
solver's own rows, review, bench) on a small word list: a combination plays to its end or is
refused in one line naming the option as Python does (never another error), and the faces
agree with each other. A handful go through the real command line too."""

import pytest
from helpers import invoke, tree_lists
from test_optimal import sample

import lenwordle
from lenwordle import Game, MoveError, SetupError, Undone
from lenwordle.engine.variants import VARIANTS
from lenwordle.strategies.registry import SHOWN_MEASURES, STRATEGIES, make

WORDS = sample(11, 60)
ANSWERS = WORDS[::3]  # 20
GAMES = {  # name: (options, answers of one game)
    "wordle": ({}, None),
    "quordle": ({"boards": 2}, None),
    "absurdle": ({"absurdle": True}, ()),
    **{name: ({"variant": name}, None) for name in VARIANTS if name != "wordle"},
}


def answers_of(name: str) -> tuple[str, ...]:
    """Return the answers of one game of name: two boards', Xordle's pair (no letter shared),
    Nerdle's equation, or one word."""
    if name == "quordle":
        return tuple(ANSWERS[:2])
    if name == "xordle":
        first = ANSWERS[0]
        return (first, next(w for w in ANSWERS if not set(w) & set(first)))
    if name == "nerdle":
        return ("3*4=12",)
    return (ANSWERS[0],)


def refusal_expected(name: str, strategy: str) -> bool:
    """Return whether the game cannot be played by the strategy, as the registry says."""
    options = GAMES[name][0]
    if "variant" in options:
        return strategy not in SHOWN_MEASURES
    if options.get("boards", 1) > 1:
        return not make(strategy).traits.several_boards
    return False


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Return the options of the small word list (its trees in tmp_path)."""
    tree_lists(tmp_path, monkeypatch, WORDS, ANSWERS)
    return {"words": tmp_path / "g.txt", "answers": tmp_path / "a.txt"}


def options_of(name: str, strategy: str, lists: dict) -> dict:
    options = {**GAMES[name][0], "strategy": strategy}
    return options if name == "nerdle" else {**options, **lists}


def one_line(error: Exception) -> str:
    message = str(error)
    assert message and "\n" not in message and "--" not in message, message
    return message


@pytest.mark.parametrize("strategy", list(STRATEGIES))
@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_and_strategy_plays_or_says_why_not_in_every_face(name, strategy, lists):
    options = options_of(name, strategy, lists)
    answers = answers_of(name) if name != "absurdle" else ()
    k = len(answers[0]) if answers else 5
    try:
        played = lenwordle.solve(*answers, length=k, **options)
    except SetupError as error:
        assert refusal_expected(name, strategy), one_line(error)
        with pytest.raises(SetupError) as again:  # (every face says the same)
            Game(k, **options)
        assert str(again.value) == one_line(error)
        return
    assert not refusal_expected(name, strategy)
    assert played.solved and played.turns, played
    assert played.won or played.survival or not played.strict

    game = Game(k, **options)  # the solver's own rows told: the same game
    for word, replies in played.turns:
        assert game.suggestion == game.shown(word)
        game.tell(*[r for r in replies if r is not None])
    assert game.done and game.won == played.won and game.turns[-1].guess == game.shown(word)
    assert game.share().splitlines()[1:] == played.rows or len(played.turns[0][1]) > 1
    with pytest.raises(MoveError, match="the game is over"):
        game.refuse()
    last = game.turns[-1].guess
    assert game.undo() == Undone(last, refusal=False) and not game.done

    if len(answers) == 1 and not played.survival:  # one board, an answer: reviewed
        words = [w for w, _ in played.turns]
        marks = [str(r[0]) for _, r in played.turns]
        done = lenwordle.review(*words, replies=marks, **options)
        assert done.figures["solved"] and done.figures["guesses"] == len(words)
        assert [t.guess for t in done.turns] == words
    if answers and len(played.turns[0][1]) == 1:  # one board: benched on its answers
        bench = lenwordle.bench(list(answers), length=k, **options)
        first = " ".join(answers)  # (Xordle's game: its pair, as the bench names it)
        assert bench.games == len(answers) and first in bench.guesses
        assert bench.guesses[first] == played.guesses


@pytest.mark.parametrize("name", ["fibble", "peaks", "woodle", "antiwordle", "quordle"])
def test_a_game_takes_max_guesses_exclude_and_accepted(name, lists, tmp_path):
    options = options_of(name, "expected-guesses", lists)
    (tmp_path / "x.txt").write_text(f"{ANSWERS[-1]}\n")
    game = Game(5, max_guesses=9, exclude=tmp_path / "x.txt", **options)
    assert game.limit == 9
    assert all(c.word != ANSWERS[-1].upper() for c in game.possible(limit=100))
    if name != "quordle":
        result = lenwordle.bench(ANSWERS[:3], accepted=WORDS[:30], max_guesses=9, **options)
        assert result.games == 3
        with pytest.raises(SetupError, match="accepted has none"):
            lenwordle.bench(ANSWERS[:3], accepted=[], **options)


@pytest.mark.parametrize(("lang", "word"), [("es", "árbol"), ("ru", "книга"), ("tr", "kitap")])
@pytest.mark.parametrize("name", ["wordle", "fibble", "peaks", "woodle", "xordle"])
def test_every_game_in_spanish_russian_and_turkish(lang, word, name):
    options = GAMES[name][0]
    game = Game(5, lang, **options)
    assert game.suggestion and game.suggestion == game.suggestion.upper() or lang == "tr"
    first = game.suggestion
    game.refuse()
    assert first in game.refused and game.suggestion != first
    assert game.undo() == Undone(first, refusal=True)
    if name != "xordle":
        played = lenwordle.solve(word, lang=lang, **options)
        assert played.won
        shown = Game(5, lang, **options).shown(word)
        assert shown == {"es": "ÁRBOL", "ru": "КНИГА", "tr": "KİTAP"}[lang]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "--variant", "fibble", "--strategy", "optimal"], "optimal cannot play"),
        (["bench", "--variant", "hardle", "--hard"], "not with --hard"),
        (["solve", "--variant", "warmle", "--boards", "2", "crane"], "not with --boards"),
        (["review", "--variant", "peaks", "--first-letter", "c", "crane=g^^^^"], "first-letter"),
    ],
)
def test_the_command_line_says_in_one_line_what_a_game_cannot_take(args, says):
    result = invoke(*args)
    assert result.returncode == 2 and says in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
