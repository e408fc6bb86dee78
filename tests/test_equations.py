"""Nerdle's equations against a plain reference: every string (or a superset of the valid
ones) checked by a small recursive-descent parser written here with Fraction arithmetic."""

import functools
import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.words import equations as generator
from lenwordle.words.equations import (
    NERDLE_GAMES,
    SYMBOLS,
    answers,
    defined_at,
    equations,
    guesses,
    is_equation,
    power_spans,
    solutions,
)

PLAIN, MAXI = SYMBOLS["classic"], SYMBOLS["maxi"]


@pytest.fixture(autouse=True, scope="module")
def _forget_the_equations():
    """Drop the equations made here once the module is done: maxi's 2.2 million answers
    would stay in the test process (a gigabyte) for every test after."""
    yield
    equations.cache_clear()


@pytest.fixture
def made_here():
    """Make this test's equations and their shapes anew, not read them from the caches an
    earlier test (or a process this one was forked from) filled."""
    for cached in (
        generator.equations,
        generator.shapes,
        generator.sums,
        generator.products,
        generator.factors,
    ):
        cached.cache_clear()


class Invalid(Exception):
    """The text is not a valid left side."""


class Reference:
    """A left side read character by character: sum of products of (grouped) powers."""

    def __init__(self, text: str, lone_zeros: bool):
        self.text, self.at, self.lone_zeros, self.operations = text, 0, lone_zeros, 0

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self) -> str:
        self.at += 1
        return self.text[self.at - 1]

    def sum(self) -> Fraction:
        value = self.product()
        while self.peek() in ("+", "-"):
            self.operations += 1
            value = value + self.product() if self.take() == "+" else value - self.product()
        return value

    def product(self) -> Fraction:
        value = self.power()
        while self.peek() in ("*", "/"):
            self.operations += 1
            op, right = self.take(), self.power()
            if op == "/" and right == 0:
                raise Invalid("division by zero")
            value = value * right if op == "*" else value / right
        return value

    def power(self) -> Fraction:
        value = self.atom()
        if self.peek() in ("²", "³"):
            self.operations += 1
            value = value ** (2 if self.take() == "²" else 3)
        return value

    def atom(self) -> Fraction:
        if self.peek() == "(":
            self.take()
            value = self.sum()
            if self.peek() != ")":
                raise Invalid("unclosed bracket")
            self.take()
            return value
        digits = ""
        while self.peek() and self.peek() in "0123456789":
            digits += self.take()
        if not digits or (digits[0] == "0" and len(digits) > 1):
            raise Invalid("no number, or a leading zero")
        if digits == "0" and not self.lone_zeros:
            raise Invalid("a lone zero")
        return Fraction(int(digits))


def valid(equation: str, lone_zeros: bool = True) -> bool:
    """Say whether the text is a valid Nerdle equation, read independently of the module."""
    if equation.count("=") != 1:
        return False
    left, right = equation.split("=")
    if not right.isdigit() or not right.isascii() or (right[0] == "0" and len(right) > 1):
        return False
    reader = Reference(left, lone_zeros)
    try:
        value = reader.sum()
    except Invalid:
        return False
    return reader.at == len(left) and reader.operations > 0 and value == int(right)


def superset(size: int, symbols: str):
    """Yield every string with one = and only digits after it (all valid ones among them)."""
    left_symbols = symbols.replace("=", "")
    for left in range(1, size - 1):
        for head in itertools.product(left_symbols, repeat=left):
            for tail in itertools.product("0123456789", repeat=size - left - 1):
                yield "".join(head) + "=" + "".join(tail)


def test_size_5_is_every_valid_string_of_15_symbols(made_here):
    every = ("".join(s) for s in itertools.product(PLAIN, repeat=5))
    expected = sorted(e for e in every if valid(e))
    assert guesses(5) == expected
    assert answers(5) == [e for e in expected if valid(e, lone_zeros=False)]


def test_size_6_is_every_valid_string_of_its_superset():
    expected = sorted(e for e in superset(6, PLAIN) if valid(e))
    assert guesses(6) == expected
    assert answers(6) == [e for e in expected if valid(e, lone_zeros=False)]


@pytest.mark.parametrize("lone_zeros", [True, False])
def test_maxi_symbols_at_size_5_are_every_valid_string(made_here, lone_zeros):
    expected = sorted(e for e in superset(5, MAXI) if valid(e, lone_zeros))
    assert equations(5, MAXI, lone_zeros) == expected


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=MAXI.replace("=", ""), min_size=1, max_size=4), st.integers(0, 99))
def test_maxi_symbols_at_size_6_agree_with_the_reference(left, right):
    equation = f"{left}={right}"
    if len(equation) == 6:
        assert (equation in maxi_symbols_at_6()) == valid(equation)


@functools.cache
def maxi_symbols_at_6() -> frozenset[str]:
    return frozenset(equations(6, MAXI, True))


def left_sides(length: int, symbols: str):
    """Yield every string of exactly `length` of the symbols."""
    return ("".join(s) for s in itertools.product(symbols, repeat=length))


