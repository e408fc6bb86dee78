"""The Python API (docs/api.md): its examples run, and each of its edges holds."""

import dataclasses
import inspect
import re
import unicodedata
from pathlib import Path

import pytest

import lenwordle
from lenwordle import Game, MoveError, SetupError, Undone
from lenwordle.api.game import setup_error
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import OptionError

ROOT = Path(__file__).resolve().parent.parent
API_PAGE = ROOT / "docs" / "api.md"


def test_every_example_of_the_api_page_runs(monkeypatch):
    monkeypatch.chdir(ROOT)  # the page's paths are from the root of the clone
    blocks = re.findall(r"```python\n(.*?)```", API_PAGE.read_text(), re.S)
    assert len(blocks) >= 8
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(API_PAGE), "exec"), namespace)


def test_the_package_exports_what_the_page_names():
    for name in ("Game", "solve", "bench", "review", "tree", "MoveError", "SetupError"):
        assert name in lenwordle.__all__ and getattr(lenwordle, name)
    assert (Path(lenwordle.__file__).parent / "py.typed").exists()


def test_options_are_the_settings_of_the_command_line_by_the_same_names():
    names = set(lenwordle.GameOptions.__annotations__) | {"lang"}
    fields = {f.name for f in dataclasses.fields(Settings)} - {"k"}
    assert names == fields
    assert set(inspect.signature(lenwordle.options).parameters) == {"length", "lang", "settings"}


@pytest.fixture(scope="module")
def game_tiny(tmp_path_factory):
    """Return a factory of games on a tiny list: words (guesses and answers)."""
    folder = tmp_path_factory.mktemp("api")
    words = folder / "words.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\n")

    def make(**options):
        return Game(5, words=words, answers=words, **options)

    return make


def snapshot(game):
    return (game.suggestion, game.count, game.turns, game.refused, game.done)


@pytest.mark.parametrize(
    "move",
    [
        lambda g: g.tell("..g"),  # a mark short
        lambda g: g.tell("..g.yy"),  # a mark over
        lambda g: g.tell("..q.."),  # no colour
        lambda g: g.tell("ggggg", word="cigars"),  # a word too long
        lambda g: g.tell(".....", "....."),  # two replies on one board
        lambda g: g.tell(),  # none
        lambda g: g.tell("ggggy"),  # no word gives four greens and a yellow
    ],
)
def test_a_move_that_cannot_be_leaves_the_game_as_it_was(game_tiny, move):
    game = game_tiny()
    game.tell(reply_for(game.suggestion.lower(), "focal"))
    before = snapshot(game)
    with pytest.raises(MoveError):
        move(game)
    assert snapshot(game) == before


def test_a_game_is_played_to_its_end_and_then_takes_no_move(game_tiny):
    game = game_tiny()
    for _ in range(6):
        if game.done:
            break
        game.tell(reply_for(game.suggestion.lower(), "humph"))
    assert game.done and game.won and game.turns[-1].guess == "HUMPH"
    with pytest.raises(MoveError, match="over"):
        game.tell("ggggg")
    with pytest.raises(MoveError, match="over"):
        game.refuse()
    game.undo()  # the winning move taken back: the game goes on
    assert not game.done


def test_the_last_allowed_guess_lost_ends_the_game_lost(game_tiny):
    game = game_tiny(max_guesses=2)
    game.tell(".....", word="sissy")
    assert not game.done  # one guess left: exactly at the limit is not past it
    game.tell(".....", word="rebut")
    assert game.done and not game.won


def test_refuse_and_undo_at_their_edges(game_tiny):
    game = game_tiny()
    with pytest.raises(MoveError, match="nothing to undo"):
        game.undo()
    first = game.suggestion
    game.refuse()
    assert first in game.refused and game.count == 7  # no longer a possible answer
    assert game.undo() == Undone(first, refusal=True)
    assert game.refused == [] and game.count == 8 and game.suggestion == first


def test_possible_lists_chances_that_add_up_and_its_board_edges(game_tiny):
    game = game_tiny()
    listed = game.possible(limit=100)
    assert len(listed) == 8 and abs(sum(c.chance for c in listed) - 1) < 1e-9
    assert [c.chance for c in listed] == sorted((c.chance for c in listed), reverse=True)
    assert len(game.possible(limit=3)) == 3
    assert game.possible(board=0)
    with pytest.raises(MoveError, match="no board 1"):
        game.possible(board=1)  # one past the last
    with pytest.raises(MoveError):
        game.possible(board=-1)


def test_several_boards_take_a_reply_per_open_board(game_tiny):
    game = game_tiny(boards=2)
    word = game.suggestion.lower()
    game.tell(reply_for(word, "cigar"), reply_for(word, "evade"))
    assert len(game.counts) == 2
    with pytest.raises(MoveError, match="expected 2 replies"):
        game.tell(".....")


