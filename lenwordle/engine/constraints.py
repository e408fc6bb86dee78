"""What a history of feedback says about the answer, and whether any string of letters fits it.

Used to tell feedback that no word of ours fits (kept: the answer is outside the dictionary)
from feedback that no string of letters could give (refused: a typing mistake).
"""

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lenwordle.engine.feedback import Reply
from lenwordle.words.alphabet import AZ

# of _fillable's flow graph: a letter (lower case, so never one of S, T, S*, T*), a
# position, or S, T, S*, T*
Node = str | int


def well_formed(guess: str, reply: Reply) -> bool:
    """Return whether some answer could give reply to guess.

    Yellows go to the copies of a letter from left to right, so a grey copy is never
    followed by a yellow copy of the same letter.
    """
    grey: set[str] = set()
    for letter, mark in zip(guess, reply):
        if mark == ".":
            grey.add(letter)
        elif mark == "y" and letter in grey:
            return False
    return len(guess) == len(reply)


@dataclass
class Clues:
    """What feedback tells: fixed letters, letters banned per position, bounds on letter counts."""

    k: int
    fixed: dict[int, set[str]] = field(default_factory=dict)  # position -> its green letter(s)
    banned: dict[int, set[str]] = field(default_factory=dict)  # position -> letters it is not
    least: Counter[str] = field(default_factory=Counter)  # letter -> at least this many copies
    most: dict[str, int] = field(default_factory=dict)  # letter -> at most this many copies


def clues(history: tuple[tuple[str, Reply], ...], k: int) -> Clues:
    """Return the clues of a history of (guess, reply) turns.

    A green fixes its position; any other mark bans its letter there. Greens and yellows of
    a letter in one turn are at least its count; a grey copy makes that count exact.
    """
    out = Clues(k)
    for guess, reply in history:
        shown: Counter[str] = Counter()
        capped: set[str] = set()
        for i, (letter, mark) in enumerate(zip(guess, reply)):
            if mark == "g":
                out.fixed.setdefault(i, set()).add(letter)
            else:
                out.banned.setdefault(i, set()).add(letter)
            if mark == ".":
                capped.add(letter)
            else:
                shown[letter] += 1
        for letter, count in shown.items():
            out.least[letter] = max(out.least[letter], count)
        for letter in capped:
            out.most[letter] = min(out.most.get(letter, k), shown[letter])
    return out


def fits_some_string(history: tuple[tuple[str, Reply], ...], k: int, letters: str = AZ) -> bool:
    """Return whether some string of k of these letters (a-z unless told) gives every reply
    of history."""
    if not all(len(g) == len(r) == k and well_formed(g, r) for g, r in history):
        return False
    return fits_clues(clues(history, k), letters)


def fits_clues(c: Clues, letters: str = AZ) -> bool:
    """Return whether some string of c.k of these letters (and those the clues name) fits
    the clues c."""
    k = c.k
    if any(len(letters) > 1 or letters & c.banned.get(i, set()) for i, letters in c.fixed.items()):
        return False
    greens = Counter(next(iter(letters)) for letters in c.fixed.values())
    named = [
        *c.least,
        *c.most,
        *(ch for group in (*c.fixed.values(), *c.banned.values()) for ch in group),
    ]
    alphabet = set(letters) | set(named)
    cap = {ch: c.most.get(ch, k) - greens[ch] for ch in sorted(alphabet)}
    need = {ch: max(0, c.least[ch] - greens[ch]) for ch in sorted(alphabet)}
    if any(cap[ch] < need[ch] for ch in cap):
        return False
    free = [i for i in range(k) if i not in c.fixed]
    allowed = {
        i: [ch for ch in cap if cap[ch] > 0 and ch not in c.banned.get(i, ())] for i in free
    }
    return _fillable(free, allowed, need, cap)


def fitting_string(
    c: Clues, letters: str, order: list[list[str]], avoid: frozenset[str] = frozenset()
) -> str:
    """Return a string of c.k letters that fits the clues c and is not in avoid ('' if
    none): at each position the first letter of order[position] (letters, likeliest first)
    that some fitting string still has there. A depth-first search, each step checked by
    the flow of fits_clues, so it backtracks only past strings in avoid."""
    if not fits_clues(c, letters):
        return ""
    found = _fill(c, letters, order, avoid, 0)
    return found or ""


def _fill(
    c: Clues, letters: str, order: list[list[str]], avoid: frozenset[str], i: int
) -> str | None:
    """Return the fitting string of clues c (which some string fits) from position i on,
    as fitting_string does, or None."""
    if i == c.k:
        word = "".join(next(iter(c.fixed[j])) for j in range(c.k))
        return None if word in avoid else word
    if len(c.fixed.get(i, ())) == 1:
        return _fill(c, letters, order, avoid, i + 1)
    for ch in order[i]:
        trial = replace(c, fixed={**c.fixed, i: {ch}})
        if fits_clues(trial, letters):
            found = _fill(trial, letters, order, avoid, i + 1)
            if found is not None:
                return found
    return None


