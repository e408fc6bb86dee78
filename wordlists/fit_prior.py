"""Fit the prior (lenwordle/words/prior.py) to an answer list, and measure it on words it did
not see.

The data: every bundled 5-letter word (wordlists/05.tsv: words and names, with their level,
frequency and marks), labelled by whether it is in the answer list (the NYT's 2 315). The
words are split by hash (prior.held_out): four in five are fitted, the fifth is held out.
The model is a logistic regression over prior.features, fitted by Newton's method to the
maximum of the log-likelihood less PENALTY/2 times the squared coefficients (the bias
unpenalized): a small pull towards 0 that keeps finite the weight of a feature no answer has
(names: 0 answers among 4 051 5-letter names).

Two models are fitted: the English one (every feature) and the transfer model that weights
the other languages' words (the same words, their level bands left out but whether a
dictionary lists the word: prior.GUESSED_LEVEL). Printed: both coefficient vectors
(`--write` puts them into lenwordle/words/prior.py, through a temporary file), then, on the
held-out words, for each model and for another prior.py (`--compare`, e.g. the shipped one
before a change):
- the mean log-likelihood per word (each word an answer or not, the weight its probability);
- the bits of an answer: the mean of -log2(w(answer) / sum of w over the held-out words),
  what a solver must still learn of a held-out answer when it starts;
- the share of the held-out answers among the likeliest N held-out words.
`--targets FILE` writes the held-out answers, for `lenwordle bench --targets FILE`.

    python wordlists/fit_prior.py ../shared/bench/nyt/answers.txt [--compare OLD_PRIOR.py]
        [--targets HELD_OUT.txt] [--write]
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from lenwordle.words import prior as model  # noqa: E402
from lenwordle.words.files import write_atomic  # noqa: E402
from lenwordle.words.wordlist import GUESSED_LEVEL, bundled  # noqa: E402

PENALTY = 1.0
LENGTH = 5


def fit(x: np.ndarray, y: np.ndarray, penalty: float = PENALTY) -> np.ndarray:
    """Return the coefficients of the penalized logistic regression of y on x (column 0 the
    bias), by Newton's method."""
    beta = np.zeros(x.shape[1])
    ridge = np.full(x.shape[1], penalty)
    ridge[0] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (y - p) - ridge * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(ridge)
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.abs(step).max() < 1e-10:
            break
    return beta


def measures(weights: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Return the held-out measures of weights (each word's probability) against y."""
    w = np.clip(weights, 1e-12, 1 - 1e-12)
    loglik = np.mean(np.where(y, np.log(w), np.log1p(-w)))
    bits = -np.log2(w[y] / w.sum())
    order = np.argsort(-w, kind="stable")
    top = {n: y[order[:n]].sum() / y.sum() for n in (500, 1000, 2000)}
    return {
        "log-likelihood a word": float(loglik),
        "bits of an answer": float(bits.mean()),
        **{f"answers in top {n}": float(v) for n, v in top.items()},
    }


def load_prior(path: str):
    """Return the module of another prior.py (for --compare)."""
    spec = importlib.util.spec_from_file_location("other_prior", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def vector_text(name: str, beta: np.ndarray) -> str:
    """Return the Python text of a coefficient vector, a feature a line."""
    lines = [f"        {value:.4f},  # {feature}" for feature, value in zip(model.FEATURES, beta)]
    return f"{name} = np.array(\n    [\n" + "\n".join(lines) + "\n    ]\n)\n"


def write_coefficients(vectors: dict[str, np.ndarray]) -> None:
    """Replace the coefficient vectors in prior.py (temporary file, then rename)."""
    path = Path(model.__file__)
    text = path.read_text(encoding="utf-8")
    for name, beta in vectors.items():
        pattern = re.compile(rf"^{name} = np\.array\(\n    \[\n.*?\n    \]\n\)\n", re.M | re.S)
        text, n = pattern.subn(vector_text(name, beta).replace("\\", "\\\\"), text, count=1)
        if n != 1:
            raise SystemExit(f"error: no {name} in {path}")
    write_atomic(path, text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", help="the answer list (one word a line)")
    parser.add_argument("--compare", help="another prior.py, measured beside the new fit")
    parser.add_argument("--targets", help="write the held-out answers to this file")
    parser.add_argument("--penalty", type=float, default=PENALTY)
    parser.add_argument("--write", action="store_true", help="write the fit into prior.py")
    args = parser.parse_args()
    answers = set(Path(args.answers).read_text().split())
    words = bundled(LENGTH)
    strings = words.strings
    y = np.array([w in answers for w in strings])
    out = model.held_out(strings)
    level, zipf, marks = words.level_array(), words.zipf_array(), words.mark_array()
    inputs = {
        "COEFFICIENTS": model.features(level, zipf, marks),
        "TRANSFER_COEFFICIENTS": model.features(level, zipf, marks | GUESSED_LEVEL),
    }
    vectors = {
        name: fit(x[~out], y[~out].astype(float), args.penalty) for name, x in inputs.items()
    }
    print(f"fitted on {(~out).sum()} words ({y[~out].sum()} answers), penalty {args.penalty}")
    for name, beta in vectors.items():
        print(vector_text(name, beta), end="")
    print(f"held out: {out.sum()} words, {y[out].sum()} answers")
    rows = {}
    for name, x in inputs.items():
        rows[name] = measures(1.0 / (1.0 + np.exp(-(x[out] @ vectors[name]))), y[out])
    if args.compare:
        other = load_prior(args.compare)
        rows["--compare"] = measures(other.prior(level[out], zipf[out]), y[out])
    for name, row in rows.items():
        print(f"{name:22}" + "  ".join(f"{k}: {v:.4f}" for k, v in row.items()))
    if args.write:
        write_coefficients(vectors)
        print(f"wrote the coefficients into {model.__file__}")
    if args.targets:
        held = sorted(w for w, o, a in zip(strings, out, y, strict=True) if o and a)
        Path(args.targets).write_text("".join(w + "\n" for w in held))
        print(f"wrote {len(held)} held-out answers to {args.targets}")


if __name__ == "__main__":
    main()