def test_a_forced_start_is_played_first_and_checked(game_tiny):
    assert game_tiny(start="Blush").suggestion == "BLUSH"
    with pytest.raises(SetupError, match="not a word of 5 letters"):
        game_tiny(start="blus")


def test_other_scripts_play_in_their_own_letters():
    ru = Game(5, "ru")
    assert re.fullmatch("[А-ЯЁ]{5}", ru.suggestion)
    ru.tell(".....", word="книга")
    assert ru.turns[0].guess == "КНИГА"
    with pytest.raises(MoveError, match="letters the game lacks"):
        ru.tell(".....", word="crane")
    tr = Game(5, "tr")
    tr.tell("g....", word="ıslak")  # dotless ı: a letter of its own, shown as I
    assert tr.turns[0].guess == "ISLAK"
    assert all(c.word.startswith("I") for c in tr.possible(limit=5))


def test_setup_errors_are_one_line(tmp_path):
    for bad in (
        dict(lang="xx"),
        dict(strategy="nope"),
        dict(shortlist=0),
        dict(boards=2, absurdle=True),
        dict(words=tmp_path / "missing.txt"),
    ):
        with pytest.raises(SetupError) as raised:
            Game(5, **bad)
        assert "\n" not in str(raised.value)
    with pytest.raises(SetupError, match="^word length must be 2 to 40, not 0$"):
        Game(0)  # (the limit's one message, on every face)


def test_solve_and_its_edges():
    game = lenwordle.solve("crane", "moist")  # two answers: two boards
    assert game.won and {turn[0] for turn in game.turns} >= {"crane", "moist"}
    with pytest.raises(SetupError, match="twice"):
        lenwordle.solve("crane", "crane")
    with pytest.raises(SetupError):
        lenwordle.solve("crane", absurdle=True)
    with pytest.raises(SetupError):
        lenwordle.solve()
    with pytest.raises(SetupError, match="^'cr4ne' is not a word of letters a-z$"):
        lenwordle.solve("cr4ne")  # (as the command line says it)
    assert lenwordle.solve("КНИГА", lang="ru").turns[-1][0] == "книга"


def test_bench_plays_the_targets_given_up_to_the_limit(tmp_path):
    targets = ["crane", "moist", "vivid"]
    assert lenwordle.bench(targets, limit=3).games == 3  # exactly all
    assert lenwordle.bench(targets, limit=2).games == 2  # one under
    with pytest.raises(SetupError, match="at least 1"):
        lenwordle.bench(targets, limit=0)
    refused = lenwordle.bench(["crane"], accepted=["crane", "slate", "trace", "crate"])
    assert refused.failed == [] and sum(refused.refusals.values()) > 0


def test_review_needs_the_answer_or_every_reply():
    with pytest.raises(SetupError, match="not both"):
        lenwordle.review("crane", answer="crane", replies=["ggggg"])
    with pytest.raises(SetupError, match="2 guesses need as many replies"):
        lenwordle.review("crane", "slate", replies=["....."])
    reviewed = lenwordle.review("crane", "slate", replies=["..g.g", "..g.g"])
    assert [t.possible_after <= t.possible_before for t in reviewed.turns] == [True, True]
    refused = lenwordle.review("match", "flame", answer="flame", refused={0: ("panth",)})
    assert refused.turns[0].guess == "match"


def test_a_word_the_game_refused_cannot_be_played_after(game_tiny):
    game = game_tiny()
    refused = game.suggestion
    game.refuse()
    before = snapshot(game)
    with pytest.raises(MoveError, match=f"{refused} was refused by the game"):
        game.tell(".....", word=refused.lower())
    assert snapshot(game) == before
    game.undo()  # the refusal taken back: the word may be played
    game.tell(reply_for(refused.lower(), "focal"), word=refused)
    assert game.turns[0].guess == refused


def test_a_finished_game_suggests_nothing(game_tiny):
    game = game_tiny()
    game.tell("ggggg", word="evade")
    assert game.done and game.suggestion is None


def test_possible_takes_a_limit_of_zero_and_no_less(game_tiny):
    game = game_tiny()
    assert game.possible(limit=0) == []
    assert len(game.possible(limit=1)) == 1
    with pytest.raises(MoveError, match="at least 0"):
        game.possible(limit=-1)
    with pytest.raises(MoveError, match="no board -1: they are numbered 0 to 0"):
        game.possible(board=-1)


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (dict(hrad=True), "no option 'hrad'"),
        (dict(boards="2"), "boards must be int, not '2'"),
        (dict(hard=1), "hard must be bool, not 1"),
        (dict(boards=True), "boards must be int, not True"),
        (dict(words=3), "words must be str or Path or None, not 3"),
    ],
)
def test_an_option_of_a_wrong_name_or_type_is_a_setup_error(options, says):
    with pytest.raises(SetupError, match=re.escape(says)):
        Game(5, **options)