def _fillable(
    free: list[int], allowed: dict[int, list[str]], need: dict[str, int], cap: dict[str, int]
) -> bool:
    """Return whether each free position can take an allowed letter, every letter ch
    used at least need[ch] and at most cap[ch] times: a flow with lower bounds.

    Edges source -> letter (need..cap), letter -> position (0..1), position -> sink (1..1)
    and sink -> source; each lower bound becomes a demand met from a super source.
    """
    graph: dict[Node, dict[Node, int]] = {}

    def edge(u: Node, v: Node, capacity: int) -> None:
        graph.setdefault(u, {})[v] = graph.setdefault(u, {}).get(v, 0) + capacity
        graph.setdefault(v, {}).setdefault(u, 0)

    excess: Counter[Node] = Counter()
    for ch in cap:
        edge("S", ch, cap[ch] - need[ch])
        excess[ch] += need[ch]
        excess["S"] -= need[ch]
    for i in free:
        for ch in allowed[i]:
            edge(ch, i, 1)
        excess["T"] += 1  # position -> sink has lower bound 1 and capacity 1
        excess[i] -= 1
    edge("T", "S", len(free))
    for node, amount in excess.items():
        if amount > 0:
            edge("S*", node, amount)
        elif amount < 0:
            edge(node, "T*", -amount)
    demand = sum(a for a in excess.values() if a > 0)
    return demand == 0 or _max_flow(graph, "S*", "T*") == demand


def _max_flow(graph: dict[Node, dict[Node, int]], source: Node, sink: Node) -> int:
    """Return the maximum flow from source to sink (shortest augmenting paths; changes graph)."""
    total = 0
    while True:
        parent: dict[Node, Node | None] = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, capacity in graph[u].items():
                if capacity > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return total
        path: list[tuple[Node, Node]] = []
        v = sink
        while (before := parent[v]) is not None:
            path.append((before, v))
            v = before
        push = min(graph[u][v] for u, v in path)
        for u, v in path:
            graph[u][v] -= push
            graph[v][u] += push  # +=: flow pushed twice down one edge may be undone twice
        total += push


@dataclass
class Known:
    """What a history says about the answer, to show a player: the green pattern, each letter
    known present (the places it is not, bounds on its copies) and the letters absent."""

    pattern: list[str | None]  # position -> its green letter (None: unknown)
    not_at: dict[str, list[int]]  # present letter -> positions it is not (not green ones)
    least: dict[str, int]  # present letter -> at least this many copies
    most: dict[str, int]  # present letter -> at most this many copies (where known)
    absent: list[str]  # letters not in the answer at all

    def describe(self, upper: Callable[[str], str] = str.upper) -> list[str]:
        """Return the lines to show: the pattern, the present letters, the absent ones (each
        letter in capitals by `upper`: the language's, Turkish i is İ)."""
        lines = ["pattern: " + " ".join(upper(ch or "_") for ch in self.pattern)]
        present = [
            text
            for text in (self._letter(ch, upper) for ch in sorted(self.least))
            if text is not None
        ]
        if present:
            lines.append("present: " + ", ".join(present))
        if self.absent:
            lines.append("absent:  " + " ".join(upper(ch) for ch in self.absent))
        return lines

    def _letter(self, ch: str, upper: Callable[[str], str] = str.upper) -> str | None:
        """Return how a present letter is shown ('P (not 2, not 4)'), or None when the
        pattern says all there is to know of it."""
        least, most = self.least[ch], self.most.get(ch)
        placed = self.pattern.count(ch)
        parts = []
        if most == least:
            parts.append(f"exactly {least}")
        elif least > 1:
            parts.append(f"at least {least}")
        if most is not None and most > least:
            parts.append(f"at most {most}")
        if most is None or placed < most:  # a copy may be unplaced: where it is not
            parts += [f"not {i + 1}" for i in self.not_at[ch]]
        if not parts and placed >= least:
            return None
        return upper(ch) + (f" ({', '.join(parts)})" if parts else "")


def known(history: tuple[tuple[str, Reply], ...], k: int) -> Known:
    """Return what history (feedback some string fits) says about the answer."""
    c = clues(history, k)
    pattern = [next(iter(c.fixed[i])) if len(c.fixed.get(i, ())) == 1 else None for i in range(k)]
    present = sorted(ch for ch, n in c.least.items() if n > 0)
    not_at = {
        ch: [i for i in range(k) if pattern[i] is None and ch in c.banned.get(i, ())]
        for ch in present
    }
    return Known(
        pattern,
        not_at,
        {ch: c.least[ch] for ch in present},
        {ch: c.most[ch] for ch in present if ch in c.most},
        sorted(ch for ch, n in c.most.items() if n == 0),
    )
