"""What a game was asked for as one checked value, Settings, and its opening: the word lists
read (api/lists.py keeps them for a server), a Wordle game's state and solver handed its
stored opener or tree, or a variant's opening. Over 300 lines: one value, its checks and the
reading of its lists, which the checks and the opening share."""

import functools
import shlex
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path

from lenwordle.api import opening
from lenwordle.api.checks import Notice, Told, setup_error, untold
from lenwordle.api.lists import GUESS_POOLS, bundled_game_words, skipped_lines
from lenwordle.api.opening import FirstRemembered, Opened
from lenwordle.engine.boards import Boards
from lenwordle.engine.rules import OptionError, Rules, flag
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.engine.variants import UnknownVariant, variant
from lenwordle.engine.variants.base import Variant
from lenwordle.engine.variants.state import VariantGame
from lenwordle.engine.workers import Progress
from lenwordle.search.optimal import DEFAULT_WIDTH
from lenwordle.store import starters
from lenwordle.store.shelf import NoStoredOpener, Shelf
from lenwordle.strategies.base import ReportsProgress, Strategy
from lenwordle.strategies.ranked import DEFAULT_SHORTLIST
from lenwordle.strategies.registry import (
    ABSURDLE_STRATEGY,
    DEFAULT_STRATEGY,
    NOT_OVER_SHOWN_ROWS,
    SHOWN_MEASURES,
    STRATEGIES,
    make,
    make_shown,
)
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.langlists import opener_pool, seen_words
from lenwordle.words.languages import DEFAULT_LANGUAGE, KEEP, Language, UnknownLanguage, language
from lenwordle.words.languages import SUTOM_LENGTHS as SUTOM_LENGTHS  # re-exported for faces
from lenwordle.words.prior import ANSWERS_LIKE
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import (
    NoWords,
    WordList,
    WordListError,
    common_mask,
    not_names,
    read_words,
)

# the options of Settings that `lenwordle tree` takes as they are (but --hard and
# --ultra-hard, flags)
TREE_OPTIONS = (
    "k lang accents words answers guesses answers_like max_guesses first_letter width".split()
)

# Absurdle without --answers: the host keeps its groups among the likeliest words that carry
# this share of the prior's weight (3 092 of the 24 320 English words of 5 letters, about the
# size of the real game's list), not among every string the dictionary knows
ABSURDLE_SHARE = 0.95


