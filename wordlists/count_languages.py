"""Write wordlists/lang/counts.json: each language's game words per length (4 to 11) under
each accent rule, with the SHA-256 of the Parquet file they were counted from, so that
`lenwordle languages` prints its table without reading the words (lenwordle.words.langlists:
language_counts; a count whose file or rule has changed since is counted again there).

build_languages.py runs it after writing the Parquet files; run it by hand after editing
them or the languages' letters or folds (lenwordle/words/languages.py):
  python wordlists/count_languages.py
"""

import json
import time

from lenwordle.words.files import write_atomic
from lenwordle.words.langlists import COUNTS_FILE, counts_record, language_dir
from lenwordle.words.languages import DEFAULT_LANGUAGE, LANGUAGES


def main() -> None:
    started = time.monotonic()
    languages = [lang for code, lang in LANGUAGES.items() if code != DEFAULT_LANGUAGE]
    record = counts_record(languages)
    path = language_dir() / COUNTS_FILE
    write_atomic(path, json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path} ({len(languages)} languages, {time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
