"""What the web page asks of the Python API beside play: the words a reply would leave
(Game.preview), computed without a move, and a word as the player reads it (Game.shown)."""

import pytest

from lenwordle import Game, MoveError
from lenwordle.engine.feedback import reply_for

WORDS = "cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\n"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """Return a factory of games on a tiny list: these eight words, guesses and answers."""
    words = tmp_path_factory.mktemp("web-api") / "words.txt"
    words.write_text(WORDS)
    return lambda **options: Game(5, words=words, answers=words, **options)


def snapshot(game):
    return (game.suggestion, game.count, game.counts, game.turns, game.refused, game.done)


def test_preview_is_the_count_the_move_then_leaves_and_changes_nothing(tiny):
    game = tiny()
    first = game.suggestion.lower()
    for answer in WORDS.split():
        before = snapshot(game)
        left = list(game.preview(reply_for(first, answer)).left)
        assert snapshot(game) == before
        played = tiny()
        played.tell(reply_for(first, answer))
        assert left == [played.count] or (answer == first and left == [1])


def test_preview_counts_the_words_that_give_the_reply(tiny):
    game = tiny()
    word = game.suggestion.lower()
    for reply in {reply_for(word, a) for a in WORDS.split()}:
        fitting = [a for a in WORDS.split() if reply_for(word, a) == reply]
        assert game.preview(reply).left == (len(fitting),)


def test_preview_a_word_of_ones_own_and_in_tiles(tiny):
    game = tiny()
    assert game.preview("🟩🟩🟩🟩🟩", word="Focal").left == (1,)
    assert game.preview("g.y..", word="cigar") == game.preview("20100", word="CIGAR")
    assert game.preview(".....", word="zzzzz").left == (
        sum(not set("z") & set(a) for a in WORDS.split()),
    )


def test_preview_on_several_boards_one_count_per_open_board(tiny):
    game = tiny(boards=3)
    word = game.suggestion.lower()
    replies = [reply_for(word, a) for a in ("cigar", "evade", "humph")]
    left = game.preview(*replies).left
    assert len(left) == 3 and game.counts == [8, 8, 8]
    game.tell(reply_for(word, "cigar"), "ggggg", reply_for(word, "humph"), word="evade")
    assert game.counts[1] is None  # solved: no reply for it, no count
    assert len(game.preview(".....", ".....", word="sissy").left) == 2
    with pytest.raises(MoveError, match="expected 2 replies"):
        game.preview(".....", ".....", ".....", word="sissy")


@pytest.mark.parametrize(
    "replies, word, problem",
    [
        (("..g",), None, "3 marks"),  # a mark short
        (("..g.yy",), None, "6 marks"),  # a mark over
        (("..q..",), None, "unknown feedback"),
        ((".....", "....."), None, "expected 1 reply"),
        ((), None, "expected 1 reply"),
        (("ggggg",), "cigars", "6 letters"),
        (("ggggg",), "cig4r", "letters the game lacks"),
        (("ggggy",), None, "no word can give"),
    ],
)
def test_preview_a_move_that_cannot_be_is_a_move_error(tiny, replies, word, problem):
    game = tiny()
    game.tell(reply_for(game.suggestion.lower(), "focal"))
    before = snapshot(game)
    with pytest.raises(MoveError, match=problem):
        game.preview(*replies, word=word)
    assert snapshot(game) == before


def test_preview_in_hard_mode_refuses_a_word_that_drops_a_hint(tiny):
    game = tiny(hard=True)
    game.tell("g....", word="cigar")
    with pytest.raises(MoveError, match="hard|C"):
        game.preview(".....", word="humph")
    assert game.preview("g....", word="cigar").left == (game.count,)


def test_preview_the_game_is_over_is_a_move_error(tiny):
    game = tiny()
    game.tell("ggggg", word="blush")
    with pytest.raises(MoveError, match="over"):
        game.preview("ggggg")


def test_shown_is_the_dictionary_spelling_in_the_games_capitals():
    es, tr = Game(5, "es"), Game(5, "tr")
    assert es.shown("arbol") == es.shown("ÁRBOL") == "ÁRBOL"
    assert tr.shown("kitap") == "KİTAP" and tr.shown("ıslak") == "ISLAK"
    assert Game(5, "ru").shown("книга") == "КНИГА"
