"""Practice: lenwordle hosts the game. Its secrets (daily, seeded, never a name), its replies
(the reference scorer's, a variant's rules), its refusals and its limit; a whole game typed
at the command line."""

import datetime
import hashlib
import random
import re

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api.checks import MoveError, SetupError
from lenwordle.api.practice import Refused, practice, secret_pool
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.words.wordlist import UNSUGGESTED

DAY = "2026-11-28"


def pool_of(**settings):
    return secret_pool(Settings(**settings).opening().state)


def test_the_daily_secret_is_the_sha256_draw_of_the_day_game_language_and_length():
    pool = pool_of()
    key = f"lenwordle practice|daily {DAY}|wordle|en|fold|5|0|0"
    index = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % len(pool)
    game = practice(daily=True, date=DAY)
    assert game.answers == (pool[index],) == ("essay",)  # the golden value, recomputed above
    assert practice(date=datetime.date(2026, 11, 28)).answers == game.answers
    assert practice(date="2026-11-29").answers != game.answers
    german = pool_of(lang="de")
    key = f"lenwordle practice|daily {DAY}|wordle|de|{Settings(lang='de').language.default}|5|0|0"
    index = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % len(german)
    assert practice(date=DAY, lang="de").answers == (german[index],) != game.answers


def test_a_seed_replays_its_secret_and_seeds_differ():
    drawn = [practice(seed=seed).answers for seed in range(8)]
    assert drawn == [practice(seed=seed).answers for seed in range(8)]
    assert len(set(drawn)) > 4


@pytest.mark.parametrize("lang, k", [("en", 5), ("es", 5), ("de", 6), ("fr", 7)])
def test_a_secret_is_never_a_name_nor_a_word_outside_the_dictionaries(lang, k):
    state = Settings(k=k, lang=lang).opening().state
    assert (state.answers.mark_array() & UNSUGGESTED).any()  # there are some to leave out
    pool = secret_pool(state)
    marks = state.answers.mark_array()[[state.answers.row(w) for w in pool]]
    assert len(pool) > 500 and not (marks & UNSUGGESTED).any()


def test_the_hosts_replies_are_the_reference_scorers():
    chooser = random.Random(39)
    for seed in range(12):
        game = practice(seed=seed, boards=1 + seed % 3)
        words = sorted(game.accepted)
        for guess in chooser.sample(words, 3):
            row = game.guess(guess)
            wanted = [reply_for(guess, answer) for answer in game.answers]
            assert [r for r in row.replies if r is not None] == [
                w for w, r in zip(wanted, row.replies) if r is not None
            ]
            assert row.replies == tuple(w if r else None for w, r in zip(wanted, row.replies))


def test_fibbles_host_lies_on_one_tile_and_hardles_swaps_its_colours():
    chooser = random.Random(40)
    for seed in range(6):
        fibble = practice(seed=seed, variant="fibble")
        guess = chooser.choice(sorted(fibble.accepted - set(fibble.answers)))
        (shown,) = fibble.guess(guess).replies
        true = reply_for(guess, fibble.answers[0])
        assert sum(a != b for a, b in zip(shown, true)) == 1
    swaps = set()
    for seed in range(8):
        hardle = practice(seed=seed, variant="hardle")
        swapped = bool(hardle.referee.target.swapped)
        swaps.add(swapped)
        guess = chooser.choice(sorted(hardle.accepted))
        true = reply_for(guess, hardle.answers[0])
        if swapped:
            true = true.translate(str.maketrans("gy", "yg"))
        assert hardle.guess(guess).replies == (true,)
    assert swaps == {True, False}


def test_a_name_or_a_word_outside_the_dictionaries_is_refused_as_a_guess():
    from lenwordle.words.langlists import language_words
    from lenwordle.words.languages import LANGUAGES
    from lenwordle.words.wordlist import NAME, OUTSIDE

    spanish = language_words(LANGUAGES["es"], 5)
    marks = dict(zip(spanish.strings, spanish.mark_array()))
    assert marks["trump"] & OUTSIDE and marks["borja"] & NAME and not marks["perro"] & 9
    game = practice(seed=3, lang="es")
    for word in ("trump", "borja"):
        with pytest.raises(Refused, match="not in the game's word list"):
            game.guess(word)
    assert game.turns == 0
    game.guess("perro")
    assert game.turns == 1


def test_a_refused_guess_is_not_counted_and_leaves_the_game_as_it_was():
    game, twin = practice(seed=3, variant="fibble"), practice(seed=3, variant="fibble")
    before = game.position
    for word in ["xqzvj", "cran", "crane1", "zzzzz"]:
        with pytest.raises(Refused):
            game.guess(word)
        assert game.position is before and game.turns == 0
    assert [game.guess(w) for w in ("crane", "slate")] == [
        twin.guess(w) for w in ("crane", "slate")
    ]
    hard = practice(seed=3, hard=True)  # PORCH: CRANE shows C and R
    hard.guess("crane")
    with pytest.raises(Refused, match="must contain C"):
        hard.guess("sloth")
    assert hard.turns == 1 and hard.guess("chord").replies