@dataclass(frozen=True)
class Settings:
    """The dictionary and solver options shared by play, solve, bench and precompute-starters."""

    k: int = 5
    words: Path | None = None
    answers: Path | None = None
    uniform: bool = False
    shortlist: float = DEFAULT_SHORTLIST
    strategy: str = DEFAULT_STRATEGY
    hard: bool = False
    ultra_hard: bool = False  # hard mode, and no grey letter again, no yellow in its place
    width: int = DEFAULT_WIDTH
    guesses: str = "common"
    boards: int = 1
    max_guesses: int | None = None  # None: boards + 5
    absurdle: bool = False
    exclude: Path | None = None  # words that cannot be the answer (still guesses)
    lang: str = DEFAULT_LANGUAGE
    accents: str | None = None  # fold or keep; None: the language's game's rule
    first_letter: str | None = None  # SUTOM: the answer's first letter, shown at the start
    variant: str = "wordle"  # a game on Wordle's model: fibble, xordle, ... (VARIANTS)
    answers_like: str = "daily"  # what the game's answers are like: ANSWERS_LIKE

    def __post_init__(self) -> None:
        if self.ultra_hard:  # (ultra-hard is hard mode and more)
            object.__setattr__(self, "hard", True)
        if self.absurdle and self.strategy == DEFAULT_STRATEGY:  # the adversary's own solver
            object.__setattr__(self, "strategy", ABSURDLE_STRATEGY)
        if not 0 < self.shortlist <= 100:
            raise OptionError(
                f"{{shortlist}} must be in (0, 100], not {self.shortlist:g}", "shortlist"
            )
        if self.strategy not in STRATEGIES:
            raise OptionError(
                f"unknown strategy {quoted(self.strategy)}; choose from {', '.join(STRATEGIES)}"
            )
        if self.width < 1:
            raise OptionError(f"{{width}} must be at least 1, not {self.width}", "width")
        self.rules()  # (OptionError if they cannot be)
        if self.absurdle and self.boards != 1:
            raise OptionError(
                "{absurdle} is played on one board, not with {boards}", "absurdle", "boards"
            )
        if self.boards != 1 and not make(self.strategy).traits.several_boards:
            raise OptionError(
                f"{{strategy}} {self.strategy} plays one board, not {{boards}} {self.boards}",
                "strategy",
                "boards",
            )
        self._check_language()
        self._check_variant()
        for name, among in (("answers_like", ANSWERS_LIKE), ("guesses", GUESS_POOLS)):
            value = getattr(self, name)
            if value not in among:
                raise OptionError(
                    f"{{{name}}} must be one of {', '.join(among)}, not {quoted(value)}", name
                )

    def _check_variant(self) -> None:
        """Raise WordListError for a variant that does not exist or cannot be played so."""
        try:
            game = variant(self.variant)
        except UnknownVariant as error:
            raise WordListError(str(error)) from None
        object.__setattr__(self, "variant", game.name)
        if game.plain:
            return
        why_not = (  # (Wordle's own rules, which a variant's replace)
            ("boards", self.boards != 1, "its board is one"),
            ("absurdle", self.absurdle, "its host keeps the answers its rules say"),
            (
                "ultra_hard",
                self.ultra_hard,
                "ultra-hard reads Wordle's colours, not a variant's rows",
            ),
            ("hard", self.hard, "hard mode asks a guess to use Wordle's hints"),
            ("first_letter", self.first_letter is not None, "SUTOM shows Wordle's tiles"),
        )
        for option, given, why in why_not:
            if given:
                raise OptionError(
                    f"{{variant}} {game.name}: not with {{{option}}} ({why})", "variant", option
                )
        if self.strategy not in SHOWN_MEASURES:
            why = NOT_OVER_SHOWN_ROWS[self.strategy]
            raise OptionError(
                f"{{strategy}} {self.strategy} cannot play a variant: {why} ({game.name})",
                "strategy",
            )
        if game.lengths and self.k not in game.lengths:
            sizes = ", ".join(map(str, game.lengths))
            raise OptionError(
                f"{{variant}} {game.name} is played with {sizes} tiles, not {self.k}", "variant"
            )
        if game.lists and (self.words or self.answers or self.lang != DEFAULT_LANGUAGE):
            raise OptionError(
                f"{{variant}} {game.name} plays its own words: not with {{words}}, {{answers}} "
                "or {lang}",
                *("variant", "words", "answers", "lang"),
            )

    @property
    def variant_rules(self) -> Variant:
        """Return the variant played (Wordle itself by default)."""
        return variant(self.variant)

    def game_alphabet(self) -> Alphabet:
        """Return the game's tiles: a variant's own (Nerdle's digits and signs), else the
        language's letters."""
        lists = self.variant_rules.lists
        return lists(self.k)[0].alphabet if lists is not None else self.alphabet()

    def _check_language(self) -> None:
        """Raise WordListError for a language, accent rule or first letter (one letter of the
        game, of a SUTOM length) that cannot be."""
        object.__setattr__(self, "lang", self.lang.lower())  # ES is es
        try:
            lang = language(self.lang)
        except UnknownLanguage as error:
            raise WordListError(str(error)) from None
        if self.accents == KEEP and not lang.accents:
            raise OptionError(
                f"{lang.name} words have no accents to keep: {{accents}} keep changes nothing",
                "accents",
            )
        if self.accents is not None and self.accents not in lang.rules():
            raise OptionError(
                f"{{accents}} must be one of {', '.join(lang.rules())} for {lang.name}, "
                f"not {quoted(self.accents)}",
                "accents",
            )
        if self.first_letter is None:
            return
        given = plain_word(self.first_letter)
        object.__setattr__(self, "first_letter", given)
        alphabet = self.alphabet()
        letter = alphabet.fold(given)
        if len(letter) != 1 or not alphabet.is_word(letter) or not alphabet.typed_plainly(given):
            raise OptionError(
                f"{{first_letter}} {quoted(given)} is not one letter of {alphabet.described()}",
                "first_letter",
            )
        if not SUTOM_LENGTHS[0] <= self.k <= SUTOM_LENGTHS[1]:
            raise OptionError(
                f"{{first_letter}} (SUTOM) is played with {SUTOM_LENGTHS[0]} to "
                f"{SUTOM_LENGTHS[1]} letters, not {self.k}",
                "first_letter",
            )

    @property
    def letter(self) -> str:
        """Return --first-letter folded by the game's rule ('' without it): Turkish I is ı."""
        return self.alphabet().fold(self.first_letter) if self.first_letter is not None else ""

    def first_letter_problem(self, word: str) -> str:
        """Return why word (folded) cannot be the answer of a game with --first-letter, or ''
        when it can."""
        if not self.letter or word.startswith(self.letter):
            return ""
        upper = self.alphabet().upper
        shows = "the game shows the answer's first letter"
        return f"{upper(word)} does not begin with {upper(self.letter)}: {shows}"

    def tree_command(self) -> str | None:
        """Return the `lenwordle tree` command that makes the tree --strategy optimal reads
        with these settings, or None when `tree` cannot (it takes no --exclude, and no
        --uniform, which changes the prior of a dictionary without --answers)."""
        if self.exclude or (self.uniform and not self.answers):
            return None
        default = {field.name: field.default for field in fields(self)}
        given = {name: getattr(self, name) for name in TREE_OPTIONS}
        options = [
            f"{'-k' if name == 'k' else flag(name)} {shlex.quote(str(value))}"
            for name, value in given.items()
            if value != default[name]
        ]
        mode = ["--ultra-hard"] if self.ultra_hard else ["--hard"] if self.hard else []
        return " ".join(["lenwordle tree", *options, *mode])

    def starters_folder(self) -> Path:
        """Return the bundled starter files of this language and accent rule: starters/ for
        English, starters/<lang>/ for another language's default rule, starters/<lang>-<rule>/
        for its other."""
        folder, lang = starters.default_dir(), self.language
        if lang.graded:
            return folder
        rule = self.accents or lang.default
        return folder / (lang.code if rule == lang.default else f"{lang.code}-{rule}")

    def unstored_opener(self) -> str | None:
        """Return, in plain words, that lenwordle ships no starter file for this game's
        language, rule and length, or None if it does."""
        if starters.path_for(self.starters_folder(), self.k).exists():
            return None
        lang = self.language
        rule = self.accents or lang.default
        accents = f", accents {'kept' if rule == KEEP else 'folded'}" if lang.accents else ""
        return f"lenwordle has no stored opener for {lang.name} words of {self.k} letters{accents}"

    @property
    def language(self) -> Language:
        """Return the game's language."""
        return language(self.lang)

    def alphabet(self) -> Alphabet:
        """Return the game's alphabet: the language's, by the accent rule."""
        return self.language.alphabet(self.accents)

    def rules(self) -> Rules:
        """Return the rules of the game."""
        return Rules(self.k, self.boards, self.max_guesses, self.hard, self.ultra_hard)

    def allowed(self) -> WordList:
        """Return the words the solver knows as guesses (and, without --answers, as answers);
        a word of a user's file gets the level and frequency the bundled lists give it."""
        if not self.words:
            return bundled_game_words(self.language, self.k, self.accents)
        words = self.read(self.words)
        reference = self.bundled_words()
        return words.commonness_from(reference) if reference is not None else words

    def read(self, path: Path, in_file_order: bool = False) -> WordList:
        """Return the words of this length in a word file, read in the game's alphabet and
        accent rule (words of a language shown as its dictionary spells them: ÁRBOL for a
        file's arbol); WordListError (NoWords) if it has none."""
        if self.language.graded:
            return read_words(path, self.k, in_file_order)
        words = read_words(path, self.k, in_file_order, self.alphabet(), self.language.name)
        reference = self.bundled_words()
        return words.spelled_from(reference) if reference is not None else words

    def answer_list(self, in_file_order: bool = False) -> WordList | None:
        """Return the answer list (in_file_order: its .order as the file lists the words), or
        None for 'every allowed word, by the prior'."""
        return self.read(self.answers, in_file_order) if self.answers else None

    def bundled_words(self) -> WordList | None:
        """Return every bundled word of this length and accent rule, or None if none is."""
        try:
            return bundled_game_words(self.language, self.k, self.accents)
        except WordListError:
            return None

    def everything(self, state: GameState) -> WordList:
        """Return every word the solver knows: the bundled words and the user's lists (for a
        game of these settings, the state's own answers when they are already all of them)."""
        if not self.words and not self.exclude and state.answers is state.allowed:
            return state.answers  # (with --exclude, a new list: excluded words may come back)
        reference = self.bundled_words()
        return state.allowed if reference is None else reference.union(state.allowed)

    def excluded(self) -> WordList | None:
        """Return the words --exclude says cannot be the answer, or None."""
        if not self.exclude:
            return None
        try:
            return self.read(self.exclude)
        except NoWords:  # a list of past answers that is empty, or of another length
            return None

    def state(
        self,
        allowed: WordList | None = None,
        answers: WordList | None = None,
        excluded: WordList | None = None,
    ) -> GameState:
        """Return the opening state of a game (from these lists if they were read already)."""
        allowed = self.allowed() if allowed is None else allowed
        answers = self.answer_list() if answers is None else answers
        excluded = self.excluded() if excluded is None else excluded
        pool = None  # a word file of the user's: every word may be suggested
        if not self.words:  # the bundled lists: never a name (the games refuse them)
            pool = common_mask(allowed) if self.guesses == "common" else not_names(allowed)
        graded = self.language.graded
        # a language's possible answers: the words wordfreq has seen, but in a game that
        # draws from a dictionary (answers_like dictionary), its every word
        seen = answers is None and not graded and self.answers_like != "dictionary"
        universe = seen_words(allowed) if seen else answers
        state = GameState.new(
            allowed,
            universe,
            uniform=self.uniform or answers is not None,
            suggest=pool,
            rules=self.rules(),
            # a language's possible answers (the words wordfreq has seen) are no suggestions
            # of their own: the pool stays its common base forms
            answers_join_pool=universe is answers,
            answers_like=self.answers_like,
        )
        if self.first_letter is not None:
            state = state.with_first_letter(self.letter)
            if len(state.candidate_rows) == 0:
                raise WordListError(f"no word begins with {self.alphabet().upper(self.letter)}")
        if excluded is not None:
            state = state.excluding(excluded)
            if len(state.candidate_rows) == 0:
                raise OptionError(
                    f"{{exclude}} {self.exclude} leaves no possible answer", "exclude"
                )
        if self.absurdle and answers is None and not self.uniform:
            state = state.likeliest(ABSURDLE_SHARE)  # the host's words: those a game would pick
        return state

    def solver(
        self, openers: dict[int, tuple[str, ...]] | None = None, tree: Node | None = None
    ) -> Strategy:
        """Return the strategy with these settings, handed its stored openers ({k: (opener,
        fallback, ...)}) and its tree, if any; a variant's, over the rows it shows."""
        if not self.variant_rules.plain:
            return make_shown(self.strategy)
        handed = {"tree": tree} if tree is not None else {}
        openers = openers or {}
        return make(
            self.strategy, shortlist=self.shortlist, width=self.width, openers=openers, **handed
        )

    def opening(self, in_file_order: bool = False) -> Opened:
        """Return the opening state and a solver that computes its own opener (in_file_order:
        as answer_list); WordListError or ValueError if the word lists cannot give a game."""
        lists = [self.allowed(), self.answer_list(in_file_order), self.excluded()]
        state = self.state(*lists)
        if self.boards > len(state.candidate_rows):
            raise OptionError(
                f"{{boards}} {self.boards} needs as many different answers; "
                f"there are {len(state.candidate_rows)}",
                "boards",
            )
        told = tuple(line for words in filter(None, lists) for line in skipped_lines(words))
        among = opener_pool(state.allowed) if not self.words else None
        solver, everything = self.solver(), functools.cache(lambda: self.everything(state))
        plans = solver.traits.plans
        return Opened(
            state, solver, Boards.new(state), everything, told, openers_from=among, instant=plans
        )

    def open(
        self,
        starters_dir: Path | None = None,
        in_file_order: bool = False,
        trees_dir: Path | None = None,
        announce: Callable[[str], None] | None = None,
        progress: Progress | None = None,
    ) -> Opened:
        """Return the opening with its solver handed what its traits ask for from the stored
        files: an opener from starters_dir, a tree from trees_dir (None: the defaults), or
        saying why none serves. A strategy whose tree is searched now has announce (if given)
        told why first, and progress follows the search. Errors as opening's."""
        if not self.variant_rules.plain:  # its first guess remembered on the bundled lists
            game = variant_game(self, in_file_order)
            solver = FirstRemembered(self.solver(), self if bundled(self) else None)
            return Opened(game.lists, solver, game)
        opened = self.opening(in_file_order)
        changed = "exclude" if self.exclude else "first_letter" if self.first_letter else None
        why = f"{{{changed}}} changes the possible answers" if changed else None
        if starters_dir is None:
            why = why or self.unstored_opener()
        folder = starters_dir or self.starters_folder()
        shelf = Shelf(folder, trees_dir, why, announce, progress, self.tree_command())
        state, traits = opened.state, opened.solver.traits
        if traits.wants_tree:
            tree, note = shelf.tree(state, traits.width)
            return replace(opened, solver=self.solver(tree=tree), no_opener=note, instant=True)
        if not traits.stores_opener:
            return opened
        try:
            words = shelf.opener(state, opened.solver)
        except NoStoredOpener as why_not:
            told = f"{why_not}; computing the opener"
            return replace(opened, no_opener=told, named=(changed,) if changed else ())
        return replace(opened, solver=self.solver({state.k: words}), instant=True)


