"""The games the faces offer (api/catalog.py): each one value carrying what a face needs, its
options opening the game that names it back, its keys those of its tiles, its name in the
statistics labelled; the page's lists made of them."""

import pytest

from lenwordle.api import SetupError, options
from lenwordle.api.catalog import (
    games,
    kind_named,
    kind_of,
    options_of,
    played_name,
    stats_label,
    stats_name,
    variants,
)
from lenwordle.api.practice import stats_game
from lenwordle.engine.variants import VARIANTS
from lenwordle.words.equations import symbols_of

LETTERS = {"absurdle": None, "sutom": "p"}  # (SUTOM's first letter, as a player gives it)


def opened(kind, length=None):
    """Return the settings the library opens a game of kind with, as a face asks for it."""
    k = length or (kind.lengths[0] if kind.lengths else 5)
    given = options_of(kind.name, 1, "p" if kind.first_letter else None, False)
    return options(k, **({"variant": kind.name} | given))


def test_the_games_are_wordle_absurdle_sutom_then_every_variant_each_with_its_fields():
    offered = games()
    assert [kind.name for kind in offered] == ["wordle", "absurdle", "sutom", *list(VARIANTS)[1:]]
    assert [kind.label for kind in offered][:4] == ["Wordle", "Absurdle", "SUTOM", "Fibble"]
    assert [rules.name for rules in variants()] == list(VARIANTS)
    for kind in offered:
        assert kind.rules in variants() and kind.label and "\n" not in kind.about
        assert bool(kind.about) == (kind.name != "wordle")  # (Wordle needs no line about it)
        assert kind.own_words == (kind.rules.lists is not None)
        assert kind_named(f" {kind.name.upper()} ") is kind
    several = {kind.name for kind in offered if kind.several_boards}
    hard = {kind.name for kind in offered if kind.hard}
    assert several == {"wordle"} and hard == {"wordle", "absurdle", "sutom"}
    assert [kind.name for kind in offered if kind.adversary] == ["absurdle"]
    assert [kind.name for kind in offered if kind.first_letter] == ["sutom"]
    assert kind_named("sutom").lengths == (6, 7, 8, 9, 10)
    assert kind_named("nerdle").lengths == (5, 6, 8, 10) and kind_named("nerdle").own_words
    assert kind_named("wordle").lengths is None and kind_named("nope") is None


@pytest.mark.parametrize("kind", games(), ids=lambda kind: kind.name)
def test_a_games_options_open_the_game_that_names_it_back(kind):
    settings = opened(kind)
    assert kind_of(settings) is kind
    assert settings.variant == kind.rules.name and settings.absurdle == kind.adversary


def test_a_first_letter_or_boards_a_game_has_not_are_refused_in_one_line():
    assert options_of("wordle", 3, None, False) == {}  # (the library takes Wordle's boards)
    assert options_of("fibble", 2, None, False) == {}  # (and says why a variant's cannot)
    assert options_of("sutom", 1, None, True) == {"variant": "wordle", "sutom": True}
    assert options_of("sutom", 1, "p", True) == {"variant": "wordle", "sutom": True}
    for name, boards, letter, says in [
        ("absurdle", 2, None, "Absurdle is played on one board, not 2"),
        ("sutom", 2, "p", "SUTOM is played on one board, not 2"),
        ("sutom", 1, None, "SUTOM: give the first letter your game shows (first_letter)"),
        ("wordle", 1, "p", "first_letter is SUTOM's: give it with variant sutom"),
        ("nope", 1, "p", "first_letter is SUTOM's: give it with variant sutom"),
    ]:
        with pytest.raises(SetupError) as error:
            options_of(name, boards, letter, False)
        assert str(error.value) == says


def test_each_games_keys_are_its_tiles_nerdles_its_digits_and_signs_in_its_layout():
    from lenwordle.web.views import keys_of

    for kind in games():
        settings = opened(kind)
        alphabet = settings.game_alphabet()
        assert keys_of(settings) == [alphabet.upper(letter) for letter in alphabet.letters]
        assert (kind.rules.tile, bool(kind.rules.layout)) == (
            ("sign", True) if kind.own_words else ("letter", False)
        )
    nerdle = kind_named("nerdle")
    for k in nerdle.lengths:
        if k in {heavy.length for heavy in nerdle.rules.heavy}:
            continue  # (not opened here: too heavy; its keys are maxi's)
        keys = keys_of(opened(nerdle, k))
        assert sorted(keys) == sorted(symbols_of(k)) and "=" in keys and "A" not in keys
        assert set(keys) <= set("".join(nerdle.rules.layout))  # (no key off its rows)
    assert set(symbols_of(10)) <= set("".join(nerdle.rules.layout))


def test_the_statistics_name_a_game_by_its_rules_boards_and_letter_and_label_it():
    for kind in games():
        settings = opened(kind)
        assert played_name(settings) == kind.played
        assert stats_game(settings) == stats_name(kind.played, 1, kind.first_letter)
    assert stats_name("wordle", 1, True) == "wordle sutom"
    assert stats_name("absurdle", 1, False) == "absurdle"
    assert stats_game(options(5, boards=2)) == "wordle x2"
    labels = ["wordle", "wordle sutom", "absurdle", "fibble", "wordle x2", "wordle x8"]
    assert [stats_label(game) for game in labels] == [
        "Wordle",
        "SUTOM",
        "Absurdle",
        "Fibble",
        "Wordle x2",
        "Wordle x8",
    ]


def test_the_pages_lists_are_the_catalogs_games_and_rules():
    pytest.importorskip("starlette", reason="the [web] extra is not installed")
    from lenwordle.web.views import TOO_HEAVY, games_view, variants_view

    assert TOO_HEAVY == {
        ("nerdle", 10): "Nerdle maxi (10 tiles) is not played here: its opening takes about "
        "37 s and 1.9 GB; `lenwordle play --variant nerdle -k 10` plays it"
    }
    shown = {game["name"]: game for game in games_view()}
    assert list(shown) == [kind.name for kind in games()]
    assert shown["wordle"] | {"boards": 1} == {
        "variant": "wordle",
        "lengths": None,
        "boards": 1,
        "hard": True,
        "own_words": False,
        "letter": False,
        "name": "wordle",
        "label": "Wordle",
        "about": "",
    }
    assert shown["wordle"]["boards"] == 8 and shown["absurdle"]["boards"] == 1
    assert shown["sutom"]["letter"] and shown["sutom"]["lengths"] == [6, 7, 8, 9, 10]
    assert shown["nerdle"]["lengths"] == [5, 6, 8] and shown["nerdle"]["variant"] == "nerdle"
    assert all(game["variant"] == "wordle" for game in list(shown.values())[:3])
    rows = {rules["name"]: rules for rules in variants_view()}
    assert [name for name, rules in rows.items() if rules["plain"]] == ["wordle"]
    assert [name for name, rules in rows.items() if rules["avoid"]] == ["antiwordle"]
    assert {name: rules["tile"] for name, rules in rows.items() if rules["tile"] != "letter"} == {
        "nerdle": "sign"
    }
    assert rows["nerdle"]["layout"] == ["1234567890", "+-*/=()²³"]
    assert all(rules["layout"] is None for name, rules in rows.items() if name != "nerdle")
