"""A proof's results file (`lenwordle prove --results`) checked against a published table of
the best first guesses (Selby's `normal.top105.proven`, `hard.top101.proven`: a word and its
exact total a line): each word of the table must have its exact total in the file; every
first guess of the file not in the table must be proven worse than the table's last total
(exact and above it, or a bound above it); and the file's own table (its exact totals at most
the table's last) must be the published one. Prints what agrees, what does not, and how far
the proof went (first guesses proven, core-hours).
Run: python benchmarks/proof_check.py RESULTS TABLE
"""

import sys
from pathlib import Path


def read_table(path: Path) -> dict[str, int]:
    """Return a published table: {word: total}."""
    table = {}
    for line in path.read_text().splitlines():
        if line.strip():
            word, total = line.split()
            table[word] = int(total)
    return table


def read_results(path: Path) -> tuple[dict[str, tuple[int, bool]], dict[str, str]]:
    """Return a results file's verdicts {word: (total, exact)} and its headings."""
    verdicts, heads = {}, {}
    for line in path.read_text().splitlines():
        if line.startswith("# "):
            name, _, value = line[2:].partition(" ")
            heads.setdefault(name, value)
        elif line.strip():
            word, said = line.split()
            exact = not said.startswith(">=")
            verdicts[word] = (int(said.removeprefix(">=")), exact)
    return verdicts, heads


def main() -> None:
    results, table_path = Path(sys.argv[1]), Path(sys.argv[2])
    verdicts, heads = read_results(results)
    table = read_table(table_path)
    last = max(table.values())
    made = dict(part.split("=", 1) for part in heads.get("made", "").split())
    guesses = int(made.get("guesses", "0"))
    hours = float(heads.get("cpu-seconds", "0")) / 3600
    print(f"{results}: {len(verdicts)} of {guesses} first guesses proven, {hours:.2f} core-hours")
    wrong = [w for w, t in table.items() if w in verdicts and verdicts[w] != (t, True)]
    missing = [w for w in table if w not in verdicts]
    beaten = [
        w
        for w, (t, exact) in verdicts.items()
        if w not in table and (t <= last if exact else t <= last)
    ]
    print(f"the table's {len(table)} first guesses (last total {last}):")
    print(f"  exact and equal: {len(table) - len(wrong) - len(missing)}")
    print(f"  different: {len(wrong)} {[(w, table[w], verdicts[w]) for w in wrong][:10]}")
    print(f"  not yet proven: {len(missing)} {missing[:10]}")
    print(f"outside the table, not proven worse than {last}: {len(beaten)} {beaten[:10]}")
    complete = len(verdicts) == guesses
    agrees = not wrong and not missing and not beaten
    print(
        "AGREES"
        if agrees and complete
        else "agrees so far"
        if not wrong and not beaten
        else "DISAGREES"
    )


if __name__ == "__main__":
    main()
