"""Several boards at once and the Absurdle host, from the library and from the command line
(the interactive game typed at line by line, helpers.Typist)."""

import json
import re

import numpy as np
import pytest
from helpers import NYT, run_in_process, terminal, wordlist

import lenwordle
from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.position import Target
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, ImpossibleFeedback
from lenwordle.games import bench
from lenwordle.games.play import play_game
from lenwordle.games.referees import HiddenAnswers
from lenwordle.games.session import Session
from lenwordle.search.adversary import host_reply
from lenwordle.strategies.joint import turns_left
from lenwordle.strategies.registry import STRATEGIES, make
from lenwordle.words.wordlist import read_words

SUGGESTION = re.compile(r"> ([A-Z]+) \(([^)]*)\)")
SMALL = "crane slate moist lucky vivid pound fuzzy table chair brown grate trace crate react"
SMALL = (SMALL + " caret night light might").split()
STANDARD = ["--words", f"{NYT}/guesses.txt", "--answers", f"{NYT}/answers.txt"]


def boards_of(words, n, **rules) -> Boards:
    """Return the start of an n-board game where every word may be guessed and be an answer."""
    state = GameState.new(wordlist(words), uniform=True)
    return Boards.new(state, Rules(5, boards=n, **rules))


def test_rules_limit_is_boards_plus_five_unless_given():
    assert [Rules(boards=n).limit for n in (1, 2, 4, 8, 16, 32)] == [6, 7, 9, 13, 21, 37]
    assert Rules(boards=4, max_guesses=12).limit == 12
    with pytest.raises(ValueError):
        Rules(boards=4, max_guesses=3)  # fewer guesses than boards
    with pytest.raises(ValueError, match="--hard is for one board"):
        Rules(boards=2, hard=True)  # one guess could not fit every board's hints for long


def test_a_guess_is_played_on_every_open_board_and_a_solved_board_drops_out():
    start = boards_of(SMALL, 3)
    after = start.after("crane", ["ggggg", reply_for("crane", "moist"), "....."])
    assert after.open_boards() == [1, 2] and after.counts()[0] is None
    assert after.history[-1] == ("crane", ("ggggg", reply_for("crane", "moist"), "....."))
    with pytest.raises(ValueError, match="expected 2 replies"):
        after.after("moist", ["ggggg"])
    with pytest.raises(ImpossibleFeedback, match="board 3"):
        after.after("crane", [".....", "....y"])  # board 3 saw CRANE all grey already
    refused = after.refuse("moist")
    assert "moist" not in refused.states[1].candidate_words()
    assert refused.counts()[1] == after.counts()[1] - 1


@pytest.mark.parametrize("name", [n for n in STRATEGIES if n != "worst-case"])
def test_every_strategy_through_the_registry_solves_one_board_and_several(name):
    strategy = make(name)
    for answers in (("lucky",), ("crane", "moist", "vivid")):
        boards = boards_of(SMALL, len(answers))
        game = play_game(strategy, boards, HiddenAnswers(Target(answers)))
        again = play_game(make(name), boards, HiddenAnswers(Target(answers)))
        assert game.solved and game.turns == again.turns  # deterministic
        solved_on = {}
        for turn, (word, replies) in enumerate(game.turns):
            open_ = [i for i in range(len(answers)) if i not in solved_on]
            assert [r for r in replies if r is not None] == [
                reply_for(word, answers[i]) for i in open_
            ]
            for i in open_:
                if word == answers[i]:
                    solved_on[i] = turn
        assert sorted(solved_on) == list(range(len(answers)))


def test_worst_case_through_the_registry_plays_one_board_only():
    strategy = make("worst-case")
    game = play_game(strategy, boards_of(SMALL, 1), HiddenAnswers(Target(("might",))))
    assert game.solved
    with pytest.raises(ValueError, match="one board"):
        strategy.choose_boards(boards_of(SMALL, 2))


def test_a_board_with_one_word_left_is_played_even_outside_the_guess_pool():
    state = GameState.new(wordlist(SMALL), uniform=True)
    pool_without_fuzzy = state.allowed.mask_of(["fuzzy"]) == False  # noqa: E712
    boards = Boards.new(
        GameState.new(wordlist(SMALL), uniform=True, suggest=pool_without_fuzzy),
        Rules(5, boards=2),
    )
    boards = boards.after("lucky", [reply_for("lucky", "fuzzy"), reply_for("lucky", "night")])
    assert boards.counts()[0] == 1  # FUZZY alone fits board 1
    assert make().choose_boards(boards) == "fuzzy"


