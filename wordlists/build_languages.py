"""Regenerate wordlists/lang/<code>.parquet, the word data of the languages other than English:
the language build (wordlists/language_build/, whose docstrings say how and why), run as a
script.

  nice -n 10 python wordlists/build_languages.py [CODE ...]   # all languages by default
  python wordlists/build_languages.py --measure CODE ...      # threshold curves and samples
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (wordlists/ as a package)

from wordlists.language_build.__main__ import main  # noqa: E402
from wordlists.language_build.forms import final_cluster, truncations  # noqa: E402, F401

# (final_cluster and truncations: tests/test_languages.py reads them here)

if __name__ == "__main__":
    main()
