"""`lenwordle review`: each turn's figures against values computed by hand on eight words."""

import json
import math

import pytest
from helpers import ROOT, invoke, one_line_error, wordlist

from lenwordle.patterns import reply_for
from lenwordle.review import review, summary, turns_against
from lenwordle.state import GameState
from lenwordle.strategies import make

EIGHT = ["crane", "crate", "grate", "slate", "plate", "blame", "flame", "frame"]

# CRANE's replies against the eight (uniform weights, 1/8 each):
#   crane ggggg | crate ggg.g | grate, frame .gg.g | slate, plate, blame, flame ..g.g
# parts of 1, 1, 2 and 4 words: expected words left (1 + 1 + 2*2 + 4*4) / 8 = 22/8 = 2.75.
# CRATE's: crate ggggg | crane ggg.g | grate .gggg | frame .gg.g | slate, plate ..ggg |
# blame, flame ..g.g: parts 1, 1, 1, 1, 2, 2: (4 + 4 + 4) / 8 = 1.5 words left.
# After CRANE ..g.g, {slate, plate, blame, flame}; FLAME's replies: flame ggggg |
# blame .gggg | slate, plate .gg.g: (1 + 1 + 4) / 4 = 1.5 words left.
# Expected guesses with the rollouts (8 candidates: expected-guesses rolls out), a guess
# counting 1, two words left 1 + 1/2 = 1.5 (guess one, then the other if needed):
#   FLAME among the four: 1 + 1/4 * 1 (BLAME) + 2/4 * 1.5 = 2.0 (BLAME alike: 2.0);
#   CRANE: 1 + 1/8 * 1 (CRATE) + 2/8 * 1.5 + 4/8 * 2.0 (the four, then BLAME) = 2.5;
#   CRATE: 1 + 3/8 * 1 + 4/8 * 1.5 = 2.125, the best.
# Luck, in bits: log2(1 / P(reply)) less the entropy of the guess's replies.
#   CRANE ..g.g (P = 4/8): 1 bit; entropy 2 x 1/8 x 3 + 2/8 x 2 + 4/8 x 1 = 1.75; luck -0.75
#   FLAME ggggg (P = 1/4): 2 bits; entropy 1/4 x 2 + 1/4 x 2 + 2/4 x 1 = 1.5; luck +0.5


def eight(hard: bool = False) -> GameState:
    """Return the opening state of a game on the eight words, uniform."""
    return GameState.new(wordlist(EIGHT), uniform=True, hard=hard)


def test_the_figures_of_each_turn_are_those_computed_by_hand():
    crane, flame = review(eight(), make(), turns_against("flame", ["crane", "flame"]))
    assert (crane.guess, crane.reply, crane.possible_before, crane.possible_after) == (
        "crane",
        "..g.g",
        8,
        4,
    )
    assert crane.expected_left == pytest.approx(2.75)
    assert crane.expected_guesses == pytest.approx(2.5)
    assert crane.best_guess == "crate"
    assert crane.best_expected_left == pytest.approx(1.5)
    assert crane.best_expected_guesses == pytest.approx(2.125)
    assert crane.luck == pytest.approx(-0.75)
    assert not crane.matched_best and crane.could_be_answer and not crane.solved
    assert (flame.possible_before, flame.possible_after, flame.solved) == (4, 1, True)
    assert flame.expected_left == pytest.approx(1.5)
    assert flame.expected_guesses == pytest.approx(2.0)
    assert flame.luck == pytest.approx(0.5)
    # BLAME is the solver's pick (as good, and first alphabetically): FLAME matches it
    assert flame.best_guess == "blame" and flame.best_expected_guesses == pytest.approx(2.0)
    assert flame.matched_best
    assert summary([crane, flame]) == {
        "guesses": 2,
        "solved": True,
        "luck": pytest.approx(-0.25),
        "matched_best": 1,
    }


def test_a_strategy_without_rollouts_is_judged_by_the_expected_guesses_metric():
    (crane,) = review(eight(), make("entropy"), [("crane", "..g.g")])

    def needed(n):  # the metric's guesses for a part of n words
        return 1 + 0.8 * math.sqrt(math.log(n))

    # 1 for CRANE, then for each part but the solved one: P(part) x guesses for its words
    assert crane.expected_guesses == pytest.approx(
        1 + 1 / 8 * needed(1) + 2 / 8 * needed(2) + 4 / 8 * needed(4)
    )
    assert crane.expected_left == pytest.approx(2.75)


def test_hard_mode_flags_a_guess_that_breaks_it_and_judges_it_all_the_same():
    turns = turns_against("flame", ["crane", "blame", "frame", "flame"])
    crane, blame, frame, flame = review(eight(hard=True), make(), turns)
    assert blame.reply == ".gggg" and blame.possible_after == 1
    assert blame.hard_mode_problem == "" and frame.hard_mode_problem == "letter 2 must be L"
    # FLAME alone is left: FRAME (not it) tells nothing, so 1 + FLAME's 1 = 2 guesses;
    # its one reply is certain: no information, none expected, luck 0
    assert (frame.possible_before, frame.possible_after, frame.could_be_answer) == (1, 1, False)
    assert frame.expected_left == pytest.approx(1.0) and frame.luck == pytest.approx(0.0)
    assert frame.expected_guesses == pytest.approx(2.0)
    assert (frame.best_guess, frame.best_expected_guesses) == ("flame", pytest.approx(1.0))
    assert flame.solved and flame.matched_best and flame.hard_mode_problem == ""