def test_turns_left_prefers_the_word_that_may_solve_a_board_at_equal_information():
    # board 1 has {A, B} left, board 2 four words. A itself (the first column) solves board 1
    # half the time and leaves B otherwise; Z (the second) tells A from B but solves nothing.
    # Both split board 2 into single words. Expected guesses, this one included:
    expected = np.array([[1.5, 2.0], [2.0, 2.0]])  # boards x words
    hits = np.array([[0.5, 0.0], [0.0, 0.0]])
    value = turns_left(expected, hits)
    assert value[0] == pytest.approx(1.5) and value[1] == pytest.approx(2.0)
    # information a board still needs counts: the most of one board, and a quarter of all
    more = turns_left(np.array([[3.0], [2.0]]), np.zeros((2, 1)))
    assert more[0] == pytest.approx(2 + 1 + 0.25 * 1)


def test_with_no_guess_to_spare_only_words_that_could_solve_a_board_are_played():
    boards = boards_of(SMALL, 2, max_guesses=3)
    boards = boards.after("pound", [reply_for("pound", "crane"), reply_for("pound", "light")])
    # two boards open, two guesses left: each guess must be able to solve a board
    choice = make().choose_boards(boards)
    assert any(choice in s.candidate_words() for s in boards.open_states())


def test_bench_draws_distinct_targets_per_game_with_the_seed():
    words = [f"w{i}" for i in range(50)]
    games = bench.draw(words, 4, 30, seed=7)
    assert games == bench.draw(words, 4, 30, seed=7) != bench.draw(words, 4, 30, seed=8)
    assert all(len(set(g.answers)) == 4 and set(g.answers) <= set(words) for g in games)
    one = bench.draw(words, 1, 30, seed=7)
    assert one == [Target((w,)) for w in words]  # one board: every target, in order


def test_a_game_drawn_twice_is_drawn_again_up_to_every_different_game():
    words = ["crane", "moist", "vivid"]  # 3 x 2 = 6 different games of two boards
    assert bench.distinct_games(words, 2) == 6 and bench.distinct_games(words, 3) == 6
    games = bench.draw(words, 2, 5, seed=0)
    assert len(games) == len({g.answers for g in games}) == 5  # (seed 0 draws one twice)
    every = bench.draw(words, 2, 6, seed=0)  # exactly every game
    assert sorted(g.answers for g in every) == sorted(
        (a, b) for a in words for b in words if a != b
    )
    assert bench.draw(words, 2, 7, seed=0) == every  # one past: no more than there are
    told = []
    result = lenwordle.bench(words, boards=2, games=7, told=told.append)
    assert result.games == 6 and [n.kind for n in told] == ["note"]
    assert str(told[0]) == "games 7 is more than the 6 different games of the targets; playing 6"


def test_bench_several_boards_counts_failures_past_the_limit():
    boards = boards_of(SMALL, 3)
    games = bench.draw(SMALL, 3, 12, seed=1)
    result = bench.run(make(), boards, games)
    assert result.games == 12 and result.limit == 8
    assert result.failed == sorted(g for g, n in result.guesses.items() if n > 8 or n == 0)
    tight = bench.run(make(), boards_of(SMALL, 3, max_guesses=3), games)
    assert tight.limit == 3 and len(tight.failed) > 0  # 3 guesses rarely solve 3 boards


# The command line.


def test_solve_several_boards_json(nyt):
    words = ["crane", "moist", "lucky", "vivid"]
    proc = run_in_process("solve", "--boards", "4", *words, *STANDARD, "--json")
    assert proc.returncode == 0, proc.stderr
    game = json.loads(proc.stdout)
    assert game["answers"] == words and game["solved"] is True
    assert len(game["guesses"]) <= 9
    done = set()
    for turn in game["guesses"]:
        assert turn["feedback"] == [
            None if i in done else reply_for(turn["word"], w) for i, w in enumerate(words)
        ]
        done |= {i for i, w in enumerate(words) if w == turn["word"]}
    assert done == {0, 1, 2, 3}


