"""The language build: wordlists/lang/<code>.parquet, the words of the languages other than
English, from Debian's plain word lists, Debian's hunspell dictionaries expanded to every
word form, and word frequencies from `wordfreq`.

One module a job, each importing only those before it:
- `letters`: the letters a language's dictionaries are read in (lenwordle's alphabets), its
  vowels, case, and how a word is typed without its accents.
- `affix`: hunspell's .aff and .dic files read, and a stem expanded to every form its affix
  rules make.
- `sources`: where each language's words come from (Debian packages, wordfreq, SCOWL's
  names, lenwordle's English lists).
- `forms`: one source read into its forms, classed by case.
- `classing`: which forms are words, names or abbreviations, which wordfreq-only words are
  added, and the written words with their marks.
- `measures`: coverage, the threshold curves, the sanity words, hunspell's check.
- `writing`: the Parquet files, BUILD-INFO.txt, README.md and the licence files.
- `__main__`: the command (`python -m wordlists.language_build`, or
  `python wordlists/build_languages.py`).

Run (wordfreq and pyarrow are needed by the build only; lenwordle reads the Parquet files):
  apt-get install wspanish wngerman wfrench witalian wbrazilian wportuguese wdutch wpolish \\
      wswedish wukrainian wcatalan hunspell-es hunspell-pt-br hunspell-pt-pt hunspell-de-de \\
      hunspell-fr hunspell-it hunspell-nl hunspell-pl hunspell-sv hunspell-ru hunspell-uk \\
      hunspell-ca hunspell-tr scowl hunspell
  pip install wordfreq==3.1.1 pyarrow
  nice -n 10 python wordlists/build_languages.py [CODE ...]   # all languages by default
  (it then runs count_languages.py: lang/counts.json, the words per length of each rule)
  python wordlists/build_languages.py --measure CODE ...      # threshold curves and samples
(`hunspell`, the program, is optional: with it the run checks a sample of the expanded forms
against hunspell itself and records the share it accepts.)
"""
