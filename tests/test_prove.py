"""The proof over every first guess (`lenwordle prove`): each exact total equals plain-Python
brute force, each bound is below the truth and above the cutoff, the table is the truth's
best; the results file resumed, sharded, merged, the same from 1 or 2 workers or Dask; bad
arguments and files refused in one line."""

import re
from collections import defaultdict

import pytest
from test_optimal import UNSOLVABLE, brute_force, sample

from lenwordle.api import SetupError
from lenwordle.api.proofs import prove
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.search import proof
from lenwordle.store import proof_file

WORDS = sample(7, 22)
ANSWERS = WORDS[:12]


def lists(tmp_path, words=WORDS, answers=ANSWERS) -> dict:
    """Return the word-file settings of a small problem, its files written in tmp_path."""
    (tmp_path / "words.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n")
    return {"words": tmp_path / "words.txt", "answers": tmp_path / "answers.txt"}


def opener_truth(opener: str, hard: bool, limit: int = 6) -> int:
    """Return the fewest total guesses after opener, by brute force over every tree."""
    parts = defaultdict(set)
    for answer in ANSWERS:
        parts[reply_for(opener, answer)].add(answer)
    total = len(ANSWERS)
    for reply, part in parts.items():
        if reply != "ggggg":
            legal = [g for g in WORDS if not (hard and hard_mode_problem(g, ((opener, reply),)))]
            total += brute_force(tuple(WORDS), part, limit - 1, hard, legal)
    return min(total, UNSOLVABLE)


def kept(path) -> str:
    """Return a results file's text without the lines that say how it was made."""
    return re.sub(r"# (run|cpu-seconds) .*\n", "", path.read_text())


@pytest.mark.parametrize("hard", [False, True])
def test_every_first_guess_is_proven_as_brute_force_finds_it(tmp_path, hard):
    made = prove(results=tmp_path / "p.txt", top=3, hard=hard, **lists(tmp_path))
    truth = {word: opener_truth(word, hard) for word in WORDS}
    verdicts = proof_file.read(tmp_path / "p.txt", WORDS).verdicts
    assert set(verdicts) == set(WORDS) and made.complete and made.proven == len(WORDS)
    ranked = sorted(truth.values())
    assert ranked[2] <= made.cutoff  # the cutoff is never below the third best's total
    for word, verdict in verdicts.items():
        if verdict.exact:
            assert verdict.total == truth[word] <= made.cutoff
        else:
            assert verdict.total == made.cutoff + 1 <= truth[word]
    # every first guess at most the cutoff is exact: the table is the truth's best three
    assert all(verdicts[w].exact for w in WORDS if truth[w] <= made.cutoff)
    best = sorted((t, w) for w, t in truth.items())
    third = best[2][0]
    assert [(w, t) for t, w in best if t <= third] == list(made.table)
    assert made.best == (best[0][1], best[0][0])


def test_the_cutoff_is_the_top_th_best_tree_of_the_ranked_first_guesses():
    assert proof.cutoff_of([9, 7, 8, 7], 2) == 7
    assert proof.cutoff_of([9, 7, 8, 7], 3) == 8
    assert proof.cutoff_of([9, 7, 8, 7], 4) == 9
    assert proof.cutoff_of([9, 7, 8, 7], 5) >= UNSOLVABLE  # fewer trees than places


def test_a_proof_stopped_is_resumed_to_the_same_file(tmp_path, monkeypatch):
    settings = lists(tmp_path)
    whole = prove(results=tmp_path / "whole.txt", top=3, **settings)
    calls = []
    task = proof.proof_task

    def stopping(*args):
        calls.append(args)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return task(*args)

    monkeypatch.setattr(proof, "proof_task", stopping)
    cut = prove(results=tmp_path / "cut.txt", top=3, **settings)
    assert cut.interrupted and not cut.complete
    assert len(proof_file.read(tmp_path / "cut.txt", WORDS).verdicts) == 4  # all 4 proven kept
    monkeypatch.setattr(proof, "proof_task", task)
    again = prove(results=tmp_path / "cut.txt", top=3, **settings)
    assert again.complete and again.table == whole.table
    assert kept(tmp_path / "cut.txt") == kept(tmp_path / "whole.txt")
    assert len(proof_file.read(tmp_path / "cut.txt", WORDS).runs) == 2  # each run said


