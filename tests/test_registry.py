"""A strategy is a whole value: one class and one registry line make a new one, which every
command then plays, lists and stores like the built-in ones."""

from dataclasses import dataclass, fields

import pytest
from helpers import invoke, wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.metrics import entropy_metric
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.store import starters
from lenwordle.strategies.base import Choice, Ranking, ReportsProgress, Strategy, Traits
from lenwordle.strategies.ranked import MetricOf, Ranked
from lenwordle.strategies.registry import STRATEGIES, make, storable

WORDS = ["abide", "baker", "crane", "slate", "zesty"]


@dataclass(frozen=True, kw_only=True)
class LastFirst(Ranked):
    """Play the candidate last in alphabetical order (a strategy no built-in one plays)."""

    name: str = "last-first"
    metric: MetricOf = entropy_metric

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        return max(state.candidate_words())


@pytest.fixture
def registered(monkeypatch, tmp_path):
    """Register LastFirst, with its one registry line; return a word file of WORDS."""
    monkeypatch.setitem(STRATEGIES, "last-first", LastFirst)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    return words


def test_a_registered_strategy_is_made_by_name_with_the_shared_options(registered):
    strategy = make("last-first", shortlist=5, width=3)
    assert isinstance(strategy, LastFirst)
    assert strategy.traits == Traits(name="last-first", shortlist=5, width=3)
    assert "last-first" in storable()  # a Ranked strategy's opener can be stored


def test_the_commands_play_a_registered_strategy(registered):
    words = str(registered)
    solved = invoke("solve", "abide", "--words", words, "--strategy", "last-first")
    assert solved.returncode == 0, solved.stderr
    turns = [line.split() for line in solved.stdout.splitlines()]
    played = [turn[0] for turn in turns if len(turn) == 2 and turn[0].isupper()]
    assert played[0] == "ZESTY"  # the last word of the five
    assert played[-1] == "ABIDE"
    assert played == sorted(played, reverse=True)  # always the last of what was left
    bench = invoke("bench", "--words", words, "--answers", words, "--strategy", "last-first")
    assert bench.returncode == 0, bench.stderr
    assert "games 5" in bench.stdout


def test_a_registered_strategy_gets_its_starter_file_made_and_read(registered, tmp_path):
    out = tmp_path / "starters"
    made = invoke(
        "precompute-starters", "--lengths", "5", "--words", str(registered),
        "--strategy", "last-first", "--out", str(out),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    state = Settings(5, registered, strategy="last-first").state()
    opened = Settings(5, registered, strategy="last-first").open(out)
    assert opened.no_opener is None
    assert opened.solver.choose(state) == "zesty"  # its own choice, stored and read back


def test_an_unknown_strategy_is_refused_with_the_registered_ones_listed(registered):
    result = invoke("solve", "abide", "--words", str(registered), "--strategy", "first-last")
    assert result.returncode != 0
    assert "unknown strategy 'first-last'" in result.stderr
    assert "last-first" in result.stderr


def test_a_game_hands_each_strategy_what_its_traits_ask_for(registered, tmp_path):
    def opened(strategy: str, starters=tmp_path / "none"):
        return Settings(5, registered, strategy=strategy).open(starters, trees_dir=tmp_path)

    computes = opened("entropy")  # no starter file: it computes its opener
    assert computes.solver.openers == {} and not computes.instant
    assert (
        computes.no_opener
        == f"no starter file {tmp_path / 'none' / '05.json'}; computing the opener"
    )
    made = tmp_path / "starters"
    invoke("precompute-starters", "--lengths", "5", "--words", str(registered), "--out", str(made))
    stored = opened("expected-guesses", made)
    stored_words = starters.read(made, 5)["openers"]
    assert stored.solver.openers == {5: tuple(o["word"] for o in stored_words)}
    assert stored.solver.choose(stored.state) == stored_words[0]["word"] and stored.instant
    tree = opened("optimal")  # a tree, searched now (five words) and handed to it
    assert tree.solver.tree is not None and tree.instant
    plans = opened("worst-case")  # nothing to hand: it plans its game, quickly
    assert plans.instant and plans.no_opener is None


def members(protocol: type) -> set[str]:
    """Return the names a protocol declares itself (not those it inherits)."""
    declared = set(vars(protocol)) | set(vars(protocol).get("__annotations__", {}))
    return {name for name in declared if not name.startswith("_")}


def test_the_strategy_protocol_is_its_choice_and_its_traits_and_no_more():
    # what some callers ask of some strategies is a protocol of its own, never Strategy's
    assert members(Strategy) == {"traits", "choose", "choose_boards"}
    assert members(Ranking) == {"choose", "rank", "expected_guesses"}  # starters, review
    assert members(ReportsProgress) == {"with_progress"}  # play's progress line
    assert {f.name for f in fields(Traits)} == {
        "name", "shortlist", "width", "stores_opener", "wants_tree", "plans", "several_boards",
    }  # fmt: skip


def test_every_registered_strategy_is_a_strategy_and_says_what_it_needs():
    for name in STRATEGIES:
        strategy = make(name)
        traits = strategy.traits
        assert traits.name == name and callable(strategy.choose_boards)
        assert not (traits.stores_opener and traits.wants_tree)  # one thing handed, at most
        assert not (traits.plans and (traits.stores_opener or traits.wants_tree))
        assert isinstance(strategy, Ranking) or not traits.stores_opener  # a file of its ranking


def _four_words():
    return GameState.new(wordlist(["crane", "slate", "trace", "plumb", "grind"]))


def test_a_refused_opener_is_followed_by_the_stored_fallbacks_in_order_then_a_computed_guess():
    state = _four_words()
    solver = make(openers={5: ("slate", "trace")})
    assert solver.choose(state) == "slate"
    assert solver.choose(state.refuse("slate")) == "trace"
    computed = make().choose(state.refuse("slate").refuse("trace"))
    assert solver.choose(state.refuse("slate").refuse("trace")) == computed
    assert solver.choose(state.refuse("crane")) == "slate"  # a word not stored, refused


def test_no_stored_opener_is_played_once_a_reply_has_come():
    state = _four_words()
    solver = make(openers={5: ("plumb", "slate")})
    after = state.after("plumb", ".....")
    assert solver.choose(after) == make().choose(after)


def test_several_boards_open_with_the_first_stored_opener_the_game_has_not_refused():
    rules = Rules(boards=2)
    boards = Boards.new(_four_words(), rules)
    solver = make(openers={5: ("slate", "trace")})
    assert solver.choose_boards(boards) == "slate"
    assert solver.choose_boards(boards.refuse("slate")) == "trace"