def test_the_game_ends_exactly_at_its_limit():
    game = practice(seed=1, max_guesses=3)  # NANNY
    game.guess("crane")
    game.guess("slate")
    assert not game.done
    game.guess("pious")  # the third: the last
    assert game.done and not game.won and game.share().endswith("\n" + "⬛" * 5)
    with pytest.raises(Refused, match="over"):
        game.guess("nanny")  # one past the limit
    assert game.turns == 3
    last = practice(seed=1, max_guesses=3)
    last.guess("crane")
    last.guess("slate")
    last.guess("nanny")  # won on the last guess
    assert last.done and last.won and "3/3" in last.share()


def test_wrong_arguments_name_themselves():
    with pytest.raises(SetupError, match="seed"):
        practice(seed="1")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="date"):
        practice(date="28/11/2026")
    with pytest.raises(SetupError, match="seed"):
        practice(seed=1, daily=True)
    with pytest.raises(SetupError, match="no option"):
        practice(colour=True)  # type: ignore[call-arg]
    with pytest.raises(MoveError, match="text"):
        practice(seed=1).guess(5)  # type: ignore[arg-type]


def test_a_whole_game_typed_at_the_command_line():
    secret = practice(seed=1).answers[0].upper()
    result = run_in_process(
        "practice", "--seed", "1", input_text=f"hint\nxyzzy\ncrane\n{secret}\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    hint = practice(seed=1).hint()  # (the host's words: test_practice_coach.py)
    assert hint.count == hint.host_words  # (before a guess, every one is possible)
    said = f"{hint.count} of the {hint.host_words} words the host picks from still possible;"
    assert said + " likeliest ABOUT" in out
    assert "\nthe solver would play SLATE\n" in out
    assert "XYZZY is not in the game's word list; not counted" in out
    assert "Solved in 2 guesses." in out and "\n" + "🟩" * 5 + "\n" in out
    assert "lenwordle practice 2/6 (1 hint)\n" in out


def test_a_daily_variant_and_the_ends_of_input_at_the_command_line():
    result = run_in_process("practice", "--variant", "fibble", "--date", DAY, input_text="crane\n")
    assert "fibble: " in result.stdout and "daily 2026-11-28, 9 guesses" in result.stdout
    assert "end of input" in one_line_error(result, 1)
    assert "YYYY-MM-DD" in one_line_error(run_in_process("practice", "--date", "2026-13-01"))
    assert "--seed" in one_line_error(run_in_process("practice", "--seed", "1", "--daily"))


def test_sutoms_guesses_begin_with_the_letter_shown_and_antiwordle_ends_on_a_hit():
    sutom = practice(7, "fr", seed=2, first_letter="p")
    assert sutom.answers[0].startswith("p")
    with pytest.raises(Refused, match="does not begin with P"):
        sutom.guess("matelas")
    assert sutom.turns == 0
    anti = practice(seed=2, variant="antiwordle")
    anti.guess(anti.answers[0])
    assert anti.done and anti.outcome.ending == "hit" and not anti.won
    shown = run_in_process("practice", "-k", "7", "--lang", "fr", "--first-letter", "p")
    assert "Guess the word of 7 letters beginning with P" in shown.stdout


def test_the_player_takes_the_hints_until_solved_at_the_prompt():
    def player():
        text = yield
        while "Solved" not in text:
            assert "Out of guesses" not in text
            text = yield "hint"
            suggestion = re.search(r"the solver would play (\w+)", text).group(1)
            text = yield suggestion.lower()

    result = run_in_process("practice", "--date", DAY, "--boards", "2", input_text=player())
    assert result.returncode == 0 and "lenwordle 2026-11-28 2 boards:" in result.stdout


def test_a_players_accepted_file_is_the_only_words_taken(tmp_path):
    secret = practice(seed=1).answers[0]
    accepted = tmp_path / "accepted.txt"
    accepted.write_text(f"crane\n{secret}\nxylyl\n")  # (XYLYL: no word a game would pick)
    game = practice(seed=1, accepted=accepted)
    (hidden,) = game.answers
    assert hidden in ("crane", secret)  # the secret is one of the file's words...
    hint = game.hint()
    assert hint.count == 2 and hint.suggestion.lower() in ("crane", secret, "xylyl")
    with pytest.raises(Refused, match="SLATE is not in the game's word list"):
        game.guess("slate")
    other = "crane" if hidden != "crane" else secret
    assert game.guess(other).replies == (reply_for(other, hidden),) and game.turns == 1
    assert game.hint().count == 1 and game.hint().suggestion.lower() == hidden  # ...the coach's
    typed = f"slate\n{other}\n{hidden}\n"
    result = run_in_process("practice", "--seed", "1", "--accepted", accepted, input_text=typed)
    assert result.returncode == 0 and "SLATE is not in the game's word list; not counted" in (
        result.stdout
    )
    assert "Solved in 2 guesses." in result.stdout
    missing = run_in_process("practice", "--accepted", tmp_path / "none.txt")
    assert one_line_error(missing).startswith("error: --accepted: ")
    with pytest.raises(SetupError, match="^accepted: ") as raised:  # (as Python names it)
        practice(seed=1, accepted=tmp_path / "none.txt")
    assert raised.value.options == ("accepted",)


def reference_marks(variant: str, guess: str, game) -> set[str]:
    """Return the rows the host may show for guess in a variant's game, each as the game's
    marks, from the plain references of tests/variant_rules.py (Fibble: any lie it may tell)."""
    import variant_rules as rules

    letters = "abcdefghijklmnopqrstuvwxyz"
    answers = game.answers
    if variant == "xordle":
        return {"".join(".yg"[v] for v in rules.xordle(guess, *answers))}
    if variant == "warmle":
        return {"".join(".yg"[v] for v in rules.warmle(guess, answers[0], letters))}
    if variant == "peaks":
        return {"".join("^vg"[v] for v in rules.peaks(guess, answers[0], letters))}
    if variant == "woodle":
        greens, yellows = divmod(rules.woodle(guess, answers[0]), len(guess) + 1)
        return {f"{greens}g{yellows}y"}
    if variant == "hardle":
        swapped = bool(game.referee.target.swapped)
        return {"".join(".yg"[v] for v in rules.hardle(guess, answers[0], swapped))}
    true_row = rules.wordle(guess, answers[0])
    if variant == "fibble":
        k = len(guess)
        return {"".join(".yg"[v] for v in rules.row_of(c, k)) for c in rules.fibble(true_row)}
    return {"".join(".yg"[v] for v in true_row)}  # antiwordle, nerdle: Wordle's own


@pytest.mark.parametrize(
    "variant", "fibble xordle warmle peaks woodle hardle antiwordle nerdle".split()
)
def test_every_variants_host_shows_a_row_its_reference_gives(variant):
    chooser = random.Random(variant)
    shown = 0
    for seed in range(5):
        game = practice(8 if variant == "nerdle" else 5, seed=seed, variant=variant)
        for guess in chooser.sample(sorted(game.accepted), 4):
            if game.done:
                break
            try:
                (reply,) = game.guess(guess).replies
            except Refused:  # (Antiwordle's rule: the earlier rows kept)
                continue
            assert reply in reference_marks(variant, guess, game), (seed, guess)
            shown += 1
    assert shown >= (5 if variant == "antiwordle" else 15)  # (its rule refuses most words)


def test_sutoms_host_draws_the_secret_then_shows_its_first_letter():
    pool = pool_of(k=7, lang="fr")
    key = f"lenwordle practice|daily {DAY}|sutom|fr|fold|7|0|0"
    index = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % len(pool)
    game = practice(7, "fr", date=DAY, sutom=True)
    (secret,) = game.answers
    assert secret == pool[index] and game.settings.first_letter == secret[0]
    assert len({practice(7, "fr", seed=s, sutom=True).answers[0][0] for s in range(12)}) > 3
    wrong = next(w for w in sorted(game.accepted) if w[0] != secret[0])
    with pytest.raises(Refused, match=f"does not begin with {secret[0].upper()}"):
        game.guess(wrong)
    assert game.turns == 0 and game.guess(secret).replies == ("g" * 7,) and game.won
    assert practice(6, "fr", seed=1, sutom=True).settings.k == 6  # the limits: 6 and 10
    assert practice(10, "fr", seed=1, sutom=True).settings.k == 10
    for length in (5, 11):
        with pytest.raises(SetupError, match="sutom is played with 6 to 10 letters"):
            practice(length, "fr", seed=1, sutom=True)
    for wrong_game in ({"first_letter": "p"}, {"boards": 2}, {"absurdle": True}):
        with pytest.raises(SetupError, match="sutom"):
            practice(7, "fr", seed=1, sutom=True, **wrong_game)
    shown = run_in_process("practice", "--sutom", "-k", "7", "--lang", "fr", "--date", DAY)
    assert f"beginning with {secret[0].upper()} (daily {DAY}" in shown.stdout
    assert "--sutom is played" in one_line_error(run_in_process("practice", "--sutom"))


def test_absurdles_host_out_of_guesses_names_a_word_every_reply_fits():
    game = practice(seed=1, absurdle=True, max_guesses=2)
    rows = [game.guess("crane"), game.guess("slate")]
    assert game.outcome.ending == "out" and not game.won
    (shown,) = game.secrets()
    assert all(reply_for(row.guess.lower(), shown.lower()) == row.replies[0] for row in rows)
    assert practice(seed=1, absurdle=True).secrets() == []  # (before the end: none)


def test_a_lost_game_of_several_answers_names_them_all_at_the_command_line():
    one = run_in_process("practice", "--seed", "5", "--max-guesses", "1", input_text="crane\n")
    (secret,) = practice(seed=5).answers
    assert f"Out of guesses; the answer was {secret.upper()}.\n" in one.stdout
    three = practice(seed=5, boards=3).answers
    typed = "crane\nslate\nmoist\n"  # (3 boards need 3 guesses at least)
    lost = run_in_process(
        "practice", "--seed", "5", "--boards", "3", "--max-guesses", "3", input_text=typed
    )
    first, second, third = (w.upper() for w in three)
    assert f"Out of guesses; the answers were {first}, {second} and {third}.\n" in lost.stdout