def test_turns_with_their_replies_review_as_the_answer_does():
    by_answer = review(eight(), make(), turns_against("flame", ["crane", "flame"]))
    by_replies = review(eight(), make(), [("crane", "00202"), ("flame", "🟩🟩🟩🟩🟩")])
    assert [t.as_dict() for t in by_replies] == [t.as_dict() for t in by_answer]


def test_an_answer_outside_the_words_leaves_no_figures():
    turns = turns_against("plank", ["crane", "slate"])  # CRANE ..y.. matches none of them
    crane, slate = review(eight(), make(), turns)
    assert (crane.possible_after, crane.luck) == (0, None)
    assert crane.expected_left is not None
    assert (slate.possible_before, slate.expected_left, slate.best_guess) == (0, None, None)


@pytest.fixture
def eight_words(tmp_path):
    """Return the options giving the eight words as the dictionary, uniform."""
    path = tmp_path / "eight.txt"
    path.write_text("\n".join(EIGHT) + "\n")
    return ["--words", str(path), "--uniform"]


def test_the_command_prints_a_block_per_turn_and_a_summary(eight_words):
    result = invoke("review", "flame", "crane", "flame", *eight_words)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "1. CRANE ⬛⬛🟩⬛🟩  8 -> 4 words  luck -0.75 bits",
        "   yours: 2.8 left, 2.50 guesses | best CRATE: 1.5 left, 2.12 guesses",
        "2. FLAME 🟩🟩🟩🟩🟩  4 -> 1 word  luck +0.50 bits  [solved]",
        "   yours: 1.5 left, 2.00 guesses | best BLAME: 1.5 left, 2.00 guesses",
        "Solved in 2 guesses | luck -0.25 bits in all | 1 of 2 as good as the best",
    ]


def test_the_json_has_the_answer_each_turn_and_the_summary(eight_words):
    result = invoke("review", "crane=..g.g", "flame=ggggg", "--json", *eight_words)
    game = json.loads(result.stdout)
    assert game["answer"] is None and len(game["turns"]) == 2
    first = game["turns"][0]
    assert set(first) == {
        "guess",
        "reply",
        "possible_before",
        "possible_after",
        "expected_left",
        "expected_guesses",
        "best_guess",
        "best_expected_left",
        "best_expected_guesses",
        "luck",
        "hard_mode_problem",
        "could_be_answer",
        "solved",
        "matched_best",
    }
    assert (first["best_guess"], first["expected_left"]) == ("crate", 2.75)
    assert game["summary"]["solved"] and game["summary"]["guesses"] == 2


def test_hard_mode_shows_the_broken_rule(eight_words):
    result = invoke("review", "flame", "crane", "blame", "frame", "flame", "--hard", *eight_words)
    assert "3. FRAME 🟩⬛🟩🟩🟩  1 -> 1 word  luck +0.00 bits  [breaks hard mode: letter 2 " in (
        result.stdout
    )
    assert "must be L; could not be the answer]" in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["flame", "cranes"], "'cranes' has 6 letters, 'flame' has 5"),
        (["crane=..g.g", "slate=..g"], "feedback has 3 marks, the word has 5 letters"),
        (["crane=..g.x"], "unknown feedback character 'x'"),
        (["crane=ggggg", "slate=ggggg"], "guess 2, SLATE, comes after the game was solved"),
        (["crane=..g.g", "crane=g...."], "no word can give g.... for CRANE"),
        (["flame", "crane=..g.g"], "not both"),
        (["flame"], "give the answer, then the guesses played"),
        (["cr4ne", "crane"], "'cr4ne' is not a word of letters a-z"),
    ],
)
def test_bad_games_give_one_line(eight_words, args, message):
    assert message in one_line_error(invoke("review", *args, *eight_words))


def test_a_game_on_the_standard_lists_end_to_end(nyt):
    lists = ["--words", str(nyt / "guesses.txt"), "--answers", str(nyt / "answers.txt")]
    result = invoke("review", "crane", "salet", "brick", "crane", *lists)
    assert result.returncode == 0, result.stderr
    answers = (nyt / "answers.txt").read_text().split()
    after_salet = [w for w in answers if reply_for("salet", w) == reply_for("salet", "crane")]
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"1. SALET ⬛🟨⬛🟨⬛  2315 -> {len(after_salet)} words  luck ")
    assert lines[0].endswith("[could not be the answer]")  # not one of the answers
    assert lines[2].startswith(f"2. BRICK ⬛🟩⬛🟨⬛  {len(after_salet)} -> ")
    assert lines[4].startswith("3. CRANE 🟩🟩🟩🟩🟩  ") and lines[4].endswith("[solved]")
    assert lines[-1].startswith("Solved in 3 guesses | luck ")
    assert "\x1b[" not in result.stdout  # not a terminal: no colour


def test_the_first_best_guess_is_the_stored_opener_and_a_terminal_gets_colour(terminal):
    opener = json.loads((ROOT / "starters" / "05.json").read_text())["openers"][0]["word"]
    game = terminal("review", "flame", "crane", "flame")
    shown = game.rest()
    assert game.wait() == 0
    assert f"best {opener.upper()}:" in shown
    assert "\x1b[1;97;42m F \x1b[0m" in shown  # a green F tile


def test_no_color_turns_the_colour_off(terminal):
    game = terminal("review", "flame", "flame", env={"NO_COLOR": "1"})
    shown = game.rest()
    assert "FLAME 🟩🟩🟩🟩🟩" in shown and "\x1b[" not in shown
