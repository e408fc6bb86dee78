"""The languages lenwordle plays: each one's letters, its accents and what they fold to, and
the spelling rules a game may follow, the language's best-known game's first.

A language's game letters are `letters`; `accents` are the dictionary's other letters and
what its game folds each to. A rule says how a dictionary spelling becomes a game word:
`fold` folds every accent as the game does (acción is ACCION; German ß is one tile, an S:
größe is GROSE); `keep` makes every accented letter a letter of its own (ACCIÓN, where Ó is
not O; ß, æ and œ one letter each); a language may name other common rules in `others`
(German `ss`: ß as two letters SS, the umlauts folded). `default` is what the language's
best-known game does.
"""

from dataclasses import dataclass, field

from lenwordle.words.alphabet import AZ, Alphabet

FOLD, KEEP = "fold", "keep"
ACCENT_RULES = (FOLD, KEEP)  # every language's two rules (a language with no accents: fold only)


@dataclass(frozen=True)
class Language:
    """A language: its code and name, its letters, accents, rules and game."""

    code: str
    name: str
    letters: str  # the game's letters with accents folded, in alphabetical order
    accents: dict[str, str] = field(default_factory=dict)  # accented letter -> folded
    default: str = FOLD
    game: str = ""  # the best-known game whose rule is the default
    dotted_i: bool = False  # Turkish case rules
    # its words are SCOWL's graded lists (wordlists/NN.tsv, English), every one a possible
    # answer by the prior, its openers at the top of starters/; else a Parquet file of
    # wordlists/lang/, the words wordfreq has seen its possible answers (langlists.py)
    graded: bool = False
    sources: str = ""  # where its words come from (wordlists/lang/BUILD-INFO.txt)
    # other rules by name: what they change of fold's table (a letter mapped to itself is
    # kept as a letter of its own)
    others: dict[str, dict[str, str]] = field(default_factory=dict)

    def rules(self) -> tuple[str, ...]:
        """Return the rule names this language offers, its default first."""
        names = (FOLD, KEEP, *self.others) if self.accents else (FOLD,)
        return (self.default, *(name for name in names if name != self.default))

    def table(self, rule: str | None = None) -> dict[str, str]:
        """Return what each accented letter becomes under rule (itself: kept as a letter)."""
        rule = rule or self.default
        if rule not in (*ACCENT_RULES, *self.others):  # (keep, with no accent: fold's table)
            raise ValueError(
                f"{self.name} has no accent rule {rule!r}; choose from {', '.join(self.rules())}"
            )
        if rule == KEEP:  # (a letter the game leaves out, Catalan's middle dot, stays out)
            return {ch: ch if to else to for ch, to in self.accents.items()}
        return {**self.accents, **self.others.get(rule, {})}

    def alphabet(self, rule: str | None = None) -> Alphabet:
        """Return the game's alphabet under rule (None: the default)."""
        table = self.table(rule)
        kept = "".join(ch for ch, to in table.items() if to == ch)
        letters = "".join(sorted(self.letters + kept, key=self.order))
        folds = {ch: to for ch, to in table.items() if to != ch}
        return Alphabet(letters, folds, self.dotted_i)

    def order(self, letter: str) -> tuple[int, int]:
        """Return a letter's place: after its base letter, accented letters in table order."""
        base = self.accents.get(letter, letter)[:1] or letter
        rank = list(self.accents).index(letter) + 1 if letter in self.accents else 0
        return (self.letters.index(base) if base in self.letters else len(self.letters), rank)

    def folds_to_two(self, rule: str | None = None) -> dict[str, str]:
        """Return the letters that rule folds to two (ß -> ss under German's `ss`)."""
        return {ch: to for ch, to in self.table(rule).items() if len(to) == 2}

    def rule_text(self, rule: str | None = None) -> str:
        """Return what the rule does, in a few words (for `lenwordle languages`)."""
        if not self.accents:
            return "no accents"
        table = self.table(rule)
        kept = [ch for ch, to in table.items() if to == ch]
        folded = [f"{ch}>{to or '-'}" for ch, to in table.items() if to != ch]
        if not folded:
            return "accents kept: " + " ".join(kept)
        return " ".join(
            part
            for part in ("folds " + " ".join(folded), "keeps " + " ".join(kept) if kept else "")
            if part
        )


def _accents(pairs: str) -> dict[str, str]:
    """Return a table written 'á:a é:e ß:ss' as a dict."""
    return dict(pair.split(":") for pair in pairs.split())


