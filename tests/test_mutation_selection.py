"""Under mutation, a mutant's tests are picked and ordered the same way whatever the order
mutmut passes them in (tests/conftest.py: _quickest_first), and the files it ranks first are
the test files here."""

from pathlib import Path

from conftest import FIRST_UNDER_MUTATION, _quickest_first


def test_the_order_of_a_mutants_tests_does_not_depend_on_the_order_given():
    first = f"tests/{FIRST_UNDER_MUTATION[0]}::test_a"
    later = f"tests/{FIRST_UNDER_MUTATION[-1]}::test_c"
    names = [
        "tests/test_zeta.py::test_b",
        later,
        "tests/test_alpha.py::test_d",
        first,
        "tests/test_slow.py::test_e",
    ]
    durations = {name: 0.012 for name in names} | {"tests/test_slow.py::test_e": 0.5}
    expected = [
        first,  # the unit tests of the mutated packages lead their time group,
        later,  # in the order of FIRST_UNDER_MUTATION
        "tests/test_alpha.py::test_d",  # then by id
        "tests/test_zeta.py::test_b",
        "tests/test_slow.py::test_e",  # the slower time group last
    ]
    assert _quickest_first(names, durations) == expected
    assert _quickest_first(list(reversed(names)), durations) == expected


def test_times_that_round_apart_are_ordered_by_time_first():
    names = [f"tests/{FIRST_UNDER_MUTATION[0]}::test_slower", "tests/test_other.py::test_quicker"]
    durations = {names[0]: 0.016, names[1]: 0.004}  # 0.02 and 0.00 once rounded
    assert _quickest_first(names, durations) == names[::-1]


def test_the_files_ranked_first_under_mutation_are_test_files_here_each_once():
    # a file renamed or removed would silently fall back among all the other tests
    here = Path(__file__).parent
    assert [name for name in FIRST_UNDER_MUTATION if not (here / name).is_file()] == []
    assert len(set(FIRST_UNDER_MUTATION)) == len(FIRST_UNDER_MUTATION)