def test_one_worker_two_workers_and_shards_merged_make_the_same_file(tmp_path):
    settings = lists(tmp_path)
    prove(results=tmp_path / "one.txt", top=3, workers=1, **settings)
    prove(results=tmp_path / "two.txt", top=3, workers=2, **settings)
    assert kept(tmp_path / "one.txt") == kept(tmp_path / "two.txt")
    first = prove(results=tmp_path / "s1.txt", top=3, shard=(1, 2), **settings)
    assert first.shard_guesses == (len(WORDS) + 1) // 2 == first.shard_proven
    assert not first.complete and first.best is None
    prove(results=tmp_path / "s2.txt", top=3, shard=(2, 2), **settings)
    merged = prove(
        results=tmp_path / "m.txt",
        top=3,
        merge=[tmp_path / "s1.txt", tmp_path / "s2.txt"],
        **settings,
    )
    assert merged.complete
    assert kept(tmp_path / "m.txt") == kept(tmp_path / "one.txt")


def test_the_first_guesses_on_a_local_dask_cluster_make_the_same_file(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    settings = lists(tmp_path)
    prove(results=tmp_path / "here.txt", top=3, **settings)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False) as cluster:
        made = prove(
            results=tmp_path / "dask.txt", top=3, scheduler=cluster.scheduler_address, **settings
        )
    assert made.complete
    assert kept(tmp_path / "dask.txt") == kept(tmp_path / "here.txt")


@pytest.mark.parametrize(
    "shard, ok",
    [((1, 1), True), ((2, 2), True), ((0, 2), False), ((3, 2), False), ((1, 0), False)],
)
def test_a_shard_is_one_of_n(tmp_path, shard, ok):
    settings = lists(tmp_path)
    if ok:
        assert prove(results=tmp_path / "p.txt", top=1, shard=shard, **settings).shard == shard
    else:
        with pytest.raises(SetupError, match="shard"):
            prove(results=tmp_path / "p.txt", top=1, shard=shard, **settings)


def test_top_is_from_one_to_every_first_guess(tmp_path):
    settings = lists(tmp_path)
    assert len(prove(results=tmp_path / "a.txt", top=len(WORDS), **settings).table) == len(WORDS)
    for top in (0, len(WORDS) + 1):
        with pytest.raises(SetupError, match="top"):
            prove(results=tmp_path / "b.txt", top=top, **settings)


def test_a_file_of_another_proof_or_not_a_proof_is_refused_untouched(tmp_path):
    settings = lists(tmp_path)
    prove(results=tmp_path / "p.txt", top=2, **settings)
    before = (tmp_path / "p.txt").read_text()
    with pytest.raises(SetupError, match="other lists or rules"):
        prove(results=tmp_path / "p.txt", top=3, **settings)
    with pytest.raises(SetupError, match="other lists or rules"):
        prove(results=tmp_path / "p.txt", top=2, hard=True, **settings)
    assert (tmp_path / "p.txt").read_text() == before
    (tmp_path / "x.txt").write_text("salet 7920\n")
    with pytest.raises(SetupError, match="not a lenwordle proof file"):
        prove(results=tmp_path / "x.txt", top=2, **settings)
    assert (tmp_path / "x.txt").read_text() == "salet 7920\n"


