"""The edges of the limits: exactly at each one, and one past it.

Each test here was written against a one-line change that the rest of the suite let pass
(a comparison turned round, a limit moved by one): it fails on that change.
"""

import pytest
from helpers import one_line_error, run_in_process, wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import MAX_BOARDS, Rules
from lenwordle.engine.state import GameState
from lenwordle.search.besttree import best_tree
from lenwordle.store.treefiles import tree_problem
from lenwordle.strategies import joint
from lenwordle.strategies.registry import make
from lenwordle.words import wordfile
from lenwordle.words.wordlist import WordListError, read_words

# -- word files: lines of at most MAX_LINE_BYTES bytes ---------------------------------------


@pytest.mark.parametrize("newline", [b"\n", b""])  # the last line, ended or not
def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(tmp_path, newline):
    limit = wordfile.MAX_LINE_BYTES
    path = tmp_path / "w.txt"
    path.write_bytes(b"slate\n" + b"crane".ljust(limit) + newline)  # spaces around are dropped
    assert read_words(path, 5).strings == ["crane", "slate"]
    path.write_bytes(b"slate\n" + b"crane".ljust(limit + 1) + newline)
    with pytest.raises(WordListError, match=f"{path}:2: a line of more than {limit} bytes"):
        read_words(path, 5)


def test_a_line_across_two_reads_of_exactly_the_limit_is_read_one_byte_more_refused(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 4096)  # the file is read 4096 bytes at a time
    limit = wordfile.MAX_LINE_BYTES
    path = tmp_path / "w.txt"
    # the first two reads (8192 bytes) end inside line 1324, which the third read ends
    head = b"slate\n" * 1322 + b"abc\n"  # 7936 bytes: 256 of the long line in two reads
    path.write_bytes(head + b"crane".ljust(limit) + b"\nmoist\n")
    assert read_words(path, 5).strings == ["crane", "moist", "slate"]
    head = b"slate\n" * 1322 + b"ab\n"  # 7935 bytes: 257 of it
    path.write_bytes(head + b"crane".ljust(limit + 1) + b"\nmoist\n")
    with pytest.raises(WordListError, match=f"{path}:1324: a line of more than {limit} bytes"):
        read_words(path, 5)


# -- the game state: refused words stay refused when the candidates widen --------------------


def test_widening_never_brings_back_a_word_the_game_refused():
    words = ["crane", "slate", "moist", "tulip"]
    start = GameState.new(wordlist(words), uniform=True)
    only = start.after("tulip", reply_for("tulip", "moist"))
    assert only.candidate_words() == ["moist"]
    refused = only.refuse("moist")  # the one word that fits, refused: nothing left
    assert len(refused.candidate_rows) == 0
    everything = wordlist([*words, "foist", "hoist"])  # moist fits too, but was refused
    assert refused.widen(everything).candidate_words() == ["foist", "hoist"]


# -- several boards: with no guess to spare, the likeliest word to solve a board -------------


def test_with_exactly_no_guess_to_spare_the_likeliest_to_solve_a_board_is_played():
    words = ["crane", "crate", "crave", "graze", "moist", "hoist", "foist"]
    levels = [35, 60, 70, 80, 35, 60, 70]  # the prior makes crane and moist the likeliest
    state = GameState.new(wordlist(words, levels=levels, zipf=[3.0] * 7))
    boards = Boards.new(state, Rules(5, boards=2, max_guesses=3))
    boards = boards.after("lucky", [reply_for("lucky", "crane"), reply_for("lucky", "moist")])
    spare = boards.rules.limit - len(boards.history) - len(boards.open_boards())
    assert spare == 0  # two guesses left for two boards
    chances = {}  # each word's summed chance of being a board's answer, by hand
    for board in boards.open_states():
        rows = board.candidate_rows
        for word, weight in zip(board.answers.words_at(rows), board.weights[rows]):
            chances[word] = chances.get(word, 0.0) + weight / board.weights[rows].sum()
    likeliest = max(chances, key=chances.get)
    assert make().choose_boards(boards) == likeliest


# -- the tree search and tree files: paths of at most the rules' limit -----------------------

IGHT = "bight fight light might night right".split()


def test_no_tree_is_proven_with_a_path_past_the_limit():
    words = [*IGHT, "flesh"]
    # six _IGHT words and FLESH, which leaves BIGHT MIGHT NIGHT RIGHT together: no guess
    # among these words splits them, so one of them takes FLESH and four more guesses;
    # within 4 there is no tree, and a tree with a path one past the limit is none
    state = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=4))
    with pytest.raises(ValueError, match="within 4 guesses"):
        best_tree(state, ["flesh"], width=None)
    at = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=5))
    tree = best_tree(at, ["flesh"], width=None).tree
    assert max(len(path) for path in tree.paths().values()) == 5
    wide = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=7))
    result = best_tree(wide, ["flesh"], width=None)
    depth = max(len(path) for path in result.tree.paths().values())
    assert result.complete and depth <= 7 and tree_problem(result.tree, wide) == ""


def test_a_tree_whose_longest_path_is_the_limit_is_valid_and_one_less_is_not():
    words = [*IGHT, "flesh"]
    loose = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=9))
    tree = best_tree(loose, ["flesh"], width=None).tree
    depth = max(len(path) for path in tree.paths().values())
    at = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=depth))
    assert tree_problem(tree, at) == ""
    below = GameState.new(wordlist(words), uniform=True, rules=Rules(5, max_guesses=depth - 1))
    assert f"needs {depth} guesses" in tree_problem(tree, below)


# -- several boards: at most MAX_BOARDS, and no more than the possible answers ---------------


def test_boards_up_to_the_limit_and_one_past_it():
    assert Rules(boards=MAX_BOARDS).limit == MAX_BOARDS + 5
    with pytest.raises(ValueError, match=f"at most {MAX_BOARDS}"):
        Rules(boards=MAX_BOARDS + 1)


def test_a_huge_boards_count_is_one_line_before_any_work():
    result = run_in_process("play", "--boards", "99999999999999999999999", input_text="")
    assert "--boards must be at most" in one_line_error(result)


def test_as_many_boards_as_possible_answers_and_one_more(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("crane\nslate\n")
    assert Settings(words=words, boards=2).opening().state is not None
    with pytest.raises(WordListError, match="--boards 3 needs as many different answers"):
        Settings(words=words, boards=3).opening()
    assert "needs as many" in one_line_error(
        run_in_process("play", "--words", str(words), "--boards", "3", input_text="")
    )


def test_with_exactly_no_guess_to_spare_only_words_that_could_solve_a_board_are_weighed(
    monkeypatch,
):
    answers = ["crane", "slate", "moist", "lucky", "vivid", "pound"]
    guesses = [*answers, "fjord", "gawky", "bumph", "chomp", "nymph", "pygmy"]
    state = GameState.new(wordlist(guesses), wordlist(answers), uniform=True)
    weighed = []
    original = joint._per_board

    def spy(codes, live, metric):
        weighed.extend("".join(chr(97 + int(c)) for c in row) for row in codes)
        return original(codes, live, metric)

    monkeypatch.setattr(joint, "_per_board", spy)
    for limit in (2, 3):  # two boards: no guess to spare, then one
        weighed.clear()
        make().choose_boards(Boards.new(state, Rules(5, boards=2, max_guesses=limit)))
        if limit == 2:
            assert weighed and set(weighed) <= set(answers)
        else:  # with a guess to spare, the others are weighed too
            assert set(weighed) - set(answers)