LANGUAGES = {
    language.code: language
    for language in [
        Language(
            "en",
            "English",
            AZ,
            game="Wordle (NYT)",
            graded=True,
            sources="SCOWL, hunspell en_US/en_GB (case), wordfreq",
        ),
        Language(
            "es",
            "Spanish",
            AZ[:14] + "ñ" + AZ[14:],
            _accents("á:a é:e í:i ó:o ú:u ü:u"),
            game="Wordle en español (accents folded, ñ a letter)",
            sources="wspanish, hunspell-es, wordfreq",
        ),
        Language(
            "pt",
            "Portuguese",
            AZ,
            _accents("á:a â:a ã:a à:a ç:c é:e ê:e í:i ó:o ô:o õ:o ú:u"),
            game="Termo (accents and ç folded)",
            sources="wbrazilian, hunspell-pt-br, wordfreq",
        ),
        Language(
            "de",
            "German",
            AZ,
            _accents("ä:a ö:o ü:u ß:s"),
            game="Wordle auf Deutsch (umlauts folded, ß one tile, an s)",
            sources="wngerman, hunspell-de-de, wordfreq",
            others={"ss": {"ß": "ss"}},
        ),
        Language(
            "fr",
            "French",
            AZ,
            _accents("à:a â:a æ:a ç:c é:e è:e ê:e ë:e î:i ï:i ô:o œ:o ù:u û:u ü:u ÿ:y"),
            game="Le Mot, SUTOM (every accent and ç folded, œ and æ one tile each, o and a)",
            sources="wfrench, hunspell-fr, wordfreq",
            others={"oe": {"œ": "oe", "æ": "ae"}},
        ),
        Language(
            "it",
            "Italian",
            AZ,
            _accents("à:a è:e é:e ì:i í:i î:i ò:o ó:o ù:u ú:u"),
            game="Parole (accents folded)",
            sources="witalian, hunspell-it, wordfreq",
        ),
        Language(
            "nl",
            "Dutch",
            AZ,
            _accents("á:a à:a â:a ä:a ç:c é:e è:e ê:e ë:e í:i î:i ï:i ó:o ô:o ö:o ú:u û:u ü:u"),
            game="Woordle (accents folded; ij is i and j)",
            sources="wdutch, hunspell-nl, wordfreq",
        ),
        Language(
            "pl",
            "Polish",
            AZ,
            _accents("ą:a ć:c ę:e ł:l ń:n ó:o ś:s ź:z ż:z"),
            default=KEEP,
            game="Literalnie (ą ć ę ł ń ó ś ź ż are letters)",
            sources="wpolish, hunspell-pl, wordfreq",
        ),
        Language(
            "sv",
            "Swedish",
            AZ + "åäö",
            _accents("é:e"),
            game="Ordel (å ä ö are letters, é folded)",
            sources="wswedish, hunspell-sv, wordfreq",
        ),
        Language(
            "ru",
            "Russian",
            "абвгдежзийклмнопрстуфхцчшщъыьэюя",
            _accents("ё:е"),
            game="Вордли (ё as е)",
            sources="hunspell-ru, wordfreq",
        ),
        Language(
            "uk",
            "Ukrainian",
            "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
            game="Словко (words with an apostrophe are left out)",
            sources="wukrainian, hunspell-uk, wordfreq",
        ),
        Language(
            "ca",
            "Catalan",
            AZ,
            _accents("à:a ç:c è:e é:e í:i ï:i ò:o ó:o ú:u ü:u ·:"),
            game="Mot (accents and ç folded, l·l as ll)",
            sources="wcatalan, hunspell-ca, wordfreq",
            others={"cedilla": {"ç": "ç"}},
        ),
        Language(
            "tr",
            "Turkish",
            "abcdefghıijklmnoprstuvyz",
            _accents("ç:c ğ:g ö:o ş:s ü:u"),
            default=KEEP,
            game="Kelimelik-style Wordle (ç ğ ı ö ş ü are letters)",
            sources="hunspell-tr, wordfreq",
            dotted_i=True,
        ),
    ]
}
DEFAULT_LANGUAGE = "en"
SUTOM_LENGTHS = (6, 10)  # SUTOM and Motus: 6 to 10 letters, the first one shown


class UnknownLanguage(ValueError):
    """A language code lenwordle does not know; the message lists those it knows."""


def language(code: str) -> Language:
    """Return the language of code; UnknownLanguage lists the known ones."""
    if code not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {code!r}; choose from {', '.join(LANGUAGES)}")
    return LANGUAGES[code]