@pytest.mark.parametrize(
    "line, why",
    [
        ("zzzzz 40", "not one of the guesses"),
        ("{w} 4O", "not a total"),
        ("{w} >=", "not a total"),
        ("{w} -3", "not a total"),
        ("{w} 1234567890123", "not a total"),
        ("{w} 40\n{w} 41", "a guess twice"),
        ("# cutoff 9", "heading"),
        ("# colour red", "heading"),
    ],
)
def test_a_proof_file_edited_wrongly_is_refused_naming_its_line(tmp_path, line, why):
    settings = lists(tmp_path)
    prove(results=tmp_path / "p.txt", top=2, **settings)
    lines = (tmp_path / "p.txt").read_text().splitlines()
    lines = [each for each in lines if not each.startswith(f"{WORDS[0]} ")]  # (its own line)
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n" + line.format(w=WORDS[0]) + "\n")
    with pytest.raises(SetupError, match=why):
        prove(results=tmp_path / "p.txt", top=2, **settings)


@pytest.mark.parametrize("cells", [None, 300])
@pytest.mark.parametrize("hard", [False, True])
def test_parts_bounded_first_prove_what_the_plain_search_finds(monkeypatch, hard, cells):
    # larger lists than brute force can take: the plain search (checked against brute force
    # in test_optimal) is the reference; with beta, a total below it exact, else a bound;
    # cells 300: every part's guesses bounded in several blocks (optimal.STATS_CELLS)
    from test_optimal import game

    from lenwordle.search import optimal
    from lenwordle.search.optimal import INFEASIBLE, Search, problem_of

    if cells is not None:
        monkeypatch.setattr(optimal, "STATS_CELLS", cells)

    words = sample(11, 90)
    problem = problem_of(game(words, words[:45], hard))
    bounded = proof.proof_search(problem)
    assert bounded.bound_parts
    for word in words[::6]:
        truth, _ = proof.opener_total(Search(problem, width=None), word)
        assert proof.opener_total(bounded, word) == (truth, truth < INFEASIBLE)
        for beta in (truth, truth + 1):
            total, exact = proof.opener_total(bounded, word, beta)
            assert exact == (truth < beta)
            assert total == truth if exact else beta <= total <= truth


def test_a_file_merged_again_adds_none_of_its_runs_nor_its_cpu_twice(tmp_path):
    # the results file also given as --merge, a shard given twice, or a merge run again to
    # resume it: the file's core-hours are each run's once
    settings = lists(tmp_path)
    prove(results=tmp_path / "s1.txt", top=3, shard=(1, 2), **settings)
    prove(results=tmp_path / "s2.txt", top=3, shard=(2, 2), **settings)
    shards = [proof_file.read(tmp_path / f"s{i}.txt", WORDS) for i in (1, 2)]
    merge = [tmp_path / "s1.txt", tmp_path / "s2.txt", tmp_path / "s1.txt"]
    prove(results=tmp_path / "m.txt", top=3, merge=merge, **settings)
    once = proof_file.read(tmp_path / "m.txt", WORDS)
    assert once.runs[:-1] == shards[0].runs + shards[1].runs
    assert once.cpu_seconds == pytest.approx(sum(s.cpu_seconds for s in shards), abs=0.2)
    prove(results=tmp_path / "m.txt", top=3, merge=[*merge, tmp_path / "m.txt"], **settings)
    again = proof_file.read(tmp_path / "m.txt", WORDS)
    assert again.runs == once.runs  # (nothing new: the file as it was)
    assert again.cpu_seconds == pytest.approx(once.cpu_seconds, abs=0.2)


def test_merge_of_no_path_is_refused_naming_merge(tmp_path):
    with pytest.raises(SetupError, match="merge"):
        prove(results=tmp_path / "p.txt", top=2, merge=[None], **lists(tmp_path))


