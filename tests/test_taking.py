"""The chance that the game takes a word (words/taking.py), what refusals teach, and what
it does to play: a storm of refusals past the dictionary cannot happen."""

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from lenwordle.api.game import Game
from lenwordle.api.setup import Settings
from lenwordle.engine.position import Target
from lenwordle.engine.state import GameState
from lenwordle.games.play import play_game
from lenwordle.games.referees import HiddenAnswers
from lenwordle.strategies import base as strategies
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
    assert chance("bases") >= strategies.TAKEN_SURE  # never priced before a refusal
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
    state = GameState.new(WORDS)  # the prior: not uniform
    assert state.reweighed() is state  # nothing refused: the prior as it is
    assert state.after("middd", "ggg..").weights is state.weights
    prior = state.weights.copy()
    refused = state.refuse("middb")
    w = dict(zip(WORDS.strings, refused.weights / prior))
    assert w["based"] < w["bases"] and w["rareb"] < w["rarea"]
    assert refused.prior_weights is not None and (refused.prior_weights == prior).all()
    again = refused.refuse("rarec")  # from the prior each time, not compounded
    rows = again.candidate_rows
    now = taking.chances(WORDS, rows, [], ["middb", "rarec"])
    before = taking.chances(WORDS, rows)
    assert np.allclose(again.weights[rows], prior[rows] * now / before)
    assert not again.mask[WORDS.row("rarec")] and not again.mask[WORDS.row("middb")]


def test_a_list_given_uniformly_likely_is_never_reweighed():
    state = GameState.new(WORDS, uniform=True)  # --answers FILE, --uniform
    refused = state.refuse("middb")
    assert (refused.weights == 1).all() and refused.prior_weights is None


def test_undo_after_a_refusal_is_the_game_as_it_was():
    game = Game(5, lang="pl")
    before = (game.suggestion, game.count, game.possible(0, 5))
    game.refuse()
    assert game.count == before[1] - 1 or game.count == before[1]
    game.undo()
    assert (game.suggestion, game.count, game.possible(0, 5)) == before


def test_hundreds_of_refusals_keep_their_evidence():
    many = [w for w in WORDS.strings if w != "bases"] * 60  # (600 refusals: no underflow)
    belief = taking.posterior(WORDS, [], many)
    assert np.isfinite(belief).all() and belief.sum() == pytest.approx(1.0)
    assert not np.allclose(belief, taking.posterior(WORDS, [], []))
    assert chance("bases", refused=many) < chance("bases", refused=many[:9])


def test_a_refusal_is_priced_only_below_sure_once_the_game_refused_a_word(monkeypatch):
    rows = np.arange(4)
    sure = strategies.TAKEN_SURE
    unrefused = GameState.new(WORDS)
    assert (strategies.refusal_prices(unrefused, rows, 0.5) == 0).all()  # none refused yet
    state = unrefused.refuse("rareb")
    monkeypatch.setattr(
        GameState, "taking", lambda self, r: np.array([1.0, sure, sure - 0.01, 0.0])
    )
    prices = strategies.refusal_prices(state, rows, 0.5)
    assert prices[0] == 0.0 and prices[1] == 0.0  # above and exactly sure: no price
    assert prices[2] == pytest.approx(0.5 * 0.01 / sure)  # just below: in proportion
    assert prices[3] == pytest.approx(0.5)  # never taken: the whole cost
    assert (strategies.refusal_prices(state, rows, 0.0) == 0).all()


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
    # after another (175 and 61 in one game before words/taking.py), now one each
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
    assert len(played.refused) <= 3, played.refused


def test_on_several_boards_a_suggestion_is_priced_too():
    # 12 frequent Polish answers, two a game, in a game that takes only common base forms:
    # 4.52 refusals a game and 17 in one when only one board was priced
    from lenwordle.api.benchmarks import bench

    targets = "bardo nauce urodą three wyślę milej gonić damon łapie spadł johna wziąć".split()
    accepted = polish_base_forms(3.0) | set(targets)
    result = bench(targets, accepted=accepted, lang="pl", boards=2, games=40, seed=0)
    most = max(result.refusals.values())
    assert most <= 8 and sum(result.refusals.values()) / len(result.refusals) <= 2.5, most
