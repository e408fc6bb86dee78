"""`lenwordle prove` on the command line: its table and verdict printed, its bad input one
line (the library's proof: test_prove.py)."""

import pytest
from helpers import one_line_error, run_in_process
from test_prove import WORDS, lists, opener_truth


def test_prove_on_the_command_line_and_its_bad_input(tmp_path):
    settings = lists(tmp_path)
    args = ["--words", str(settings["words"]), "--answers", str(settings["answers"])]
    result = run_in_process("prove", *args, "--top", "2", "--results", str(tmp_path / "p.txt"))
    assert result.returncode == 0, result.stderr
    truth = {word: opener_truth(word, False) for word in WORDS}
    best = sorted(w.upper() for w, t in truth.items() if t == min(truth.values()))
    assert len(best) == 2  # these lists' best two tie: neither is said to be the best
    said = f"{', '.join(best)} share the best total {min(truth.values())}: proven over all 22"
    assert said in result.stdout.splitlines()
    for bad, said in [
        (["--shard", "2"], "--shard"),
        (["--shard", "0/1"], "--shard"),
        (["--shard", "1/²"], "--shard"),  # (a digit to str.isdigit, not to int)
        (["--shard", f"1/{'9' * 5000}"], "--shard"),  # (past int()'s 4300 digits)
        (["--shard", f"1/{'9' * 10}"], "--shard"),  # one past SHARD_DIGITS
        (["--top", "0"], "--top"),
        (["--merge", str(tmp_path / "none.txt")], "--merge"),
    ]:
        result = run_in_process("prove", *args, *bad, "--results", str(tmp_path / "q.txt"))
        assert said in one_line_error(result)


@pytest.mark.parametrize("second", [20, 21])
def test_first_guesses_tied_at_the_best_are_said_to_share_it(second):
    from pathlib import Path

    from lenwordle.api.proofs import Proof
    from lenwordle.cli.prove_run import proof_lines

    table = (("mesa", 20), ("cama", second), ("casa", 21))
    made = Proof(Path("p.txt"), 21, table, (1, 1), 17, 17, 17, 17, 0.0)
    last = proof_lines(made)[-1]
    if second == 20:
        assert last == "MESA, CAMA share the best total 20: proven over all 17"
    else:
        assert last == "MESA 20 is the best first guess: proven over all 17"
