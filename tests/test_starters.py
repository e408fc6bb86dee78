"""Starter records (store/starters.py): computed once per opening, as deep as their openers
and the strategy's width, among the words asked for, with their figures to their places;
written into folders made as needed; a stored opener served only when it was made for this
game exactly as asked (the words, normal or hard mode, the shortlist, the game's own
letters), else refused saying why. Tiny lists made up here; expectations worked by hand."""

import itertools
import json
import math
import re

import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search.besttree import TreeResult
from lenwordle.store import starters, treefiles
from lenwordle.strategies import ranked
from lenwordle.strategies.expected import HARD_ENDGAME
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

# ---- starters.compute ----

FOURTEEN = [
    "chomp",
    "crane",
    "fizzy",
    "gumbo",
    "nymph",
    "plaid",
    "slate",
    "trace",
    "vouch",
    "whisk",
    "blast",
    "dough",
    "jerky",
    "quilt",
]


def test_a_starter_record_holds_as_many_openers_as_asked_even_past_ten():
    state = GameState.new(wordlist(FOURTEEN))
    solver = make("entropy")
    assert solver.traits.width == 8  # (so that 12 is more than the width and than rank's 10)
    record = starters.compute(state, solver, top=12)
    chosen = [opener["word"] for opener in record["openers"]]
    assert len(chosen) == len(set(chosen)) == 12
    assert set(chosen) <= set(FOURTEEN)


def test_a_starter_record_ranks_the_opening_once_as_deep_as_its_openers_and_the_width(
    monkeypatch,
):
    # the ranking of an opening is the costly part (every allowed word of a dictionary):
    # it is made once, of the best max(top, width) words, and the choice is made from it
    asked = []
    rank = ranked.Ranked.rank

    def counted(self, state, *args, **options):
        asked.append(options.get("top", "rank's own default"))
        return rank(self, state, *args, **options)

    monkeypatch.setattr(ranked.Ranked, "rank", counted)
    state = GameState.new(wordlist(FOURTEEN))
    solver = make("entropy")  # width 8
    for top, deep in ((4, 8), (12, 12)):
        asked.clear()
        record = starters.compute(state, solver, top=top)
        assert asked == [deep]
        assert len(record["openers"]) == top


TEN = ["chomp", "crane", "fizzy", "gumbo", "nymph", "plaid", "slate", "trace", "vouch", "whisk"]


def test_starters_are_chosen_among_the_words_asked_for_each_once():
    words = wordlist(TEN)
    state, solver = GameState.new(words, wordlist(["crane", "trace"])), make()
    among = words.mask_of(["plaid", "slate", "whisk"])
    record = starters.compute(state, solver, among=among)
    chosen = [opener["word"] for opener in record["openers"]]
    # the words asked for, and (as in any game) the likeliest answers, in the pool or not
    assert set(chosen) <= {"plaid", "slate", "whisk", "crane", "trace"}
    assert {"plaid", "slate", "whisk"} <= set(chosen)
    assert record["made_from"]["openers_among"] == 3
    assert record["made_from"]["suggested"] == 10  # the game's own pool, as it was
    # without `among`, any word of the pool, each once, the strategy's own choice first
    record = starters.compute(state, solver)
    chosen = [opener["word"] for opener in record["openers"]]
    assert len(chosen) == len(set(chosen)) == 10
    assert chosen[0] == solver.choose(state)


class _ChoosesElsewhere:
    """The solver, except that it chooses a word its own ranking left out."""

    def __init__(self, solver, word):
        self._solver, self._word = solver, word

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def rank(self, state, **kwargs):
        return [c for c in self._solver.rank(state, **kwargs) if c.word != self._word]

    def choose(self, state, ranked=None):
        return self._word


def test_a_strategys_choice_outside_its_ranking_comes_first_with_no_figures():
    state = GameState.new(wordlist(TEN))
    record = starters.compute(state, _ChoosesElsewhere(make(), "fizzy"), top=4)
    first, *rest = record["openers"]
    assert first["word"] == "fizzy"
    assert first["estimate"] == 0.0 and first["score"] == 0.0
    assert first["entropy"] > 0  # its own partition's figures, worked out all the same
    assert len(rest) == 3 and "fizzy" not in [o["word"] for o in rest]


def test_a_starter_record_keeps_the_figures_to_their_places_and_says_what_it_was_made_of():
    # three equally likely answers; nymph against them: crane gives n yellow, slate and
    # trace nothing: parts of 1 and 2 (entropy 0.918296 bits, 5/3 words left on average)
    words = wordlist(["crane", "nymph", "slate", "trace"])
    state = GameState.new(words, wordlist(["crane", "slate", "trace"]), uniform=True)
    solver = make()
    ranking = {c.word: c for c in solver.rank(state, top=10)}
    record = starters.compute(state, solver, top=10)
    figures = {o["word"]: o for o in record["openers"]}
    nymph = figures["nymph"]
    assert nymph["entropy"] == round(-(2 / 3) * math.log2(2 / 3) - (1 / 3) * math.log2(1 / 3), 6)
    assert nymph["entropy"] == 0.918296
    assert nymph["expected_remaining"] == 1.667
    # slate splits them into three parts of one: log2(3) bits, one word left
    assert figures["slate"]["entropy"] == 1.584963 and figures["slate"]["expected_remaining"] == 1
    for word, opener in figures.items():
        assert opener["estimate"] == round(ranking[word].estimate, 6)
        assert opener["score"] == round(-ranking[word].value, 6)
        assert isinstance(opener["score"], float) and isinstance(opener["estimate"], float)
    assert sorted(record["made_from"]) == sorted(
        ["words", "allowed", "suggested", "answers", "strategy", "prior", "shortlist"]
    )
    assert record["made_from"]["allowed"] == 4 and record["made_from"]["answers"] == 3
    assert record["made_from"]["strategy"] == solver.name