@pytest.mark.parametrize("exact, above", [(True, 1), (False, 0)])
def test_a_verdict_the_cutoff_contradicts_is_refused_naming_its_line(tmp_path, exact, above):
    # an exact total above the cutoff, or a bound at most it, proves nothing the file says
    settings = lists(tmp_path)
    made = prove(results=tmp_path / "p.txt", top=2, **settings)
    lines = (tmp_path / "p.txt").read_text().splitlines()
    word = WORDS[0]
    lines = [each for each in lines if not each.startswith(f"{word} ")]
    said = f"{'' if exact else '>='}{made.cutoff + above}"
    (tmp_path / "p.txt").write_text("\n".join([*lines, f"{word} {said}"]) + "\n")
    with pytest.raises(SetupError, match=f"line {len(lines) + 1}: .*cutoff {made.cutoff}"):
        prove(results=tmp_path / "p.txt", top=2, **settings)
    # one past: a bound above the cutoff, an exact total at it, are what a proof writes
    said = f"{'' if exact else '>='}{made.cutoff + above - (1 if exact else -1)}"
    (tmp_path / "p.txt").write_text("\n".join([*lines, f"{word} {said}"]) + "\n")
    assert proof_file.read(tmp_path / "p.txt", WORDS).verdicts[word].exact == exact


def test_a_cluster_lost_mid_proof_is_one_line_what_is_proven_kept(tmp_path, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    from lenwordle.search import besttree

    real, named = besttree.on_dask, {}

    def lossy(scheduler, shared, fn, tasks, record, name, kept):
        if tasks[0][1] is not proof.proof_task:  # (each task: key, fn, group)
            return real(scheduler, shared, fn, tasks, record, name, kept)
        named["first"], named["kept"] = name(0), kept
        real(scheduler, shared, fn, tasks[:2], record, name, kept)
        raise besttree.SchedulerError(f"--scheduler {scheduler}: lost; {kept}")

    monkeypatch.setattr(besttree, "on_dask", lossy)
    settings = lists(tmp_path)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False) as cluster:
        with pytest.raises(SetupError, match="lost; what was proven is kept") as raised:
            prove(
                results=tmp_path / "p.txt", top=3, scheduler=cluster.scheduler_address, **settings
            )
    assert "\n" not in str(raised.value)
    assert len(proof_file.read(tmp_path / "p.txt", WORDS).verdicts) == 2
    first = proof.ranked(problem_of_lists(tmp_path))[0]
    assert named["first"] == f"the proof of {first.upper()}"


def problem_of_lists(tmp_path, hard=False):
    """Return the search problem of the small lists (written by lists())."""
    from test_optimal import game

    from lenwordle.search.optimal import problem_of

    return problem_of(game(WORDS, ANSWERS, hard))


def test_each_thread_of_a_dask_worker_has_its_own_search():
    # a Dask worker runs tasks in threads (nthreads): a search's partitions kept for a part
    # (Search._ready, keyed by the answers alone) and its memo are not for two at once
    import threading

    problem, found = problem_of_lists(None), []
    mine = proof.search_of(problem, "key", proof.proof_task)
    thread = threading.Thread(
        target=lambda: found.append(proof.search_of(problem, "key", proof.proof_task))
    )
    thread.start()
    thread.join()
    assert found[0] is not mine
    assert proof.search_of(problem, "key", proof.proof_task) is mine


@pytest.mark.parametrize(
    "heading, value, ok",
    [
        ("cutoff", "9" * 12, True),
        ("cutoff", "9" * 13, False),
        ("cutoff", "1" * 5000, False),  # (past Python's 4300 digits of int())
        ("cpu-seconds", "0", True),
        ("cpu-seconds", "nan", False),
        ("cpu-seconds", "inf", False),
        ("cpu-seconds", "-1", False),
        ("cpu-seconds", "x", False),
    ],
)
def test_a_heading_s_number_is_one_a_proof_writes(tmp_path, heading, value, ok):
    settings = lists(tmp_path)
    prove(results=tmp_path / "p.txt", top=2, **settings)
    text = (tmp_path / "p.txt").read_text()
    lines = [
        f"# {heading} {value}" if x.startswith(f"# {heading} ") else x for x in text.splitlines()
    ]
    lines = [x for x in lines if x.startswith("#")]  # (no guess line for the cutoff to judge)
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n")
    if ok:
        assert proof_file.read(tmp_path / "p.txt", WORDS).cutoff >= 0
    else:
        with pytest.raises(proof_file.BadFile, match=heading):
            proof_file.read(tmp_path / "p.txt", WORDS)


