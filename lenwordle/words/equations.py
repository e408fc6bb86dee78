"""Every valid Nerdle equation of a size: the word lists of the four Nerdle games.

Rules (Nerdle's help page, as its mirrors quote it; its FAQ, nerdlegame.com/faqs.html, as
public solvers and counts read it):
- a tile is a digit, + - * / or = (maxi adds ( ) ² ³); exactly one =, and to its right only a
  number: a non-negative integer without leading zeros;
- the left side is a calculation: at least one operation (``8=8`` is not one), the usual
  precedence (* / before + -: ``3+2*5=13``, not 25), no leading zeros (``01+2=3``), no unary
  minus (``-3+5=2``); a division by zero is invalid, and intermediate values may be negative
  or fractions (``3/2*4=6``, ``1-5+9=5``) as long as the result is a whole number;
- maxi: ( ) group and ² ³ raise a number or a group (not a power: ``2²³`` is not one);
- answers, unlike guesses, have no lone zero on the left (``0+5=5``, ``3*0=0``); ``=0`` is
  kept (``12-3*4=0``).
Counts, guesses / answers (seconds to generate on one shared core): micro (5) 184 / 127,
mini (6) 476 / 206, classic (8) 67 346 / 17 723 (0.1 s; 17 723 is the figure of jack-thomas'
"Nerdle Search Space" and pedrokkrause/Nerdle-Equations' restricted list), maxi (10)
13 629 390 / 2 177 736 (16 s / 11 s; the maxi-nerdle-solver README loads 2 177 736). The
maxi guesses would hold roughly 1 GB of strings once cached (an estimate, not measured):
lone zeros make most of them (``123456*0=0``).

Over 300 lines: the generator and, apart from it, the reader of one guess (is_equation),
which must agree.

Generation is structural and exact: each shape of the left side (numbers of given lengths,
operators, brackets) is evaluated over all its numbers at once with numpy integers, the
largest free number being solved for rather than enumerated (the left side is a Moebius
function (a*x+b)/(c*x+d) of any number it holds once, outside a power).
"""

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np

PLAIN = "0123456789+-*/="
NERDLE_GAMES = {"micro": 5, "mini": 6, "classic": 8, "maxi": 10}
SYMBOLS = {"micro": PLAIN, "mini": PLAIN, "classic": PLAIN, "maxi": "0123456789+-*/()²³="}
POWERS = {"²": 2, "³": 3}
DIGITS = "0123456789"  # (str.isdigit() takes ² and ³ too)
SAFE_DIGITS = 15  # coefficients of at most this many digits fit an int64 with room

Shape = tuple[int | str, ...]  # an int is a number of that many digits, a str a symbol
Coefficient = np.ndarray | int  # an array of one per row, or the same for every row
Moebius = tuple[Coefficient, Coefficient, Coefficient, Coefficient]  # (a*x+b)/(c*x+d)


def guesses(size: int) -> list[str]:
    """Return every equation of a size that Nerdle accepts as a guess, sorted."""
    return equations(size, symbols_of(size), lone_zeros=True)


def answers(size: int) -> list[str]:
    """Return every equation of a size that can be a Nerdle answer (no lone zero), sorted."""
    return equations(size, symbols_of(size), lone_zeros=False)


def symbols_of(size: int) -> str:
    """Return the tiles of the game of that size (maxi's at 10, the plain ones otherwise)."""
    return SYMBOLS["maxi"] if size == NERDLE_GAMES["maxi"] else PLAIN


@cache
def equations(size: int, symbols: str = PLAIN, lone_zeros: bool = True) -> list[str]:
    """Return every valid equation of `size` tiles over `symbols`, sorted."""
    grouped = "(" in symbols
    found: list[str] = []
    for left in range(2, size - 1):
        for shape in shapes(left, grouped):
            if any(token in "+-*/²³" for token in shape if isinstance(token, str)):
                found += solutions(shape, size - left - 1, lone_zeros)
    return sorted(found)


@cache
def shapes(length: int, grouped: bool) -> list[Shape]:
    """Return the shapes of the expressions of exactly `length` tiles."""
    return sums(length, grouped)