def test_options_of_the_right_types_are_taken(game_tiny):
    assert game_tiny(shortlist=3, max_guesses=None, hard=False).length == 5  # an int shortlist


def test_the_functions_refuse_what_they_cannot_play():
    with pytest.raises(SetupError, match="boards=3 needs 3 answers, not 2"):
        lenwordle.solve("crane", "moist", boards=3)
    assert lenwordle.solve("crane", "moist", boards=2).won  # exactly as many
    with pytest.raises(SetupError, match="accepted has none"):
        lenwordle.bench(["crane"], accepted=[])
    with pytest.raises(SetupError, match="does not begin with M"):
        lenwordle.bench(["maison", "jardin"], length=6, lang="fr", first_letter="m")
    with pytest.raises(lenwordle.RefusedAfterLast, match=r"^refused\[2\]: PANTH comes after"):
        lenwordle.review("match", "flame", answer="flame", refused={2: ("panth",)})  # past
    with pytest.raises(SetupError, match="refused: a guess's number is 0 to 1"):
        lenwordle.review("match", "flame", answer="flame", refused={3: ("panth",)})
    lenwordle.review("match", "flame", answer="flame", refused={1: ("panth",)})  # the last
    with pytest.raises(SetupError, match="refused: a guess's number"):
        lenwordle.review("match", "flame", answer="flame", refused={-1: ("panth",)})


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (dict(width=0), "width must be at least 1"),
        (dict(openers=0), "openers must be at least 1"),
        (dict(strategy="entropy"), "tree() takes no strategy"),
    ],
)
def test_tree_refuses_a_width_or_openers_below_one_and_options_of_no_tree(options, says):
    with pytest.raises(SetupError, match=re.escape(says)):
        lenwordle.tree(5, **options)


def test_setup_errors_name_options_as_python_does_not_as_flags():
    with pytest.raises(SetupError) as raised:
        Game(5, max_guesses=0)
    assert str(raised.value).startswith("max_guesses must be at least 1")
    error = OptionError("{first_letter} x and a-z --ok", "first_letter")
    assert str(error) == "--first-letter x and a-z --ok"  # as the command line names it
    assert setup_error(error).args[0] == "first_letter x and a-z --ok"  # only its option
    for options in (dict(boards=2, max_guesses=1), dict(variant="fibble", first_letter="c")):
        with pytest.raises(SetupError) as raised:
            Game(6, **options)
        assert "--" not in str(raised.value) and "_" in str(raised.value)


@pytest.fixture
def sharing():
    """Share the bundled word lists between games (as `serve` does), for the test only."""
    from lenwordle.api import lists

    lists.share_word_lists(1)
    yield lists
    lists.share_word_lists(None)


def test_games_share_their_word_list_when_asked_and_keep_the_last_few(sharing):
    first, second = Game(5), Game(5)
    kept = first.settings.allowed()
    assert second.settings.allowed() is kept  # one copy for both
    Game(6)  # past the one list kept: the list of 5 letters goes
    again = Game(5).settings.allowed()
    assert again is not kept and again.strings == kept.strings  # read anew, the same words
    sharing.share_word_lists(None)
    assert Game(5).settings.allowed() is not Game(5).settings.allowed()  # each its own


def test_words_and_replies_typed_to_the_api_are_made_plain_as_at_the_prompt():
    es = Game(5, "es")
    nfd = unicodedata.normalize("NFD", "árbol")  # decomposed, with a zero-width space after
    es.tell(".....", word=nfd + "\u200b")
    assert es.turns[0].guess == "ÁRBOL"
    es.tell("\u00a0.....\u200e", word="mosca")  # a no-break space, a left-to-right mark
    assert es.turns[1].replies == (".....",)
    assert es.shown(unicodedata.normalize("NFD", "señor")) == "SEÑOR"
    with pytest.raises(SetupError, match="is not a word of letters a-z"):
        lenwordle.solve("\u212aites")  # the Kelvin sign: no letter k typed plainly
    assert lenwordle.solve("\u200bkİtap", lang="tr").turns[-1][0] == "kitap"


def test_the_length_of_the_answers_is_the_games_by_its_accent_rule():
    assert lenwordle.solve("größe", lang="de").turns[-1][0] == "grose"  # ß one tile: 5
    assert lenwordle.solve("größe", lang="de", accents="ss").turns[-1][0] == "grosse"  # 6
    reviewed = lenwordle.review("größe", answer="größe", lang="de", accents="ss")
    assert reviewed.turns[0].guess == "grosse" and reviewed.figures["guesses"] == 1


def test_tree_takes_a_width_and_openers_of_one(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\n")
    best = lenwordle.tree(5, words=words, answers=words, width=1, openers=1)  # exactly 1
    assert best.answers == 8 and best.width == 1 and best.total >= 8 + 7  # one found at once
