"""Helpers shared by the tests (imported by name: `from helpers import ...`)."""

import importlib.util
from pathlib import Path

import numpy as np
import pyarrow as pa

from lenwordle.wordlist import WordList

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str):
    """Return a script of the repository (not part of the package) imported as a module."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wordlist(words, levels=None, zipf=None) -> WordList:
    """Return a WordList of 5-letter words (level 35 and Zipf 3 each unless given)."""
    order = np.argsort(words)
    words = [words[i] for i in order]
    levels = [levels[i] for i in order] if levels else [35] * len(words)
    zipf = [zipf[i] for i in order] if zipf else [3.0] * len(words)
    return WordList(pa.array(words, pa.large_string()), pa.array(levels, pa.uint8()), len(words[0]),
                    freqs=pa.array(zipf, pa.float32()))