@cache
def sums(length: int, grouped: bool) -> list[Shape]:
    """Return the shapes of sums of terms (+ -) of exactly `length` tiles."""
    return chained(length, grouped, products, "+-", sums)


@cache
def products(length: int, grouped: bool) -> list[Shape]:
    """Return the shapes of products of factors (* /) of exactly `length` tiles."""
    return chained(length, grouped, factors, "*/", products)


def chained(
    length: int,
    grouped: bool,
    link: Callable[[int, bool], list[Shape]],
    operators: str,
    chain: Callable[[int, bool], list[Shape]],
) -> list[Shape]:
    """Return the shapes of exactly `length` tiles that are a link, or a link, one of the
    operators and a chain (a sum: a product, or a product + - a sum)."""
    found = list(link(length, grouped))
    for first in range(1, length - 1):
        for head, op, tail in product(
            link(first, grouped), operators, chain(length - first - 1, grouped)
        ):
            found.append((*head, op, *tail))
    return found


@cache
def factors(length: int, grouped: bool) -> list[Shape]:
    """Return the shapes of a number or a group, raised to a power in maxi."""
    found: list[Shape] = [(length,)]
    if grouped and length >= 3:
        found += [("(", *inner, ")") for inner in sums(length - 2, grouped)]
    if grouped and length >= 2:
        found += [(*base, power) for base in atoms(length - 1) for power in POWERS]
    return found


def atoms(length: int) -> list[Shape]:
    """Return the shapes a power may raise: a number or a group."""
    groups = [("(", *inner, ")") for inner in sums(length - 2, True)] if length >= 3 else []
    return [(length,), *groups]


def number_range(digits: int, lone_zero: bool) -> np.ndarray:
    """Return the numbers of that many digits without a leading zero."""
    low = 0 if digits == 1 and lone_zero else 10 ** (digits - 1) if digits > 1 else 1
    return np.arange(low, 10**digits, dtype=np.int64)


def solutions(shape: Shape, right: int, lone_zeros: bool) -> list[str]:
    """Return the equations of a left-side shape whose value has `right` digits."""
    slots = [i for i, token in enumerate(shape) if isinstance(token, int)]
    ranges = {i: number_range(int(shape[i]), lone_zeros) for i in slots}
    results = number_range(right, True)
    unknown = solved_slot(shape, slots, ranges, len(results))
    others = [i for i in slots if i != unknown]
    dtype = np.int64 if weight(shape, right) <= SAFE_DIGITS else object
    grids = np.meshgrid(*(ranges[i].astype(dtype) for i in others), indexing="ij")
    values = {i: grid.reshape(-1, 1) for i, grid in zip(others, grids)}
    evaluation = Evaluation(shape, values, unknown)
    (moebius, _), rows = evaluation.sum(), int(np.prod([len(ranges[i]) for i in others]))
    columns: dict[int, list[int]] = {}
    if unknown is None:
        row, col = matches_of_constant(moebius[1], moebius[3], results, evaluation.nonzero)
    else:
        row, col, x = matches_of_unknown(moebius, results.astype(dtype), ranges[unknown])
        keep = defined_at(evaluation.nonzero, rows, row, x)
        row, col, columns[unknown] = row[keep], col[keep], x[keep].tolist()
    columns.update({i: values[i][row, 0].tolist() for i in others})
    template = "".join("{}" if isinstance(t, int) else t for t in shape) + "={}"
    filled = [columns[i] for i in slots] + [results[col].tolist()]
    return [template.format(*numbers) for numbers in zip(*filled)]


def solved_slot(
    shape: Shape, slots: list[int], ranges: dict[int, np.ndarray], results: int
) -> int | None:
    """Return the free number worth solving for (the one with most values), or None."""
    under = {i for start, end, _ in power_spans(shape) for i in range(start, end)}
    best = max((i for i in slots if i not in under), key=lambda i: len(ranges[i]), default=None)
    return best if best is not None and len(ranges[best]) > results else None


def power_spans(shape: Shape) -> list[tuple[int, int, int]]:
    """Return (start, end, exponent) of each atom raised to a power (² ³)."""
    spans = []
    for end, token in enumerate(shape):
        if token in POWERS:
            start, depth = end - 1, 0
            while (depth := depth + (shape[start] == ")") - (shape[start] == "(")) > 0:
                start -= 1
            spans.append((start, end, POWERS[str(token)]))
    return spans