def test_solve_text_and_its_errors():
    proc = run_in_process("solve", "crane", "moist", "--words", str(NYT / "guesses.txt"))
    if not NYT.is_dir():
        pytest.skip("needs the standard lists")
    assert proc.returncode == 0 and "Solved all 2 boards in" in proc.stdout
    for args, message in [
        (["--boards", "3", "crane", "moist"], "--boards 3 needs 3 answers, not 2"),
        (["crane", "crane"], "a word is given twice"),
        (["crane", "moister"], "has 7 letters"),
        ([], "give the answer"),
        (["--absurdle", "crane"], "--absurdle has no answer to give"),
        (["--absurdle", "--boards", "2"], "--absurdle is played on one board"),
        (["--boards", "0", "crane"], "--boards must be at least 1, not 0"),
    ]:
        proc = run_in_process("solve", *args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr


def test_solve_absurdle_wins_in_at_most_five_and_every_reply_is_the_hosts(nyt):
    proc = run_in_process("solve", "--absurdle", *STANDARD, "--json")
    assert proc.returncode == 0, proc.stderr
    game = json.loads(proc.stdout)
    assert game["solved"] and len(game["guesses"]) <= 5
    state = GameState.new(
        read_words(nyt / "guesses.txt", 5), read_words(nyt / "answers.txt", 5), uniform=True
    )
    for turn in game["guesses"]:
        assert turn["feedback"] == host_reply(state, turn["word"])
        state = state.after(turn["word"], turn["feedback"])
    assert game["answer"] == game["guesses"][-1]["word"]


def test_bench_several_boards_and_absurdle_from_the_command_line(nyt):
    proc = run_in_process(
        "bench", "--boards", "4", "--games", "6", "--seed", "2", *STANDARD, "--json"
    )
    figures = json.loads(proc.stdout)
    assert figures["games"] == 6 and figures["failures"] == 0 and figures["max"] <= 9
    proc = run_in_process("bench", "--absurdle", *STANDARD, "--json")
    figures = json.loads(proc.stdout)
    assert figures["games"] == 1 and figures["max"] <= 5


def suggestion(text: str) -> tuple[str, list[str]]:
    """Return the last suggested word of what play printed, and its counts per board."""
    word, counts = SUGGESTION.findall(text)[-1]
    return word.lower(), [c.strip() for c in counts.split("|")]


def test_play_four_boards_to_the_end_through_the_terminal(nyt):
    answers = ["crane", "moist", "lucky", "vivid"]

    def player():
        solved: set[int] = set()
        word, counts = suggestion((yield))
        assert len(counts) == 4
        text = yield ""  # the game refused the word: the next best, the same counts
        second, again = suggestion(text)
        assert second != word and again == counts
        text = yield "crane ....."  # one reply for four open boards
        assert "expected 4 replies" in text
        text = yield f"moist {' '.join(reply_for('moist', a) for a in answers)}"  # WORD REPLIES
        word, counts = suggestion(text)
        solved.add(1)
        assert counts[1] == "solved" and len(counts) == 4
        listing = yield "list"
        assert "board 1:" in listing and "board 4:" in listing and "board 2:" not in listing
        assert "took back the feedback for MOIST" in (yield "undo")
        word, counts = suggestion(
            (yield f"moist {' '.join(reply_for('moist', a) for a in answers)}")
        )
        for _ in range(8):
            open_ = [i for i in range(4) if i not in solved]
            text = yield " ".join(reply_for(word, answers[i]) for i in open_)
            solved |= {i for i in open_ if answers[i] == word}
            if len(solved) == 4:
                break
            word, counts = suggestion(text)
            assert [c == "solved" for c in counts] == [i in solved for i in range(4)]
        assert re.search(r"Solved all 4 boards in \d guesses\.", text)

    result = run_in_process("play", "--boards", "4", *STANDARD, input_text=player())
    assert result.returncode == 0


def test_play_running_out_of_guesses_says_so_and_exits_1(nyt):
    answers = ["fuzzy", "vivid"]

    def player():
        text = yield
        for _ in range(2):
            word, _ = suggestion(text)
            assert word not in answers
            text = yield " ".join(reply_for(word, a) for a in answers)
        assert "Out of guesses: 2 of 2 boards not solved in 2 guesses." in text

    args = ["play", "--boards", "2", "--max-guesses", "2", *STANDARD]
    assert run_in_process(*args, input_text=player()).returncode == 1


def test_play_absurdle_suggests_the_plan_through_the_terminal(nyt):
    state = GameState.new(
        read_words(nyt / "guesses.txt", 5), read_words(nyt / "answers.txt", 5), uniform=True
    )

    def player(state):
        text = yield
        for turn in range(1, 6):  # noqa: B007 (the last turn is checked below)
            word = SUGGESTION.findall(text)[-1][0].lower()
            reply = host_reply(state, word)
            state = state.after(word, reply)
            text = yield reply
            if reply == "ggggg":
                break
        assert f"Solved in {turn} guesses." in text and turn <= 5

    assert (
        run_in_process("play", "--absurdle", *STANDARD, input_text=player(state)).returncode == 0
    )


def test_the_joint_choice_beats_one_board_after_another_on_quordle(nyt):
    """A sample of docs/benchmarks.md's comparison (benchmarks/boards.py has the full one)."""
    state = GameState.new(
        read_words(nyt / "guesses.txt", 5), read_words(nyt / "answers.txt", 5), uniform=True
    )
    boards = Boards.new(state, Rules(5, boards=4))
    games = bench.draw(sorted(state.answers.strings), 4, 40, seed=11)
    joint = bench.run(make(), boards, games)
    one_by_one = bench.run(make("one-by-one"), boards, games)
    assert joint.failed == [] and one_by_one.failed == []
    assert joint.mean < one_by_one.mean - 0.3


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hard", "--boards", "2"], "--hard is for one board"),
        (
            ["--strategy", "worst-case", "--boards", "2"],
            "--strategy worst-case plays one board, not --boards 2",
        ),
        (["--boards", "0"], "--boards must be at least 1, not 0"),
        (["--boards", "3", "--max-guesses", "2"], "--max-guesses must be at least 3, not 2"),
    ],
)
def test_settings_the_boards_cannot_take_are_one_line_in_every_command(args, message):
    boards = int(args[args.index("--boards") + 1])
    for command in (["play"], ["bench"], ["solve", *SMALL[: max(boards, 1)]]):
        proc = run_in_process(*command, *args, input_text="")
        assert proc.returncode == 2, (command, args, proc.stderr)
        assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr


