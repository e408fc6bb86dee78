"""The word lists of the proofs at 4 and 6 letters, made from the bundled dictionary (SCOWL
levels, wordlists/NN.tsv; SCOWL's notice: wordlists/SCOWL-COPYRIGHT): the answers, SCOWL's
common words as a daily game draws them (level at most ANSWER_LEVEL, neither a name nor a
derived form: base forms, as the NYT's answers are), and the guesses, the bundled common
pool (level at most GUESS_LEVEL, 99.6 % of them accepted by the NYT game at 5 letters) with
the answers. Written to proofs/lists/K-answers.txt and K-guesses.txt.
Run: python proofs/make_lists.py
"""

from pathlib import Path

from lenwordle.words.wordlist import bundled

# SCOWL's common words (size 35): at 5 letters this rule gives 2 042 words, 91 % of them NYT
# answers, and 83 % of the NYT's 2 315 answers are of level <= 35
ANSWER_LEVEL = 35
GUESS_LEVEL = 60  # the bundled lists' common pool (docs/word-lists.md)
NAME, DERIVED = 1, 2  # the marks of wordlists/NN.tsv
HERE = Path(__file__).resolve().parent / "lists"


def lists(k: int) -> tuple[list[str], list[str]]:
    """Return the answers and the guesses of length k."""
    words = bundled(k)
    levels, marks = words.level_array(), words.mark_array()
    answers = [
        w
        for w, level, mark in zip(words.strings, levels, marks)
        if level <= ANSWER_LEVEL and not mark & (NAME | DERIVED)
    ]
    guesses = sorted(
        set(answers) | {w for w, level in zip(words.strings, levels) if level <= GUESS_LEVEL}
    )
    return answers, guesses


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for k in (4, 6):
        answers, guesses = lists(k)
        (HERE / f"{k}-answers.txt").write_text("\n".join(answers) + "\n")
        (HERE / f"{k}-guesses.txt").write_text("\n".join(guesses) + "\n")
        print(f"{k} letters: {len(answers)} answers, {len(guesses)} guesses")


if __name__ == "__main__":
    main()
