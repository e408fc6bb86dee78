"""`lenwordle compare`: each strategy plays exactly as `bench` plays it alone, every one on the
same targets; its table, CSV and JSON say the same figures; a wrong --strategies is one line."""

import csv
import json

import pytest
from helpers import invoke, one_line_error, tree_lists
from test_optimal import sample

from lenwordle.api import benchmarks as api_bench
from lenwordle.api import checks
from lenwordle.games import bench as benchmark
from lenwordle.games import play
from lenwordle.strategies.registry import STRATEGIES

WORDS = sample(5, 80)
ANSWERS = WORDS[::4]  # 20, in the order the file lists them
COMPARED = ["entropy", "minimax", "frequency"]
KEPT = ["games", "solved", "mean", "max", "total_guesses", "failures", "failed", "histogram"]


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Return the --words and --answers options of a small game (trees in tmp_path)."""
    return tree_lists(tmp_path, monkeypatch, WORDS, ANSWERS)


def compared(*args) -> list[dict]:
    """Return compare --json's strategies (the command must succeed)."""
    result = invoke("compare", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["strategies"]


def bench_alone(*args) -> dict:
    result = invoke("bench", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def kept(figures: dict) -> dict:
    """Return the figures that do not depend on the time taken."""
    return {key: figures[key] for key in KEPT}


def test_each_strategy_plays_as_bench_plays_it_alone(lists):
    rows = compared(*lists, "--strategies", ",".join(COMPARED), "--workers", "1")
    assert [row["strategy"] for row in rows] == COMPARED  # in the order asked
    for row in rows:
        alone = bench_alone(*lists, "--strategy", row["strategy"], "--workers", "1")
        assert kept(row) == kept(alone), row["strategy"]
        assert row["games"] == len(ANSWERS)
    assert len({json.dumps(kept(row)) for row in rows}) > 1  # the strategies do differ here


def test_every_strategy_plays_the_same_targets_each_once(lists, monkeypatch):
    played = []
    real = benchmark.run

    def run(solver, state, targets, *args, **kwargs):
        targets = list(targets)
        played.append([target.answers[0] for target in targets])  # (one board: a word each)
        return real(solver, state, targets, *args, **kwargs)

    monkeypatch.setattr(benchmark, "run", run)
    compared(*lists, "--strategies", "entropy,frequency", "--limit", "7", "--workers", "1")
    assert played == [ANSWERS[:7], ANSWERS[:7]]


def test_the_figures_are_the_same_with_one_worker_or_two(lists, monkeypatch):
    monkeypatch.setattr(checks, "default_workers", lambda: 2)  # two even on one core
    shared = []
    real = benchmark.fork_map

    def fork_map(work, batches, workers, *args):
        shared.append(workers)
        return real(work, batches, workers, *args)

    monkeypatch.setattr(benchmark, "fork_map", fork_map)
    one = compared(*lists, "--strategies", "expected-guesses,entropy", "--workers", "1")
    two = compared(*lists, "--strategies", "expected-guesses,entropy", "--workers", "2")
    assert shared == [1, 1, 2, 2]
    assert [kept(row) for row in one] == [kept(row) for row in two]


def test_the_default_strategies_are_the_default_and_three_quick_ones(lists):
    rows = compared(*lists, "--limit", "3", "--workers", "1")
    assert [row["strategy"] for row in rows] == [
        "expected-guesses",
        "entropy",
        "minimax",
        "frequency",
    ]


def test_optimal_plays_the_tree_that_tree_finds(lists):
    tree = invoke("tree", *lists, "--workers", "1")
    assert tree.returncode == 0, tree.stderr
    total = int(tree.stdout.split("total ")[1].split()[0])
    (optimal, entropy) = compared(*lists, "--strategies", "optimal,entropy", "--workers", "1")
    assert optimal["total_guesses"] == total
    assert optimal["mean"] == round(total / len(ANSWERS), 4)
    assert entropy["total_guesses"] >= total


def test_a_game_past_the_limit_is_a_failure_and_named(lists):
    args = ["--strategies", "frequency", "--max-guesses", "2", "--workers", "1"]
    (row,) = compared(*lists, *args)
    past = sum(count for guesses, count in row["histogram"].items() if int(guesses) > 2)
    assert row["failures"] == len(row["failed"]) == past > 0  # solved, but in 3 guesses
    assert set(row["failed"]) < set(ANSWERS)
    text = invoke("compare", *lists, *args).stdout
    assert f"frequency failed: {' '.join(row['failed'])}" in text.splitlines()


# -- the table and CSV -------------------------------------------------------------------


def test_the_table_is_aligned_and_says_what_the_json_says(lists):
    args = [*lists, "--strategies", ",".join(COMPARED), "--workers", "1"]
    rows = compared(*args)
    result = invoke("compare", *args)
    assert result.returncode == 0, result.stderr
    head, *lines = result.stdout.splitlines()
    assert head.split() == "strategy games mean max failures seconds per game".split()
    assert len(lines) == len(COMPARED)
    assert len({len(line) for line in [head, *lines]}) == 1  # every column lines up
    for line, row in zip(lines, rows):
        name, games, mean, most, failures, seconds, per_game, unit = line.split()
        assert (name, int(games), float(mean), int(most), int(failures)) == (
            row["strategy"],
            row["games"],
            row["mean"],
            row["max"],
            row["failures"],
        )
        assert float(seconds) >= 0 and unit in ("ms", "s") and float(per_game) >= 0
        for column in ("games", "mean", "max", "failures"):  # right-aligned under the head
            end = head.index(column) + len(column)
            value = {"games": games, "mean": mean, "max": most, "failures": failures}[column]
            assert line[end - len(value) : end] == value, column


def test_the_csv_has_a_header_and_a_line_per_strategy(lists):
    args = [*lists, "--strategies", ",".join(COMPARED), "--workers", "1"]
    rows = compared(*args)
    result = invoke("compare", *args, "--csv")
    assert result.returncode == 0, result.stderr
    read = list(csv.DictReader(result.stdout.splitlines()))
    assert list(read[0]) == [
        "strategy",
        "games",
        "solved",
        "mean",
        "max",
        "failures",
        "seconds",
        "seconds_per_game",
    ]
    for line, row in zip(read, rows, strict=True):
        assert line["strategy"] == row["strategy"]
        assert (int(line["games"]), int(line["solved"])) == (row["games"], row["solved"])
        assert (float(line["mean"]), int(line["max"])) == (row["mean"], row["max"])
        assert int(line["failures"]) == row["failures"]
        per_game = float(line["seconds_per_game"])
        assert per_game == pytest.approx(float(line["seconds"]) / row["games"], abs=1e-3)


def test_the_time_per_game_is_the_time_over_the_games(lists):
    (row,) = compared(*lists, "--strategies", "entropy", "--workers", "1")
    assert row["seconds_per_game"] == pytest.approx(row["seconds"] / row["games"], abs=1e-4)
    assert row["seconds_per_game"] > 0


# -- what is refused ---------------------------------------------------------------------


@pytest.fixture
def no_game(monkeypatch):
    """Make any game fail the test: what is refused must be refused before one is played."""

    def played(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(api_bench, "played", played)


def test_an_unknown_strategy_is_one_line_listing_the_choices(lists, no_game):
    message = one_line_error(invoke("compare", *lists, "--strategies", "entropy,bogus"))
    assert message == (
        f"error: --strategies: unknown strategy 'bogus'; choose from {', '.join(STRATEGIES)}"
    )


@pytest.mark.parametrize("given", ["", ",", " , "])
def test_strategies_that_name_none_are_refused(lists, given, no_game):
    message = one_line_error(invoke("compare", *lists, "--strategies", given))
    assert message.startswith(f"error: --strategies '{given}' names no strategy; choose from ")


def test_a_strategy_named_twice_is_refused(lists, no_game):
    message = one_line_error(invoke("compare", *lists, "--strategies", "minimax,entropy,minimax"))
    assert message == "error: --strategies names minimax twice"


def test_names_are_taken_in_any_case_with_spaces_and_a_trailing_comma(lists):
    rows = compared(*lists, "--strategies", " Entropy , MINIMAX,", "--limit", "2")
    assert [row["strategy"] for row in rows] == ["entropy", "minimax"]


def test_a_strategy_of_one_board_is_refused_with_boards(lists, no_game):
    args = [*lists, "--boards", "2", "--strategies", "entropy,worst-case"]
    message = one_line_error(invoke("compare", *args))
    assert message == "error: --strategies: worst-case plays one board, not --boards 2"


def test_optimal_without_a_tree_it_can_make_is_refused_before_any_game(
    tmp_path, monkeypatch, no_game
):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))  # the bundled dictionary
    result = invoke("compare", "--strategies", "entropy,optimal", "--limit", "2")
    message = one_line_error(result)
    assert message.startswith("error: --strategy optimal has no tree for these settings")
    assert result.stdout == ""


def test_csv_and_json_together_are_refused(lists, no_game):
    message = one_line_error(invoke("compare", *lists, "--csv", "--json"))
    assert message == "error: --csv and --json: give one of them"


def test_boards_play_the_same_drawn_games_as_bench(lists):
    args = [*lists, "--boards", "2", "--games", "4", "--seed", "3", "--workers", "1"]
    (row,) = compared(*args, "--strategies", "entropy")
    assert row["games"] == 4
    assert kept(row) == kept(bench_alone(*args, "--strategy", "entropy"))


def test_absurdle_plays_the_default_as_the_host_solver_and_says_so(lists):
    result = invoke("compare", *lists, "--absurdle", "--strategies", "expected-guesses,minimax")
    assert result.returncode == 0, result.stderr
    assert "note: with --absurdle, expected-guesses plays as worst-case" in result.stderr
    rows = [line.split()[:2] for line in result.stdout.splitlines()[1:]]
    assert rows == [["worst-case", "1"], ["minimax", "1"]]
    both = ["--strategies", "expected-guesses,worst-case"]
    message = one_line_error(invoke("compare", *lists, "--absurdle", *both))
    assert message.startswith("error: --strategies names worst-case twice")


def test_a_target_no_word_fits_is_left_out_of_the_mean_and_said_so(lists, tmp_path, monkeypatch):
    monkeypatch.setattr(play, "MAX_REFUSALS", 3)  # the game gives up sooner: a quicker test
    (tmp_path / "t.txt").write_text("\n".join([*ANSWERS[:3], "zzzzz"]) + "\n")
    accepted = ["--accepted", str(tmp_path / "g.txt")]  # no string past the list is probed
    args = [*lists, "--targets", str(tmp_path / "t.txt"), *accepted, "--workers", "1"]
    (row,) = compared(*args, "--strategies", "entropy")
    assert (row["games"], row["solved"], row["unsolvable"]) == (4, 3, ["zzzzz"])
    lines = invoke("compare", *args, "--strategies", "entropy").stdout.splitlines()
    assert lines[-2:] == [
        "entropy: mean and max over the 3 solved of 4 games (1 unsolvable)",
        "entropy failed: zzzzz",
    ]


def test_a_skipped_line_is_warned_of_once_and_each_note_names_its_strategy(lists, tmp_path):
    (tmp_path / "a.txt").write_text("\n".join([*ANSWERS, "bad1word"]) + "\n")
    result = invoke("compare", *lists, "--strategies", ",".join(COMPARED), "--limit", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert [line for line in lines if line.startswith("warning:")] == [
        f"warning: {tmp_path / 'a.txt'}:{len(ANSWERS) + 1}: 'bad1word' is not letters a-z; skipped"
    ]
    notes = [line for line in lines if line.startswith("note:")]
    assert [note.split(":")[1].strip() for note in notes] == COMPARED
    assert all("computing the opener" in note for note in notes)  # no starter file fits


def test_compare_takes_a_variant_and_its_strategies_over_the_rows_it_shows(lists):
    rows = compared(*lists, "--variant", "fibble", "--limit", "4")
    assert [row["strategy"] for row in rows] == ["expected-guesses", "entropy", "minimax"]
    assert all(row["games"] == 4 for row in rows)  # the default's three that play a variant
    again = compared(*lists, "--variant", "fibble", "--limit", "4", "--strategies", "entropy")
    assert again[0]["total_guesses"] == rows[1]["total_guesses"]  # the same games


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--variant", "peaks", "--strategies", "frequency"], "frequency cannot play a variant"),
        (["--variant", "antiwordle"], "scored by the guesses survived"),
    ],
)
def test_compare_says_in_one_line_what_a_variant_cannot_take(lists, args, says):
    message = one_line_error(invoke("compare", *lists, *args, "--limit", "2"))
    assert says in message