def weight(shape: Shape, right: int) -> int:
    """Return a bound on the digits of any coefficient reckoned for the shape."""
    spans = power_spans(shape)
    digits = right + 3  # 3: the terms of a coefficient, at most 2**8 of them, add up
    for i, token in enumerate(shape):
        if isinstance(token, int):
            digits += token * int(np.prod([e for s, t, e in spans if s <= i < t]))
    return digits


class Evaluation:
    """The value of a shape as a Moebius function of its unknown number, read by descent."""

    def __init__(self, shape: Shape, values: dict[int, np.ndarray], unknown: int | None):
        self.shape, self.values, self.unknown, self.at = shape, values, unknown, 0
        self.nonzero: list[
            tuple[Coefficient, Coefficient]
        ] = []  # p*x+q that each divisor needs != 0

    def sum(self) -> tuple[Moebius, bool]:
        """Return the value of the sum of terms starting here, and whether it holds x."""
        left = self.product()
        while self.at < len(self.shape) and self.shape[self.at] in ("+", "-"):
            sign, self.at = self.shape[self.at], self.at + 1
            (a, b, c, d), has = self.product()
            left = add(left, ((-a, -b, c, d) if sign == "-" else (a, b, c, d), has))
        return left

    def product(self) -> tuple[Moebius, bool]:
        """Return the value of the product of factors starting here, and whether it holds x."""
        left = self.factor()
        while self.at < len(self.shape) and self.shape[self.at] in ("*", "/"):
            op, self.at = self.shape[self.at], self.at + 1
            right = self.factor()
            left = multiply(left, right) if op == "*" else self.divide(left, right)
        return left

    def factor(self) -> tuple[Moebius, bool]:
        """Return the value of a number or a group, raised to its power if any."""
        token, self.at = self.shape[self.at], self.at + 1
        if token == "(":
            value = self.sum()
            self.at += 1  # the closing bracket
        elif self.at - 1 == self.unknown:
            value = ((1, 0, 0, 1), True)
        else:
            value = ((0, self.values[self.at - 1], 0, 1), False)
        if self.at < len(self.shape) and self.shape[self.at] in POWERS:
            exponent, self.at = POWERS[str(self.shape[self.at])], self.at + 1
            (_, b, _, d), _ = value
            value = ((0, b**exponent, 0, d**exponent), False)
        return value

    def divide(
        self, left: tuple[Moebius, bool], right: tuple[Moebius, bool]
    ) -> tuple[Moebius, bool]:
        """Return left / right, noting that right's numerator must not be zero."""
        (a, b, c, d), has = right
        self.nonzero.append((a, b))
        return multiply(left, ((c, d, a, b), has))


def add(left: tuple[Moebius, bool], right: tuple[Moebius, bool]) -> tuple[Moebius, bool]:
    """Return the sum of two values, at most one of which holds x."""
    if left[1]:
        left, right = right, left
    (_, p, _, q), ((a, b, c, d), has) = left[0], right
    return (a * q + p * c, b * q + p * d, c * q, d * q), has


def multiply(left: tuple[Moebius, bool], right: tuple[Moebius, bool]) -> tuple[Moebius, bool]:
    """Return the product of two values, at most one of which holds x."""
    if left[1]:
        left, right = right, left
    (_, p, _, q), ((a, b, c, d), has) = left[0], right
    return (a * p, b * p, c * q, d * q), has