@pytest.mark.parametrize("brk", ["\n", "\r", "\x85", "\u2028"])
def test_a_command_of_several_lines_is_kept_on_its_run_line(tmp_path, brk):
    # (a path may hold a line break: the command line's run line keeps it on one line, and
    # no part of it is read back as a guess's line)
    settings = lists(tmp_path)
    command = f"lenwordle prove --results 'p{brk}{WORDS[0]} 1'"
    prove(results=tmp_path / "p.txt", top=2, command=command, **settings)
    made = proof_file.read(tmp_path / "p.txt", WORDS)
    assert len(made.runs) == 1 and made.runs[0].startswith("20")
    assert made.verdicts[WORDS[0]] != proof_file.Verdict(1, True)
    again = prove(results=tmp_path / "p.txt", top=2, **settings)
    assert again.complete


def test_a_part_s_partitions_kept_for_another_legal_set_are_not_used():
    # hard mode: the same answers after two first guesses, each with its own legal guesses;
    # partitions kept for one (as bound_parts keeps them, Search._ready) used by the other's
    # search gave 13 for 12 (guesses the other's hints forbid, or missed ones: a wrong proof)
    import numpy as np
    from test_optimal import game

    from lenwordle.search.optimal import Search, problem_of

    words = sample(5, 300)
    problem = problem_of(game(words, words[:150], True))
    search = Search(problem, width=None)
    group = np.array([problem.answer_words.index(w) for w in ("bases", "buses", "clues")])
    group = np.sort(
        np.r_[group, [problem.answer_words.index(w) for w in ("gates", "knees", "makes")]]
    )
    legal = {}
    for opener in ("hides", "fired"):
        guess = problem.guess_words.index(opener)
        codes = search.codes(group, np.array([guess]))[0]
        assert len(set(codes.tolist())) == 1  # the one part of these answers
        legal[opener] = search.legal_after(None, guess, None)(int(codes[0]))
    assert (legal["hides"] != legal["fired"]).any()
    for kept, asked in (("hides", "fired"), ("fired", "hides")):
        truth = Search(problem, width=None).solve(group, 5, legal[asked])[0]
        search = Search(problem, width=None)
        search.keep_ready(group, legal[kept], search.sorted_blocks(group, legal[kept]))
        assert search.solve(group, 5, legal[asked])[0] == truth
        search = Search(problem, width=None)
        search.keep_ready(group, legal[asked], search.sorted_blocks(group, legal[asked]))
        assert search.solve(group, 5, legal[asked])[0] == truth  # its own: taken back
        assert group.tobytes() not in search._ready


@pytest.mark.parametrize("cells", [None, 300])
@pytest.mark.parametrize("hard", [False, True])
def test_a_part_s_stats_from_its_kept_sorted_codes_are_those_made_anew(monkeypatch, hard, cells):
    import numpy as np
    from test_optimal import game

    from lenwordle.search import optimal
    from lenwordle.search.optimal import Search, problem_of

    if cells is not None:  # several blocks of guesses
        monkeypatch.setattr(optimal, "STATS_CELLS", cells)
    words = sample(5, 120)
    problem = problem_of(game(words, words[:60], hard))
    group = np.arange(0, 60, 3)
    legal = np.ones(len(problem.guess_words), bool) if hard else None
    search = Search(problem, width=None)
    blocks = search.sorted_blocks(group, legal)
    assert (len(blocks) > 1) == (cells is not None)
    search.keep_ready(group, legal, blocks)
    kept = search.stats(group, legal)
    assert group.tobytes() not in search._ready  # taken back once
    anew = Search(problem, width=None).stats(group, legal)
    for name in optimal.Stats.__dataclass_fields__:
        assert np.array_equal(getattr(kept, name), getattr(anew, name)), name


