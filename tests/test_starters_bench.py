import hashlib
import json
import os
from dataclasses import replace

import numpy as np
import pytest
from helpers import bench_words, invoke, one_line_error, run_in_process

from lenwordle.api.setup import Settings
from lenwordle.engine.metrics import expected_remaining
from lenwordle.engine.partitions import Parts
from lenwordle.games import bench
from lenwordle.games.play import play
from lenwordle.store import starters
from lenwordle.store.precompute import FolderError, precompute
from lenwordle.strategies.registry import make
from lenwordle.words.prior import weights_of


@pytest.fixture
def small_answers(nyt, tmp_path):
    path = tmp_path / "answers60.txt"
    path.write_text("\n".join((nyt / "answers.txt").read_text().split()[:60]) + "\n")
    return path


def test_starter_files_round_trip_and_are_used(tmp_path):
    settings = Settings(4)
    state, solver = settings.state(), settings.solver()
    record = starters.compute(state, solver)
    path = starters.write(tmp_path, record)
    assert path.name == "04.json"
    assert starters.read(tmp_path, 4) == json.loads(path.read_text())
    assert len(record["openers"]) >= 10
    assert record["openers"][0]["word"] == solver.choose(state)
    assert starters.opener(tmp_path, state, solver) == tuple(o["word"] for o in record["openers"])


def test_stale_starter_files_are_detected(tmp_path):
    state, solver = Settings(4).state(), Settings(4).solver()
    starters.write(tmp_path, starters.compute(state, solver))
    with pytest.raises(
        starters.StarterError, match="made with --shortlist 3, less exact than the 5"
    ):
        starters.opener(tmp_path, state, make(shortlist=5))
    assert starters.opener(tmp_path, state, make(shortlist=2))[0] == solver.choose(state)
    with pytest.raises(starters.StarterError, match="another dictionary or settings"):
        starters.opener(tmp_path, state, make(width=5))
    other = Settings(4, uniform=True).state()
    with pytest.raises(starters.StarterError, match="another dictionary or settings"):
        starters.opener(tmp_path, other, solver)


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        '{"format": 1}',
        "[1, 2]",
        '{"format": 99, "k": 4}',
        '{"format": 1, "k": 4, "openers": [{"word": 7}]}',
    ],
)
def test_corrupt_starter_files_are_detected(tmp_path, content):
    (tmp_path / "04.json").write_text(content)
    with pytest.raises(starters.StarterError, match="corrupt"):
        starters.read(tmp_path, 4)