def test_bench_games_and_seed_are_for_several_boards():
    proc = run_in_process("bench", "--games", "3")
    assert (
        proc.returncode == 2 and "--games and --seed draw the games of --boards N" in proc.stderr
    )


def test_a_line_of_too_many_replies_is_refused_not_taken_for_a_word():
    two = Session(make(), boards_of(SMALL, 2))
    before = two.position
    event = two.handle("ggggg ggggg ggggg")
    assert terminal(two, event)[0].startswith("expected 2 replies") and two.position is before
    one = Session(make(), Boards.new(GameState.new(wordlist(SMALL), uniform=True)))
    event = one.handle("ggggg ggggg")
    assert terminal(one, event)[0].startswith("expected one reply")
    assert not one.position.history
    assert one.handle("crate ggggg").ended  # a word of the player's own is still a word


def test_a_limit_given_for_one_board_ends_the_game_there(nyt):
    proc = run_in_process("solve", "--max-guesses", "2", *STANDARD, "crane")
    lines = proc.stdout.splitlines()  # two guesses, not one more
    assert proc.returncode == 1 and len(lines) == 3
    assert lines[-1] == "Out of guesses: CRANE not solved in 2 guesses, the limit."
    session = Session(
        make(), Boards.new(GameState.new(wordlist(SMALL), uniform=True, rules=Rules(5, 1, 2)))
    )
    assert not session.handle(f"crane {reply_for('crane', 'might')}").ended
    event = session.handle(f"slate {reply_for('slate', 'might')}")
    assert event.ended and event.ended.outcome.ending == "out"
    assert terminal(session, event) == ["Out of guesses: the board not solved in 2 guesses."]
    unlimited = Session(make(), Boards.new(GameState.new(wordlist(SMALL), uniform=True)))
    for word in "crane slate pound fuzzy table chair brown".split():  # past six: no limit given
        event = unlimited.handle(f"{word} {reply_for(word, 'might')}")
    assert not event.ended and len(unlimited.position.history) == 7