def test_a_finished_proof_run_again_leaves_its_file_as_it_was(tmp_path):
    # (a committed proof's table shown again: no run line of a run that proved nothing)
    settings = lists(tmp_path)
    first = prove(results=tmp_path / "p.txt", top=2, **settings)
    before = (tmp_path / "p.txt").read_bytes()
    again = prove(results=tmp_path / "p.txt", top=2, **settings)
    assert (tmp_path / "p.txt").read_bytes() == before
    assert again.table == first.table and again.complete and not again.interrupted
    # a shard's file run again, with every first guess of the shard proven: as it was too
    prove(results=tmp_path / "s.txt", top=2, shard=(2, 2), **settings)
    before = (tmp_path / "s.txt").read_bytes()
    assert prove(results=tmp_path / "s.txt", top=2, shard=(2, 2), **settings).shard_proven
    assert (tmp_path / "s.txt").read_bytes() == before
    # ... but one more shard's proven into it is a run of its own
    prove(results=tmp_path / "s.txt", top=2, shard=(1, 2), **settings)
    assert len(proof_file.read(tmp_path / "s.txt", WORDS).runs) == 2


# a hard-mode position where a narrow search's memo lends a tree found with other legal
# guesses: the same search then finds 64 where a new one finds 65 (found by random trials)
LENT_ANSWERS = (
    "allow ample asset beach bogus bombs books cause cited click craft crops daily dines draft "
    "dream faint feels flags flour fuzzy gears hands layer lemon looks mania meant"
).split()
LENT_LEGAL = (
    LENT_ANSWERS
    + "atlas basis boots bucks curry froze hoped input motor noted nouns \
ozone pinch scans shake skull spout tanks thick tries truck verse votes".split()
)


def test_a_search_forgotten_finds_what_a_new_search_finds():
    import numpy as np
    from test_optimal import game

    from lenwordle.search.optimal import Search, problem_of

    words = sample(3, 120)
    problem = problem_of(game(words, words[:60], True))
    answers = np.array(sorted(problem.answer_words.index(w) for w in LENT_ANSWERS))
    legal = np.zeros(len(problem.guess_words), bool)
    legal[[problem.guess_words.index(w) for w in LENT_LEGAL]] = True
    new = Search(problem, width=2).solve(answers, 3, None)[0]
    search = Search(problem, width=2)
    search.solve(answers, 3, legal)
    assert search.solve(answers, 3, None)[0] == new - 1  # the tree lent: order matters
    search.solve(answers, 3, legal)
    search.forget()
    assert search.solve(answers, 3, None)[0] == new


@pytest.mark.parametrize("hard", [False, True])
def test_a_hard_mode_cutoff_tree_is_searched_from_an_empty_memo(monkeypatch, hard):
    # the cutoff is the same whatever a worker searched before (the file the same from 1, 2
    # or 4 workers); in normal mode a memo lends only what a new search finds: kept
    problem, entered = problem_of_lists(None, hard=hard), []
    total_of = proof.opener_total

    def spied(search, word, beta=proof.INFEASIBLE):
        entered.append(len(search.memo) + len(search.hard_memo))
        return total_of(search, word, beta)

    monkeypatch.setattr(proof, "opener_total", spied)
    for index, word in enumerate(WORDS[:3]):
        assert proof.cutoff_task(problem, f"key-{hard}", index, word)[:2] == [
            index,
            total_of(proof.cutoff_search(problem), word)[0],
        ]
    assert proof.search_of(problem, f"key-{hard}", proof.cutoff_task).problem is problem
    if hard:
        assert entered == [0, 0, 0]  # each tree from an empty memo
    else:
        assert entered[0] == 0 and entered[1] > 0  # the memo kept from task to task


def test_the_cutoff_rule_in_a_proof_s_fingerprint():
    # normal mode's, word for word the rule of the files made before hard mode's was told
    # apart (proofs/nyt-proof-normal.txt resumes under it); hard mode's another
    rule = "cutoff: width-8 trees of the 2 x top first guesses ranked first by the estimate"
    assert proof.cutoff_rule(problem_of_lists(None)) == rule
    hard = proof.cutoff_rule(problem_of_lists(None, hard=True))
    assert hard != rule and "width-32" in hard and "empty memo" in hard