def by_left_sides(size: int, symbols: str, lone_zeros: bool) -> list[str]:
    """Return the valid equations of `size` tiles whose left side is of the symbols: each
    left side read by the reference, its value written on the right."""
    found = []
    for length in range(1, size - 1):
        for left in left_sides(length, symbols):
            reader = Reference(left, lone_zeros)
            try:
                value = reader.sum()
            except (Invalid, IndexError):
                continue
            if reader.at != len(left) or not reader.operations or value.denominator != 1:
                continue
            right = str(value.numerator)
            if value >= 0 and length + 1 + len(right) == size:
                found.append(f"{left}={right}")
    return sorted(found)


@pytest.mark.parametrize(
    ("size", "symbols"),
    [
        (6, "0123+-*/()²³"),  # a group raised, (1)²=1; one operation, or two on one digit each
        (7, "012+*()²"),  # (1²)³=1, 1+2*2=5, (1+2)²=9
        (7, "13-/()³"),  # 3-1/1=2, 3/(1-3), (3-1)³=8
    ],
)
@pytest.mark.parametrize("lone_zeros", [True, False])
def test_maxi_equations_are_those_of_every_left_side_the_reference_reads(
    made_here, size, symbols, lone_zeros
):
    made = equations(size, MAXI, lone_zeros)
    assert [e for e in made if set(e.split("=")[0]) <= set(symbols)] == by_left_sides(
        size, symbols, lone_zeros
    )


def numbers(digits: int, lone_zero: bool) -> list[str]:
    """Return the numbers of that many digits a left side may hold, written out."""
    return [str(n) for n in range(10**digits) if len(str(n)) == digits and (n or lone_zero)]


@pytest.mark.parametrize(
    "shape",
    [
        (1, "+", 2),  # no number has more values than the results: none solved for
        (2, "-", 1),
        (1, "*", 2),  # 0*x: every x gives 0 (lone zeros)
        (2, "/", 1),
        (1, "/", 2),  # x a divisor
        (1, "/", 1, "/", 1),  # 5/0/1: a zero divisor, not the last
        (2, "-", 1, "/", 1),
        (1, "/", "(", 2, "-", 1, ")"),  # x in a group that divides
        (1, "+", 1, "/", 2),
        (1, "-", 2, "*", 1),
        (2, "/", 1, "*", 1),
        ("(", 1, "+", 2, ")", "*", 1),
        (1, "/", "(", 2, "*", 1, ")"),  # 0/(x*0): every x divides by zero
        (2, "²", "-", 1),
        ("(", 1, "-", 1, ")", "³", "+", 2),  # a group raised: no x inside it
        (1, "³", "/", 2),
    ],
)
@pytest.mark.parametrize("lone_zeros", [True, False])
def test_the_equations_of_a_shape_are_every_filling_the_reference_reads(shape, lone_zeros):
    slots = [i for i, token in enumerate(shape) if isinstance(token, int)]
    want: dict[int, list[str]] = {1: [], 2: []}  # by the digits of the right side
    for filling in itertools.product(*(numbers(shape[i], lone_zeros) for i in slots)):
        tokens = list(map(str, shape))
        for i, number in zip(slots, filling):
            tokens[i] = number
        left = "".join(tokens)
        reader = Reference(left, lone_zeros)
        try:
            value = reader.sum()
        except Invalid:
            continue
        if value.denominator == 1 and value >= 0 and len(str(value.numerator)) in want:
            want[len(str(value.numerator))].append(f"{left}={value.numerator}")
    for right, equations_ in want.items():
        assert sorted(solutions(shape, right, lone_zeros)) == sorted(equations_), right


def test_a_row_is_defined_where_no_divisor_is_zero_at_its_x():
    # three rows, x - 12, x + 12 and 2x - 1 dividing; then 1, never zero
    p, q = np.array([[1], [1], [2]]), np.array([[-12], [12], [-1]])
    row, x = np.array([0, 1, 2, 2, 0]), np.array([12, 12, 5, 2, 13])
    want = [x_ * p_ + q_ != 0 for x_, p_, q_ in zip(x, p[row, 0], q[row, 0])]
    assert want == [False, True, True, True, True]
    assert defined_at([(p, q)], 3, row, x).tolist() == want
    assert defined_at([(p, q), (0, 1)], 3, row, x).tolist() == want
    assert defined_at([(0, 1), (p, q)], 3, row, x).tolist() == want
    assert not defined_at([(p, q), (0, 0)], 3, row, x).any()  # a zero divisor: no x


@pytest.mark.parametrize(
    ("shape", "spans"),
    [
        ((1, "²"), [(0, 1, 2)]),
        ((2, "+", 1, "³"), [(2, 3, 3)]),
        (("(", 1, "+", 1, ")", "³"), [(0, 5, 3)]),
        (("(", "(", 1, ")", "²", "+", 1, ")", "³"), [(1, 4, 2), (0, 8, 3)]),
        ((1, "-", "(", 1, "²", ")", "²"), [(3, 4, 2), (2, 6, 2)]),
        ((1, "+", 1), []),
    ],
)
def test_a_power_raises_the_number_or_the_whole_group_before_it(shape, spans):
    assert power_spans(shape) == spans