def sha256_of(openers: list, made_from: dict) -> str:
    """Return the checksum a starter file carries, computed here by hand."""
    return hashlib.sha256(json.dumps([openers, made_from], sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("edit", ["opener", "made_from"])
def test_a_hand_edit_fails_the_checksum_and_a_recomputed_checksum_passes(tmp_path, edit):
    shipped = starters.read(starters.default_dir(), 5)
    assert shipped["checksum"] == sha256_of(shipped["openers"], shipped["made_from"])
    record = json.loads(json.dumps(shipped))
    if edit == "opener":
        record["openers"][0]["word"] = "zymic"
    else:
        record["made_from"]["shortlist"] = 50.0
    (tmp_path / "05.json").write_text(json.dumps(record))
    with pytest.raises(starters.StarterError, match="edited by hand"):
        starters.read(tmp_path, 5)
    # the checksum catches slips, it is no signature: whoever recomputes it is believed
    record["checksum"] = sha256_of(record["openers"], record["made_from"])
    (tmp_path / "05.json").write_text(json.dumps(record))
    assert starters.read(tmp_path, 5) == record
    settings = Settings(5)
    opener = starters.opener(tmp_path, settings.state(), settings.solver())[0]
    assert opener == ("zymic" if edit == "opener" else shipped["openers"][0]["word"])


def test_missing_starter_file(tmp_path):
    with pytest.raises(starters.StarterError, match="no starter file"):
        starters.read(tmp_path, 4)


def test_an_interrupted_write_keeps_the_old_file(tmp_path, monkeypatch):
    state, solver = Settings(4).state(), Settings(4).solver()
    record = starters.compute(state, solver)
    path = starters.write(tmp_path, record)
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        starters.write(tmp_path, {**record, "openers": record["openers"][:1]})
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["04.json"]


def test_shipped_starters_match_the_default_dictionary():
    for k in range(4, 12):
        settings = Settings(k)
        opening = settings.opening()
        state, solver = opening.state, opening.solver
        stored = starters.opener(starters.default_dir(), state, solver)
        assert starters.read(starters.default_dir(), k)["made_from"]["shortlist"] == 100
        assert opening.openers_from is not None
        among = replace(state, suggestable=state.suggestable & opening.openers_from)
        assert stored[0] == solver.choose(among)  # the 3 % shortlist finds the exact best


def test_play_says_when_the_starter_file_is_unusable(tmp_path):
    (tmp_path / "05.json").write_text("{garbage")
    result = run_in_process("solve", "crane", "--starters", str(tmp_path))
    assert result.returncode == 0
    assert result.stderr.strip().splitlines() == [
        f"note: starter file {tmp_path / '05.json'} is corrupt; computing the opener"
    ]
    assert run_in_process("solve", "crane").stderr == ""  # the shipped file matches: nothing said


def test_open_gives_the_stored_opener_or_says_why_not_and_which_lines_were_skipped(tmp_path):
    shipped = Settings(5).open()
    stored = starters.read(starters.default_dir(), 5)["openers"]
    assert shipped.solver.openers == {5: tuple(o["word"] for o in stored)}
    assert shipped.skipped == () and shipped.no_opener is None
    words = tmp_path / "w.txt"
    words.write_text("crane\nsl4te\ntrace\nslate\n")
    own = Settings(5, words).open(tmp_path)
    assert own.skipped == (f"{words}:2: 'sl4te' is not letters a-z; skipped",)
    assert own.no_opener == f"no starter file {tmp_path / '05.json'}; computing the opener"
    assert own.solver.openers == {} and len(own.state.allowed) == 3


def test_starters_command_shows_the_ranked_openers():
    result = run_in_process("starters", "-k", "6")
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    record = starters.read(starters.default_dir(), 6)
    assert [line.split()[1].lower() for line in lines[2:]] == [
        o["word"] for o in record["openers"]
    ]


def test_precompute_starters_writes_every_asked_length(tmp_path):
    result = run_in_process(
        "precompute-starters", "--lengths", "4,6", "--shortlist", "3", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["04.json", "06.json"]
    bad = invoke("precompute-starters", "--lengths", "x-y", "--out", str(tmp_path))
    assert bad.returncode == 2


def test_precompute_writes_every_length_it_can_and_reports_the_others(tmp_path):
    words = tmp_path / "w.txt"  # no word of 4 letters
    words.write_text("cat\ndog\nemu\nc4t\ncrane\nslate\ntrace\n")
    jobs = [Settings(k, words, shortlist=3) for k in (5, 3, 4)]
    ticks = []
    report = precompute(jobs, tmp_path / "out", 1, lambda k, *done: ticks.append((k, *done)))
    assert [written.path for written in report.written] == [
        tmp_path / "out" / "03.json",
        tmp_path / "out" / "05.json",
    ]
    assert [written.record for written in report.written] == [
        starters.read(tmp_path / "out", k) for k in (3, 5)
    ]
    assert len(report.problems) == 1 and "no words of length 4" in report.problems[0]
    assert report.unwritten == [] and report.folder == tmp_path / "out"
    assert report.skipped == [f"{words}:4: 'c4t' is not letters a-z; skipped"] * 2
    assert {k for k, _, _ in ticks} == {3, 5} and ticks[-1][1] == ticks[-1][2]
    with pytest.raises(FolderError):  # a file is no folder: said before any work
        precompute(jobs, words, 1)


def test_precompute_reports_a_strategy_that_ranks_no_guesses(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("crane\nslate\ntrace\n")
    report = precompute([Settings(5, words, strategy="worst-case")], tmp_path / "out", 1)
    assert report.written == [] and report.problems == [
        "--strategy worst-case has no starter file"
    ]


def test_bench_golden_regression(nyt, small_answers):
    """The first 20 answers take exactly these numbers of guesses; the 60 take 150."""
    settings = Settings(5, nyt / "guesses.txt", small_answers)
    targets = small_answers.read_text().split()
    result = bench_words(settings.solver(), settings.state(), targets[:20])
    assert list(result.guesses.values()) == [
        3,
        3,
        2,
        2,
        3,
        3,
        2,
        2,
        3,
        2,
        3,
        3,
        3,
        3,
        2,
        3,
        2,
        2,
        2,
        3,
    ]
    out = run_in_process(
        "bench", "--words", str(nyt / "guesses.txt"), "--answers", str(small_answers), "--json"
    )
    figures = json.loads(out.stdout)
    assert figures["games"] == 60 and figures["total_guesses"] == 150 and figures["mean"] == 2.5
    assert figures["histogram"] == {"1": 0, "2": 30, "3": 30}
    assert figures["failures"] == 0 and figures["failed"] == [] and figures["max"] == 3
    assert figures["seconds"] > 0


def test_bench_targets_and_limit(tmp_path):
    targets = tmp_path / "targets.txt"
    targets.write_text("crane\nslate\nqxzzq\n")
    out = run_in_process("bench", "--targets", str(targets), "--json")
    figures = json.loads(out.stdout)
    # QXZZQ, no word, is played on past the dictionary as solve does (test_solve_beyond.py)
    assert figures["games"] == 3 and figures["unsolvable"] == [] and figures["solved"] == 3
    text = run_in_process("bench", "--limit", "5").stdout
    assert text.startswith("games 5  mean")


def test_bench_accepted_refuses_what_the_game_does_not_accept_and_counts_it(tmp_path):
    targets = tmp_path / "targets.txt"
    targets.write_text("crane\ntrace\nyeesh\n")
    settings = Settings(5)
    state = settings.state()
    opener = settings.solver().choose(state)
    assert opener not in ("crane", "trace", "yeesh")  # (a target the game refuses: unsolvable)
    accepted = tmp_path / "accepted.txt"  # everything the solver would play, but its opener
    accepted.write_text("\n".join(w for w in state.allowed.strings if w != opener) + "\n")
    result = run_in_process(
        "bench", "--targets", str(targets), "--accepted", str(accepted), "--json"
    )
    figures = json.loads(result.stdout)
    assert figures["games"] == 3 and figures["unsolvable"] == [] and figures["failures"] == 0
    assert (
        figures["refusals"] == 3 and figures["refusals_per_game"] == 1.0
    )  # the opener, each game
    assert figures["max_refusals"] == 1
    text = run_in_process("bench", "--targets", str(targets), "--accepted", str(accepted)).stdout
    assert "refusals 3 (1.000 per game" in text


def test_a_refused_guess_is_not_played_and_the_game_goes_on():
    settings = Settings(5)
    state, solver = settings.state(), settings.solver()
    free = play(solver, state, "crane")
    assert len(free.history) > 2  # so the second guess is not the answer
    refused_word = free.history[1][0]  # the second guess of the free game
    accepted = set(state.allowed.strings) - {refused_word}
    game = play(solver, state, "crane", accepted)
    assert game.refused == [refused_word] and game.solved
    assert refused_word not in [w for w, _ in game.history]


def test_expected_remaining_counts_every_word_once_however_unlikely():
    # one likely word alone (mass 1/2.99) and a part of 100 words, one likely, 99 unlikely
    masses = np.array([1.0, 1.99]) / 2.99
    parts = Parts(np.array([0, 1]), masses, np.array([1, 100]), 2.99)
    assert expected_remaining(parts) == pytest.approx(masses[0] * 1 + masses[1] * 100)


@pytest.fixture
def played(monkeypatch):
    """The targets `lenwordle bench` hands to bench.run, as each run plays them."""
    runs = []
    real = bench.run

    def spy(solver, position, plays, *args, **kwargs):
        plays = list(plays)
        runs.append([target.answers[0] for target in plays])  # (one board: a word each)
        return real(solver, position, plays, *args, **kwargs)

    monkeypatch.setattr(bench, "run", spy)
    return runs


def test_bench_without_targets_plays_the_likeliest_words_by_the_prior(played):
    result = invoke("bench", "--limit", "30", "--workers", "1", "--json")
    assert result.returncode == 0, result.stderr
    [targets] = played
    words = Settings(5).allowed()
    weight = dict(zip(words.strings, weights_of(words)))
    others = set(words.strings) - set(targets)
    assert len(targets) == len(set(targets)) == json.loads(result.stdout)["games"] == 30
    assert min(weight[t] for t in targets) >= max(weight[w] for w in others)  # the likeliest
    assert [weight[t] for t in targets] == sorted((weight[t] for t in targets), reverse=True)
    assert targets != sorted(targets)  # not the alphabetical start of the dictionary
    assert "--limit" not in result.stderr


def test_bench_limit_at_the_sample_size_and_one_past_it(played, monkeypatch):
    monkeypatch.setattr(bench, "DEFAULT_TARGETS", 6)
    whole = invoke("bench", "--workers", "1", "--json")
    at = invoke("bench", "--limit", "6", "--workers", "1", "--json")
    past = invoke("bench", "--limit", "7", "--workers", "1", "--json")
    assert whole.returncode == at.returncode == past.returncode == 0
    assert played[0] == played[1] == played[2] and len(played[0]) == 6
    assert [json.loads(r.stdout)["games"] for r in (whole, at, past)] == [6, 6, 6]
    assert "--limit" not in whole.stderr + at.stderr
    assert "note: --limit 7 is more than the 6 targets; playing 6" in past.stderr
    assert played[0] == bench.likeliest(Settings(5).allowed(), 7)[:6]  # the first of a larger one


def test_bench_with_answers_plays_that_list_in_its_order(played, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("slate\ncrane\nzesty\nabbey\n")
    result = invoke("bench", "--answers", str(answers), "--limit", "3", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert played == [["slate", "crane", "zesty"]]


@pytest.mark.parametrize("accepted_count", [2, 1, 0])
def test_bench_says_when_accepted_takes_too_few_of_the_guesses(tmp_path, nyt, accepted_count):
    # 20 guesses the solver may suggest: 2 accepted is exactly the 10% share (played without
    # a word), 1 is under it (a warning, then played), none is refused before any game
    words = (nyt / "answers.txt").read_text().split()[:20]
    (tmp_path / "words.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "accepted.txt").write_text("\n".join(words[:accepted_count] + ["zzzzz"]) + "\n")
    (tmp_path / "targets.txt").write_text(words[0] + "\n")
    args = ["bench", "--words", str(tmp_path / "words.txt"), "--workers", "1"]
    args += [
        "--accepted",
        str(tmp_path / "accepted.txt"),
        "--targets",
        str(tmp_path / "targets.txt"),
    ]
    result = run_in_process(*args)
    assert bench.MIN_ACCEPTED_SHARE == 0.10 and accepted_count / len(words) in (0.1, 0.05, 0)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    if accepted_count == 0:
        error = one_line_error(result)
        assert error.endswith(
            "has none of the 20 guesses the solver may suggest: every suggestion would be refused"
        )
        assert result.stdout == ""
        return
    assert result.returncode == 0 and result.stdout.startswith("games 1 "), result.stderr
    if accepted_count == 2:
        assert warnings == []
    else:
        assert warnings == [
            f"warning: --accepted {tmp_path / 'accepted.txt'} has only 1 of the 20 guesses the "
            "solver may suggest (5.0%, under 10%): most suggestions will be refused (each "
            "refusal a new choice, up to 200 a game), and the bench may take hours"
        ]