# ---- starters.write ----


def test_starter_and_tree_files_are_written_into_folders_made_as_needed(tmp_path):
    record = {"k": 5, "openers": [{"word": "slate"}]}
    path = starters.write(tmp_path / "a" / "b", record)
    assert path == tmp_path / "a" / "b" / "05.json"
    text = path.read_text()
    # indented by one space a level, and a line's end at the end
    assert text.splitlines()[1] == ' "k": 5,' and text.endswith("}\n")
    assert json.loads(text) == record
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    tree = Node("slate", True, {"..g.g": Node("crane", True), "..gyg": Node("trace", True)})
    tree_record = treefiles.record_of(state, TreeResult(tree, 5, 3, None, True))
    where = tmp_path / "c" / "d" / "tree.json"
    treefiles.write(where, tree_record)
    assert treefiles.read(where)["tree"] == tree


# ---- starters.opener ----


def _store(folder, state, solver, word, shortlist=100.0, fingerprint=None):
    """Write by hand a starter record for state whose first opener is word; return its path."""
    openers = [{"word": word}]
    made_from = {"shortlist": shortlist}
    record = {
        "format": starters.FORMAT,
        "k": state.k,
        "fingerprint": fingerprint or starters.fingerprint(state, solver),
        "made_from": made_from,
        "openers": openers,
        "checksum": starters.checksum(openers, made_from),
    }
    return starters.write(folder, record)


def _many_words(n):
    """Return n distinct 5-letter words (aaaaa, aaaab, ...), none of them 'zzzzz'."""
    return ["".join(w) for w in itertools.islice(itertools.product("abcdefgh", repeat=5), n)]


def test_a_stored_opener_serves_a_normal_game_of_few_words(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    _store(tmp_path, state, solver, "slate")
    assert starters.opener(tmp_path, state, solver) == ("slate",)


def test_hard_mode_takes_a_stored_opener_only_above_its_endgame_size(tmp_path):
    solver = make()
    for n, usable in ((HARD_ENDGAME + 1, True), (HARD_ENDGAME, False)):
        folder = tmp_path / str(n)
        state = GameState.new(wordlist(_many_words(n)), hard=True)
        path = _store(folder, state, solver, "aaaab")
        if usable:
            assert starters.opener(folder, state, solver) == ("aaaab",)
        else:
            said = f"starter file {path} is for normal mode; with at most {HARD_ENDGAME} words"
            with pytest.raises(starters.StarterError, match=re.escape(said)):
                starters.opener(folder, state, solver)


def test_a_stored_opener_for_other_words_is_stale_and_says_so(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    path = _store(tmp_path, state, solver, "slate", fingerprint="0" * 64)
    said = f"starter file {path} was made for another dictionary or settings"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_made_less_exactly_than_asked_is_not_used_and_says_so(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make(shortlist=50.0)
    path = _store(tmp_path, state, solver, "slate", shortlist=20.0)
    said = f"starter file {path} was made with --shortlist 20, less exact than the 50 asked"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_that_is_not_an_allowed_word_is_refused_naming_the_file(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    path = _store(tmp_path, state, solver, "zzzzz")
    said = f"starter file {path} names an unknown word"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_is_read_in_the_games_own_letters(tmp_path):
    alphabet = Alphabet("añ")
    words = ["aa", "añ", "ña"]
    allowed = WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * 3, pa.uint8()),
        2,
        freqs=pa.array([3.0] * 3, pa.float32()),
        alphabet=alphabet,
    )
    state = GameState.new(allowed)
    solver = make()
    _store(tmp_path, state, solver, "ña")
    assert starters.opener(tmp_path, state, solver) == ("ña",)


def test_a_starter_file_that_is_a_folder_is_an_error_naming_it(tmp_path):
    starters.path_for(tmp_path, 5).mkdir()
    with pytest.raises(starters.StarterError, match=r"^starter file .*05\.json"):
        starters.read(tmp_path, 5)


def test_frequencies_count_in_the_fingerprint_to_two_decimals():
    words = ["crane", "slate", "trace"]
    solver = make()

    def fingerprint(zipf):
        state = GameState.new(wordlist(words, zipf=zipf), uniform=True)  # weights alike
        return starters.fingerprint(state, solver)

    # 3.001 and 3.004 both round to 3.00: the same settings; 3.10 is another frequency
    assert fingerprint([3.001, 3.0, 3.0]) == fingerprint([3.004, 3.0, 3.0])
    assert fingerprint([3.001, 3.0, 3.0]) != fingerprint([3.1, 3.0, 3.0])


def test_a_stored_opener_made_exactly_as_asked_serves_the_game(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make(shortlist=50.0)
    _store(tmp_path, state, solver, "slate", shortlist=50.0)  # as exact as asked: enough
    assert starters.opener(tmp_path, state, solver) == ("slate",)