@pytest.mark.parametrize(
    ("equation", "ok"),
    [
        ("3+2*5=13", True),  # Nerdle's help: * and / before + and -
        ("3+2*5=25", False),
        ("10+20=30", True),  # the help's commutative example, both ways
        ("20+10=30", True),
        ("1+2*3=7", True),
        ("1+2*3=9", False),
    ],
)
def test_the_help_pages_examples(equation, ok):
    assert (equation in guesses(len(equation))) is ok


@pytest.mark.parametrize(
    ("equation", "guess", "answer"),
    [
        ("01+2=3", False, False),  # a leading zero
        ("10+05=15", False, False),
        ("0+5=5", True, False),  # a lone zero: a guess, never an answer
        ("3*0=0", True, False),
        ("12-3*4=0", True, True),  # a zero result is no lone zero on the left
        ("5/0=0", False, False),  # division by zero
        ("0/5=0", True, False),
        ("7/2=3", False, False),  # not a whole number
        ("3/2*4=6", True, True),  # a fraction on the way is fine
        ("1-5+9=5", True, True),  # so is a negative value on the way
        ("1-5=-4", False, False),  # a negative right side
        ("-3+5=2", False, False),  # no unary minus
        ("1+1=2=2", False, False),  # two =
        ("12=12", False, False),  # no calculation on the left
        ("9+1=010", False, False),
    ],
)
def test_edges(equation, guess, answer):
    size = len(equation)
    assert (equation in guesses(size), equation in answers(size)) == (guess, answer)
    assert valid(equation) is guess


@pytest.mark.parametrize(
    ("equation", "ok"),
    [
        ("(1+2)*4=12", True),
        ("2³+1²+8=17", True),
        ("(10-1)²=81", True),
        ("(5)+(5)=10", True),  # brackets need not change anything
        ("2²³+36=100", False),  # a power of a power
        ("(1+2*4=12)", False),
        ("()+12+3=15", False),
        ("1(2)+33=45", False),  # no multiplication without *
    ],
)
@pytest.mark.heavy
def test_maxi_brackets_and_powers(equation, ok):
    assert valid(equation) is ok
    assert (equation in answers(NERDLE_GAMES["maxi"])) is ok


def test_classic_has_the_published_17723_answers(made_here):
    # 17 723: jack-thomas, "Nerdle Search Space" (2023), equal to pedrokkrause/Nerdle-Equations'
    # NerdleClassicRestricted.txt; both leave out lone zeros on the left only.
    assert len(answers(NERDLE_GAMES["classic"])) == 17_723


@pytest.mark.heavy
def test_maxi_has_the_published_2177736_answers():
    # 2 177 736: the maxi-nerdle-solver README ("Loaded 2177736 options", maxi_nerdle.txt).
    assert len(answers(NERDLE_GAMES["maxi"])) == 2_177_736


def test_lists_are_sorted_and_cached():
    assert guesses(8) is guesses(8)
    assert answers(8) == sorted(set(answers(8)))
    assert set(answers(8)) <= set(guesses(8))


# is_equation: one guess read as Nerdle reads it (the library's parser, apart from its
# generator), held to this file's reference


@pytest.mark.parametrize("symbols", [PLAIN, MAXI])
def test_is_equation_agrees_with_the_reference_on_every_string_of_5_tiles(symbols):
    every = ("".join(s) for s in itertools.product(symbols, repeat=5))
    assert [e for e in every if is_equation(e)] == [
        e for e in ("".join(s) for s in itertools.product(symbols, repeat=5)) if valid(e)
    ]


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=MAXI, min_size=6, max_size=10))
def test_is_equation_agrees_with_the_reference_on_any_text(text):
    assert is_equation(text) is valid(text)


@pytest.mark.parametrize(
    ("equation", "ok"),
    [
        ("1+1=3", False),  # wrong
        ("9/0=0", False),  # a division by zero
        ("1+1=2", True),
        ("(((1²)))=1", True),  # maxi's brackets round a power: str.isdigit() takes ² too
        ("2²³+36=100", False),
        ("8=8", False),
        ("1+1=", False),
        ("1+1=²", False),
        ("1+2*3=7", True),  # two operations: a product within a sum
        ("2*3²=18", True),  # a power within a product
        ("12-3*4=0", True),  # =0 is a number, no leading zero
        ("0+5=5", True),  # a lone zero is a guess
        ("5-4=01", False),  # a leading zero on the right
        ("01+2=3", False),  # and on the left
        ("3X1=2", False),  # no sign but + - * /
        ("6X3=2", False),
        ("1+=2", False),  # a sign with no number after it
        ("(1+2=3", False),  # a bracket not closed
        ("1+(2=3", False),
    ],
)
def test_is_equation_edges(equation, ok):
    assert valid(equation) is ok
    assert is_equation(equation) is ok
