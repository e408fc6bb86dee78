"""The commands' side of a variant (--variant): play's prompt loop, solve's game and bench's
games, over the library's VariantGame."""

import json
import sys

import typer

from lenwordle.api.run import target_pool
from lenwordle.api.setup import Settings
from lenwordle.api.variant_game import variant_word
from lenwordle.cli.common import settings_from
from lenwordle.cli.console import fail, note, show, takes_escapes
from lenwordle.cli.formatting import bench_lines
from lenwordle.engine.variants.notation import marks_of, parse_shown, tiles_of
from lenwordle.engine.variants.state import NotAllowed, NoWorlds, VariantGame
from lenwordle.games.variant_play import (
    CachedChoice,
    VariantTarget,
    bench_variant,
    play_variant,
    score,
    target_problem,
    targets_for,
)
from lenwordle.games.variant_review import VariantTurn, review_variant, verdict
from lenwordle.games.variant_session import VariantSession
from lenwordle.strategies.shown import VARIANT_METRICS
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import WordListError


def opening(settings: Settings) -> VariantGame:
    """Return the variant's opening game, or exit saying why there is none."""
    try:
        return settings.variant_game()
    except (WordListError, ValueError) as error:
        fail(str(error))


def game_word(game: VariantGame, typed: str, what: str) -> str:
    """Return a typed word (or equation) as the game has it, or exit saying why not."""
    try:
        return variant_word(game, typed)
    except ValueError:  # (said as the command line says it: the tiles the game has)
        letters = game.lists.allowed.alphabet.letters
        fail(f"{what} {quoted(typed)} is not {game.k} tiles of {letters!r}")


def session(settings: Settings, start: str | None) -> VariantSession:
    """Return the session of a variant's game at the prompt (its rules said first)."""
    game = opening(settings)
    begin = game_word(game, start, "--start") if start is not None else None
    show(f"{game.variant.name}: {game.variant.about}")
    return VariantSession(game, VARIANT_METRICS[settings.strategy], begin)


def solve(settings: Settings, given: list[str], as_json: bool) -> None:
    """Play a variant against known answers and print each row shown."""
    game = opening(settings)
    words = [game_word(game, word, "the answer") for word in given]
    problem = target_problem(game, words)
    if problem:
        fail(problem)
    target = VariantTarget(tuple(words), swapped=False)
    played, _ = play_variant(game, target, CachedChoice(VARIANT_METRICS[settings.strategy]))
    rows = [(word, code) for word, code in played.history]
    if as_json:
        turns = [{"word": w, "row": marks_of(game.variant, c, game.k)} for w, c in rows]
        show(
            json.dumps(
                {
                    "variant": game.variant.name,
                    "answers": words,
                    "score": score(played),
                    "won": played.won,
                    "guesses": turns,
                }
            )
        )
        return
    upper = game.lists.allowed.display  # (the dictionary's spelling: ÁRBOL)
    for word, code in rows:
        show(f"{upper(word)} {tiles_of(game.variant, code, game.k)}")
    n = len(rows)
    guesses = f"{n} guess{'es' if n != 1 else ''}"
    if game.variant.avoid:
        show(f"Survived {score(played)} guesses; the answer was {upper(words[0])}.")
    elif played.won:
        show(f"Solved in {guesses}.")
    else:
        why = "the limit" if n >= game.variant.limit else "then no word it knows fit the rows"
        show(f"Not solved in {guesses}, {why}.")
        raise typer.Exit(1)


def bench(
    settings: Settings,
    targets: tuple[str, ...] | None,
    limit: int | None,
    accepted: frozenset[str] | None,
    workers: int,
    as_json: bool,
) -> None:
    """Play a variant against many targets it is not told and print the figures."""
    from rich.progress import Progress

    game = opening(settings)
    whole = target_pool(settings, game.lists, targets)
    pool = whole[:limit]
    plays = targets_for(game.variant, pool, whole)  # (partners from every target)
    if not plays:
        fail(f"no {game.variant.name} game can be made of the targets")
    if len(plays) < len(pool):
        note(f"{len(pool) - len(plays)} targets had no partner sharing no letter: not played")
    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        task = bar.add_task(game.variant.name, total=len(plays))
        result = bench_variant(
            game,
            plays,
            VARIANT_METRICS[settings.strategy],
            workers,
            lambda n: bar.advance(task, n),
            accepted,
        )
    figures = result.as_dict() | {"variant": game.variant.name}
    if game.variant.avoid:
        survived = list(result.guesses.values())
        figures |= {
            "survived_mean": round(sum(survived) / len(survived), 4),
            "survived_min": min(survived),
            "survived_max": max(survived),
        }
        if as_json:
            show(json.dumps(figures))
            return
        show(
            f"games {len(survived)}  survived: mean {figures['survived_mean']:.4f}  "
            f"min {figures['survived_min']}  max {figures['survived_max']}  "
            f"({result.seconds:.1f} s)"
        )
        return
    for line in bench_lines(figures, accepted is not None, as_json):
        show(line)


def review(options: dict, played: list[str], as_json: bool) -> None:
    """Review a variant's game given as WORD=ROW turns (the rows as the game showed them)."""
    turns = []
    for token in played:
        word, sep, row = plain_word(token).rpartition("=")  # (Nerdle's word has an = too)
        if not sep or not word or not row:
            fail(f"{quoted(token)}: give each turn as WORD=ROW (e.g. crane=g.y.. or crane=2g1y)")
        turns.append((word, row))
    settings = settings_from(k=len(turns[0][0]), **options)
    game = opening(settings)
    if game.variant.avoid:
        fail(f"--variant {game.variant.name} is scored by the guesses survived: not reviewed")
    moves = []
    for word, row in turns:
        word = game_word(game, word, "the guess")
        try:
            moves.append((word, parse_shown(game.variant, row, game.k)))
        except ValueError as error:
            fail(f"{quoted(row)} after {word.upper()}: {error}")
    try:
        done = review_variant(game, moves, VARIANT_METRICS[settings.strategy])
    except (NotAllowed, NoWorlds) as error:
        fail(str(error))
    last = game
    for word, code in moves:
        last = last.after(word, code)
    figures = verdict(done, last.won)
    if as_json:
        show(
            json.dumps(
                {"variant": game.variant.name, "turns": [_turn(game, t) for t in done]} | figures
            )
        )
        return
    upper = game.lists.allowed.display  # (the dictionary's spelling: ÁRBOL)
    for turn in done:
        luck = "-" if turn.luck is None else turn.luck
        show(
            f"{upper(turn.guess)} {tiles_of(game.variant, turn.row, game.k)}  "
            f"{turn.possible_before} -> {turn.possible_after} words  expected guesses "
            f"{turn.expected_guesses:.2f} (best {upper(turn.best_guess)} "
            f"{turn.best_expected_guesses:.2f})  skill {turn.skill}  luck {luck}"
        )
    show(figures["verdict"])


def _turn(game: VariantGame, turn: VariantTurn) -> dict:
    """Return a reviewed turn as JSON-ready values, its row in marks (as solve writes it)."""
    return turn.as_dict() | {"row": marks_of(game.variant, turn.row, game.k)}
