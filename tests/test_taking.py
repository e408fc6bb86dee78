"""The chance that the game takes a word (words/taking.py), what refusals teach, and what
it does to play: a storm of refusals past the dictionary cannot happen."""

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from lenwordle.api.setup import Settings
from lenwordle.engine.position import Target
from lenwordle.engine.state import GameState
from lenwordle.games.play import play_game
from lenwordle.games.referees import HiddenAnswers
from lenwordle.strategies import ranked
from lenwordle.words import taking
from lenwordle.words.langlists import language_dir
from lenwordle.words.wordlist import DERIVED, NOT_IN_SCOWL, OUTSIDE, WordList


def words_of(rows: list[tuple[str, float, int, int]]) -> WordList:
    """Return a list of (word, zipf, level, marks), sorted."""
    rows = sorted(rows)
    return WordList(
        pa.array([w for w, *_ in rows], pa.large_string()),
        pa.array([level for _, _, level, _ in rows], pa.uint8()),
        len(rows[0][0]),
        freqs=pa.array([z for _, z, _, _ in rows], pa.float32()),
        marks=pa.array([m for *_, m in rows], pa.uint8()),
    )


# a base form, a derived form and a word no dictionary lists, at each of two frequencies
WORDS = words_of(
    [
        ("bases", 4.0, 35, 0),
        ("based", 4.0, 35, DERIVED),
        ("basey", 4.0, NOT_IN_SCOWL, OUTSIDE),
        ("rarea", 1.0, 80, 0),
        ("rareb", 1.0, 80, DERIVED),
        ("rarec", 1.0, NOT_IN_SCOWL, OUTSIDE),
        ("midda", 2.5, 60, 0),
        ("middb", 2.5, 60, DERIVED),
        ("middc", 2.0, 60, 0),
        ("middd", 3.0, 60, 0),
    ]
)
ALL = np.arange(len(WORDS))


def chance(word: str, taken=(), refused=()) -> float:
    return float(taking.chances(WORDS, np.array([WORDS.row(word)]), taken, refused)[0])


def test_before_any_refusal_a_common_base_form_is_all_but_sure_and_each_signal_lowers_it():
    assert chance("bases") >= ranked.SURE  # never priced before a refusal
    assert chance("rarea") < chance("bases")  # rarer
    assert chance("based") < chance("bases")  # derived
    assert chance("basey") < chance("bases")  # no dictionary lists it
    assert 0 < chance("rarec") < chance("rarea")
    total = taking.posterior(WORDS, [], []).sum()
    assert total == pytest.approx(1.0)


def test_a_refused_word_makes_rarer_words_less_likely_than_commoner_ones():
    before = taking.chances(WORDS, ALL)
    after = taking.chances(WORDS, ALL, refused=["midda"])  # a base form of Zipf 2.5
    drop = dict(zip(WORDS.strings, after / before))
    assert drop["middc"] < drop["middd"]  # Zipf 2.0 falls more than 3.0
    assert drop["rarea"] < drop["bases"]
    assert drop["bases"] > 0.9  # a common word stays all but sure


def test_a_refused_derived_form_makes_derived_forms_less_likely_than_base_forms():
    after = taking.chances(WORDS, ALL, refused=["middb"])
    by = dict(zip(WORDS.strings, after))
    before = dict(zip(WORDS.strings, taking.chances(WORDS, ALL)))
    assert by["based"] / before["based"] < by["bases"] / before["bases"]
    assert by["based"] < 0.5 < by["bases"]


def test_a_word_taken_after_a_refusal_tells_the_game_is_more_lenient():
    strict = chance("rarea", refused=["middb", "midda"])
    lenient = chance("rarea", taken=["rareb"], refused=["middb", "midda"])
    assert lenient > strict


def test_a_refusal_reweighs_the_possible_answers_and_nothing_else_does():
    state = GameState.new(WORDS, uniform=True)
    assert state.reweighed() is state  # nothing refused: the prior as it is
    assert state.after("middd", "ggg..").weights is state.weights
    refused = state.refuse("middb")
    w = dict(zip(WORDS.strings, refused.weights))
    assert w["based"] < w["bases"] and w["rareb"] < w["rarea"]
    assert refused.prior_weights is not None and (refused.prior_weights == 1).all()
    again = refused.refuse("rarec")  # from the prior each time, not compounded
    expected = taking.reweighed(WORDS, again.answer_rows[again.candidate_rows], [], again.refused)
    assert np.allclose(again.weights[again.candidate_rows], expected)


def test_a_refusal_is_priced_only_below_sure_once_the_game_refused_a_word(monkeypatch):
    rows = np.arange(3)
    unrefused = GameState.new(WORDS)
    assert (ranked.refusal_prices(unrefused, rows, 0.5) == 0).all()  # none refused yet
    state = unrefused.refuse("rareb")
    monkeypatch.setattr(
        GameState, "taking", lambda self, r: np.array([ranked.SURE, ranked.SURE - 0.01, 0.0])
    )
    prices = ranked.refusal_prices(state, rows, 0.5)
    assert prices[0] == 0.0  # exactly sure: no price
    assert 0 < prices[1] < 0.01
    assert prices[2] == pytest.approx(0.5)  # never taken: the whole cost
    assert (ranked.refusal_prices(state, rows, 0.0) == 0).all()


def polish_base_forms(min_zipf: float) -> set[str]:
    """Return the Polish 5-letter base forms a dictionary lists, of at least min_zipf:
    a strict game's list (no inflected form, no rare word)."""
    table = pq.read_table(language_dir() / "pl.parquet")
    keep = pc.and_(
        pc.and_(pc.equal(table["length"], 5), pc.greater_equal(table["zipf"], min_zipf)),
        pc.and_(
            pc.not_equal(pc.bit_wise_and(table["sources"], 3), 0),
            pc.equal(pc.bit_wise_and(table["marks"], 3), 0),
        ),
    )
    return set(table.filter(keep)["word"].to_pylist())


@pytest.mark.parametrize("answer", ["bialy", "uwaza"])
def test_an_answer_past_the_dictionary_brings_no_storm_of_refusals(answer):
    # a colloquial spelling (biały, uważa without accents) no dictionary lists, in a game
    # that takes only common base forms: the probes past the dictionary were refused one
    # after another (175 and 61 in one game before words/taking.py), now at most ten
    settings = Settings(5, lang="pl")
    first = settings.open()
    accepted = {settings.alphabet().fold(w) for w in polish_base_forms(3.0)} | {answer}
    played = play_game(
        first.solver,
        first.position,
        HiddenAnswers(Target((answer,))),
        accepted,
        first.everything(),
    )
    assert played.solved
    assert len(played.refused) <= 10, played.refused