def open_game(
    settings: Settings,
    starters: Path | None = None,
    in_file_order: bool = False,
    told: Told = untold,
    progress: Progress | None = None,
    quiet: bool = False,
    bar: bool = False,
) -> Opened:
    """Return the game settings open, its solver handed its stored opener (from starters:
    None, the bundled ones) or tree, after telling the lines of the word files skipped and,
    unless quiet, why no stored opener serves or a tree is searched now (its progress told).
    A strategy's long searches tell their progress too, unless the face shows a bar of its
    own. in_file_order: as answer_list. SetupError if the settings open no game."""
    note = None if quiet else lambda line: told(Notice(line))
    try:
        first = settings.open(starters, in_file_order, None, note, None if quiet else progress)
    except ValueError as error:
        raise setup_error(error) from None
    for line in first.skipped:
        told(Notice(line, kind="warning"))
    if progress and not (quiet or bar) and isinstance(first.solver, ReportsProgress):
        first = replace(first, solver=first.solver.with_progress(progress))
    if first.no_opener and not quiet:
        told(Notice(first.no_opener, first.named))
    return first


def bundled(settings: Settings) -> bool:
    """Return whether the settings play the bundled lists (no file of the player's)."""
    return settings.words is None and settings.answers is None and settings.exclude is None


def variant_game(settings: Settings, in_file_order: bool = False) -> VariantGame:
    """Return the opening of the settings' variant (shared when share_openings says so): its
    own words, or the language's lists with their prior (in_file_order: as answer_list);
    WordListError if no game can be made of them."""
    shared = bundled(settings)
    game: VariantGame | None = opening.OPENINGS.get(settings) if shared else None
    if game is None:
        rules, k = settings.variant_rules, settings.k
        if rules.lists is not None:
            lists = GameState.new(*rules.lists(k), uniform=True)
        else:
            lists = settings.state(answers=settings.answer_list(in_file_order))
        game = VariantGame.new(rules, lists, settings.max_guesses)
        if not len(game.worlds):
            raise WordListError(f"no {rules.name} game can be made of these {k}-letter words")
        if shared:
            opening.OPENINGS.keep(settings, game)
    return game