def matches_of_constant(
    top: Coefficient,
    bottom: Coefficient,
    results: np.ndarray,
    nonzero: list[tuple[Coefficient, Coefficient]],
) -> tuple[np.ndarray, np.ndarray]:
    """Return the rows whose value b/d is one of the results, and which result."""
    b, d = np.broadcast_arrays(top, bottom)
    defined = np.ones(b.shape, dtype=bool)
    for _, q in nonzero:
        defined &= np.broadcast_to(q, b.shape) != 0
    d_safe = np.where(defined & (d != 0), d, 1)
    value = np.where(defined & (b % d_safe == 0), b // d_safe, -1)
    row = np.flatnonzero((value >= results[0]) & (value <= results[-1]))
    return row, (value[row, 0] - results[0]).astype(np.int64)


def matches_of_unknown(
    moebius: Moebius, results: np.ndarray, numbers: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (row, result, x) wherever (a*x+b)/(c*x+d) is a result with x among numbers."""
    a, b, c, d = moebius
    top = results * d - b  # x * (a - result * c) == result * d - b
    bottom = np.broadcast_to(a - results * c, top.shape)
    safe = np.where(bottom == 0, 1, bottom)
    x = np.where((bottom != 0) & (top % safe == 0), top // safe, -1)
    row, col = np.nonzero((x >= numbers[0]) & (x <= numbers[-1]))
    any_row, any_col = np.nonzero((bottom == 0) & (top == 0))  # every x gives this result
    return (
        np.concatenate([row, np.repeat(any_row, len(numbers))]),
        np.concatenate([col, np.repeat(any_col, len(numbers))]),
        np.concatenate([x[row, col], np.tile(numbers, len(any_row))]),
    )


def defined_at(
    nonzero: list[tuple[Coefficient, Coefficient]], rows: int, row: np.ndarray, x: np.ndarray
) -> np.ndarray:
    """Return where no divisor p*x+q of the row is zero."""
    keep = np.ones(len(row), dtype=bool)
    for p, q in nonzero:
        keep &= (
            np.broadcast_to(p, (rows, 1))[row, 0] * x + np.broadcast_to(q, (rows, 1))[row, 0] != 0
        )
    return keep


# One equation read as Nerdle reads a guess: a parser written apart from the generator above
# (tests hold the two to agree on every string of 5 and 6 tiles and on every answer)


def is_equation(text: str) -> bool:
    """Return whether text is an equation Nerdle takes as a guess (words/equations.py's
    rules): one =, a whole number without leading zeros to its right, a calculation of at
    least one operation to its left that equals it (precedence, no unary minus, no leading
    zeros, no division by zero; maxi's brackets and ² ³ on a number or a group)."""
    left, sep, right = text.partition("=")
    if not sep or not right or set(right) - set(DIGITS) or (len(right) > 1 and right[0] == "0"):
        return False
    try:
        value, end, operations = _sum(left, 0)
    except ValueError:
        return False
    return end == len(left) and operations > 0 and value == int(right)


def _sum(text: str, at: int) -> tuple[Fraction, int, int]:
    """Return the value of the sum from at, where it ends, and the operations in it."""
    value, at, ops = _product(text, at)
    while at < len(text) and text[at] in "+-":
        sign = text[at]
        right, at, more = _product(text, at + 1)
        value, ops = (value + right if sign == "+" else value - right), ops + more + 1
    return value, at, ops


def _product(text: str, at: int) -> tuple[Fraction, int, int]:
    """Return the value of the product from at (* before +), its end and operations."""
    value, at, ops = _power(text, at)
    while at < len(text) and text[at] in "*/":
        sign = text[at]
        right, at, more = _power(text, at + 1)
        if sign == "/" and right == 0:
            raise ValueError("division by zero")
        value, ops = (value * right if sign == "*" else value / right), ops + more + 1
    return value, at, ops


def _power(text: str, at: int) -> tuple[Fraction, int, int]:
    """Return a number or group from at, raised by one ² or ³ if one follows."""
    value, at, ops = _atom(text, at)
    if at < len(text) and text[at] in POWERS:
        value, at, ops = value ** POWERS[text[at]], at + 1, ops + 1
    return value, at, ops


def _atom(text: str, at: int) -> tuple[Fraction, int, int]:
    """Return a number (no leading zero) or a bracketed sum from at; ValueError if none."""
    if at < len(text) and text[at] == "(":
        value, at, ops = _sum(text, at + 1)
        if at >= len(text) or text[at] != ")":
            raise ValueError("a bracket not closed")
        return value, at + 1, ops
    end = at
    while end < len(text) and text[end] in DIGITS:
        end += 1
    digits = text[at:end]
    if not digits or (len(digits) > 1 and digits[0] == "0"):
        raise ValueError("no number, or a leading zero")
    return Fraction(int(digits)), end, 0
