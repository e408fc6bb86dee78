"""Word files of one's own in every alphabet (--words, --answers, --exclude, bench --targets
and --accepted): read in the game's letters and accent rule, the lines it cannot use counted
and named; an empty path refused in one line. Spanish (accents, ñ), Russian (Cyrillic) and
Turkish (İ/i, I/ı) each time."""

import json
import os
import tempfile

import pytest
from helpers import one_line_error, run_in_process
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.api.setup import Settings
from lenwordle.words import wordfile
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.typed import plain
from lenwordle.words.wordlist import NoWords, WordListError

# Each language's file: its lines, the game words it holds (folded by the default rule), how
# its words are shown, the lines it cannot use (line number: why), by hand.
FILES = {
    "es": (
        [
            "árbol",
            "PERRO",
            "CAÑÓN",
            "Straße",  # ß is no letter of Spanish
            "niño",  # 4 letters: passed over, as English passes over other lengths
            "café con",
            "señor",
            "arbol",  # the same game word as árbol
            "  Gatos\t",
        ],
        {"arbol", "perro", "cañon", "señor", "gatos"},
        {"arbol": "ÁRBOL", "cañon": "CAÑÓN", "señor": "SEÑOR"},
        {4: "'Straße' has letters not in Spanish: ß", 6: "'café con' has characters not in"},
    ),
    "ru": (
        ["корта", "КРОНА", "ёлка1", "crane", "время", "Ёжики", "кот"],
        {"корта", "крона", "время", "ежики"},
        {"крона": "КРОНА", "время": "ВРЕМЯ"},
        {3: "'ёлка1' has characters not in Russian: '1'", 4: "'crane' has letters not in"},
    ),
    # letters a-z with accents folded to them: not read as bytes a-z (they were, and every
    # accented line was skipped)
    "pt": (
        ["tâmil", "CAÇAS", "mamão", "ação", "Straße", "metro"],
        {"tamil", "cacas", "mamao", "metro"},
        {"mamao": "MAMÃO", "tamil": "TÂMIL"},
        {5: "'Straße' has letters not in Portuguese: ß"},
    ),
    "de": (
        ["größe", "WEISS", "Straße", "außen", "schön", "œuvre"],
        {"grose", "weiss", "ausen", "schon"},
        {"ausen": "AUßEN"},
        {6: "'œuvre' has letters not in German: œ"},
    ),
    "fr": (
        ["chœur", "ŒUVRE", "café", "Noël!", "élève"],
        {"chour", "ouvre", "eleve"},
        {"chour": "CHŒUR"},  # (eleve is shown ÉLEVÉ, the more frequent of its two)
        {4: "'Noël!' has characters not in French: '!'"},
    ),
    "tr": (
        ["KİTAP", "çiçek", "KITAP", "Quest", "ışık", "IŞIKS", "wxyzq"],
        {"kitap", "çiçek", "kıtap", "ışıks"},
        {"kitap": "KİTAP", "çiçek": "ÇİÇEK", "kıtap": "KITAP"},
        {
            4: "'Quest' has letters not in Turkish: q",
            7: "'wxyzq' has letters not in Turkish: w x q",
        },
    ),
}


def write(folder, name: str, lines: list[str]) -> str:
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("lang", FILES)
def test_a_file_is_read_in_the_languages_letters_and_its_bad_lines_are_named(tmp_path, lang):
    lines, words, shown, bad = FILES[lang]
    path = write(tmp_path, f"{lang}.txt", lines)
    found = Settings(5, lang=lang).read(path, in_file_order=True)
    assert set(found.strings) == words
    assert set(found.order) == words and len(found.order) == len(words)
    for word, capitals in shown.items():
        assert found.display(word) == capitals
    assert found.skipped_count == len(bad)
    for note, (line, why) in zip(found.skipped, bad.items()):
        assert note.startswith(f"{path}:{line}: {why}")


def test_a_word_with_or_without_its_accents_is_the_same_word_shown_as_the_dictionary_spells_it(
    tmp_path,
):
    for line in ("arbol", "árbol", "ÁRBOL"):
        path = write(tmp_path, "a.txt", [line])
        found = Settings(5, lang="es").read(path)
        assert found.strings == ["arbol"] and found.display("arbol") == "ÁRBOL"
    kept = Settings(5, lang="es", accents="keep").read(
        write(tmp_path, "b.txt", ["árbol", "arbol"])
    )
    assert sorted(kept.strings) == ["arbol", "árbol"]  # kept, Á is a letter of its own


def test_a_file_of_a_language_read_as_english_is_not_letters_a_z(tmp_path):
    path = write(tmp_path, "ru.txt", ["корта", "crane"])
    found = Settings(5).read(path)
    assert found.strings == ["crane"] and found.skipped_count == 1
    assert found.skipped[0] == f"{path}:1: 'корта' is not letters a-z"


@pytest.mark.parametrize("lang", FILES)
def test_words_with_lang_plays_from_the_file_and_warns_of_its_bad_lines(tmp_path, lang):
    lines, words, _, bad = FILES[lang]
    path = write(tmp_path, "w.txt", lines)
    answer = sorted(words)[0]
    result = run_in_process("solve", answer, "--lang", lang, "--words", path, "--json")
    assert result.returncode == 0, result.stderr
    game = json.loads(result.stdout)
    assert game["solved"] and {turn["word"] for turn in game["guesses"]} <= words
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == len(bad)
    assert warnings[0].startswith(f"warning: {path}:{min(bad)}: {bad[min(bad)]}")


@pytest.mark.parametrize("lang", FILES)
def test_answers_and_exclude_files_of_a_language_decide_the_games_bench_plays(tmp_path, lang):
    lines, words, _, bad = FILES[lang]
    answers = write(tmp_path, "answers.txt", lines)
    excluded = sorted(words)[:2]  # written as the file has them: in capitals where it did
    exclude = write(
        tmp_path, "exclude.txt", [LANGUAGES[lang].alphabet().upper(w) for w in excluded]
    )
    result = run_in_process(
        "bench", "--lang", lang, "--answers", answers, "--exclude", exclude, "--json"
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["games"] == len(words) - 2  # every word of the file, but the two excluded
    assert figures["failures"] == 0


def test_a_swedish_exclude_of_a_word_a_z_takes_it_out_of_the_answers(tmp_path):
    answers = write(tmp_path, "a.txt", ["kaffe", "sälja", "hösta", "banan"])
    exclude = write(tmp_path, "e.txt", ["kaffe", "Sälja"])
    played = run_in_process("bench", "--lang", "sv", "--answers", answers, "--json")
    assert json.loads(played.stdout)["games"] == 4
    result = run_in_process(
        "bench", "--lang", "sv", "--answers", answers, "--exclude", exclude, "--json"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 2


def test_an_excluded_spanish_word_is_no_longer_listed(tmp_path):
    exclude = write(tmp_path, "e.txt", ["perro"])
    typed = "perla ggg..\nlist\n"  # per?? without l or a: perro, perno, perdí...
    listing = run_in_process("play", "--lang", "es", "--exclude", exclude, input_text=typed)
    kept = run_in_process("play", "--lang", "es", input_text=typed)
    assert "PERRO" in kept.stdout.split("possible:")[-1]  # without --exclude, it is there
    assert "PERRO" not in listing.stdout.split("possible:")[-1]


@pytest.mark.parametrize("lang", FILES)
def test_bench_targets_and_accepted_of_a_language_are_read_line_by_line(tmp_path, lang):
    lines, words, _, bad = FILES[lang]
    targets = write(tmp_path, "t.txt", lines)
    result = run_in_process("bench", "--lang", lang, "--targets", targets, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == len(words)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == len(bad) and f"{targets}:{min(bad)}: " in warnings[0]


def test_bench_on_spanish_targets_and_accepted_guesses_with_accents_reads_every_line(tmp_path):
    """The accepted guesses are the Spanish dictionary as it is spelled (SERÍA, CAÑÓN): read
    as a-z, a fifth of its lines were lost and the solver's guesses refused."""
    everything = Settings(5, lang="es").allowed()
    spellings = everything.spellings.to_pylist()
    accented = [s for s in spellings if not s.isascii()]
    assert len(accented) > 1000  # the file holds many lines a-z could not read
    accepted = write(tmp_path, "g.txt", spellings)
    targets = write(tmp_path, "t.txt", accented[:: len(accented) // 12][:12])
    result = run_in_process(
        "bench", "--lang", "es", "--targets", targets, "--accepted", accepted, "--json"
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr  # no line skipped, none under 10 % accepted
    figures = json.loads(result.stdout)
    assert figures["games"] == 12
    assert figures["refusals"] == 0  # every guess the solver made was in the file
    read = Settings(5, lang="es").read(accepted)
    assert read.skipped_count == 0 and len(read) == len(everything)


# -- the limits of the decoded path: at each, and one past --------------------------------


@pytest.mark.parametrize("newline", [b"\n", b""])
def test_a_russian_line_of_exactly_the_byte_limit_is_read_one_byte_more_refused(tmp_path, newline):
    limit = wordfile.MAX_LINE_BYTES
    path = tmp_path / "w.txt"
    word = "крона".encode()  # 10 bytes
    path.write_bytes("время\n".encode() + word.ljust(limit) + newline)
    assert sorted(Settings(5, lang="ru").read(path).strings) == ["время", "крона"]
    path.write_bytes("время\n".encode() + word.ljust(limit + 1) + newline)
    with pytest.raises(WordListError, match=f"{path}:2: a line of more than {limit} bytes"):
        Settings(5, lang="ru").read(path)


def test_a_turkish_file_of_exactly_the_most_words_is_read_one_more_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(wordfile, "MAX_WORDS", 100)
    letters = "çğıiöşü" + "abcdefg"  # 14 x 14 = 196 distinct words
    words = [a + b + "kıl" for a in letters for b in letters]
    path = tmp_path / "w.txt"
    path.write_text("\n".join(words[:100] * 20), "utf-8")  # duplicates are free
    assert len(Settings(5, lang="tr").read(path)) == 100
    path.write_text("\n".join(words[:101]), "utf-8")
    with pytest.raises(WordListError, match="more than 100 different words of length 5"):
        Settings(5, lang="tr").read(path)


def test_a_file_with_no_word_of_a_language_says_why_and_an_empty_one_has_none(tmp_path):
    path = write(tmp_path, "w.txt", ["crane", "slate"])
    message = str(pytest.raises(WordListError, Settings(5, lang="ru").read, path).value)
    assert message.startswith(f"{path}: no words of length 5; 2 lines skipped, e.g. {path}:1:")
    assert "'crane' has letters not in Russian" in message
    with pytest.raises(NoWords):
        Settings(5, lang="ru").read(write(tmp_path, "e.txt", ["", " \u00a0", "\u200b"]))


LANGUAGE_LINES = st.lists(
    st.sampled_from(
        list("aiIİıkKñÑáÁßçÇşэЁё1 \t\r\u00a0\u3000\u200b\u200e\ufeff\u00ad\u2028-\n")
        + ["n\u0303", "A\u0301", "\u0301", "\u212a"]  # decomposed ñ and Á, the Kelvin sign
    ),
    max_size=40,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(LANGUAGE_LINES, st.integers(1, 40), st.sampled_from(["es", "tr", "ru"]))
def test_the_decoded_reader_agrees_with_typed_text_read_line_by_line(text, chunk, lang):
    """Each line of a file is read as the same text typed would be: made plain, folded by the
    language's rules; a word if it has k game letters, a skipped line if it has anything else."""
    k = 3
    alphabet = LANGUAGES[lang].alphabet()
    lines = ["".join(alphabet.letters[:k])] + text.split("\n")
    folded = [alphabet.fold(plain(line).strip(" ")) for line in lines]
    words = {w for w in folded if len(w) == k and alphabet.is_word(w)}
    skipped = [i + 1 for i, w in enumerate(folded) if w and not alphabet.is_word(w)]
    old = wordfile.CHUNK_BYTES
    wordfile.CHUNK_BYTES = chunk
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = write(folder, "w.txt", lines)
            found = Settings(k, lang=lang).read(path)
    finally:
        wordfile.CHUNK_BYTES = old
    assert set(found.strings) == words
    assert found.skipped_count == len(skipped)
    assert [int(note.split(":")[1]) for note in found.skipped] == skipped[: wordfile.NOTES]


# -- an empty path: one line naming the option ---------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--words"],
        ["play", "--answers"],
        ["play", "--exclude"],
        ["solve", "crane", "--exclude"],
        ["play", "--starters"],
        ["bench", "--targets"],
        ["bench", "--accepted"],
        ["tree", "--out"],
        ["tree", "--trees"],
        ["precompute-starters", "--out"],
        ["play", "--lang", "ru", "--exclude"],
        ["bench", "--lang", "tr", "--targets"],
        ["solve", "cañón", "--lang", "es", "--answers"],
    ],
)
def test_an_empty_path_is_refused_in_one_line_naming_the_option(args):
    error = one_line_error(run_in_process(*args, ""))
    assert f"'{args[-1]}': an empty path" in error and "directory" not in error


TURKISH_CAPITALS = {  # by hand: i is İ, ı is I
    "kitap": "KİTAP",
    "kıtap": "KITAP",
    "çiçek": "ÇİÇEK",
    "kilim": "KİLİM",
    "bilgi": "BİLGİ",
    "silah": "SİLAH",
    "kalem": "KALEM",
    "kiraz": "KİRAZ",
}


SHOWN = {  # by hand: each game word as the player reads it
    "tr": TURKISH_CAPITALS,
    "es": {  # written without accents in the file: shown as the dictionary spells them
        "arbol": "ÁRBOL",
        "cañon": "CAÑÓN",
        "señor": "SEÑOR",
        "perro": "PERRO",
        "cesar": "CÉSAR",
        "musica": "MÚSICA",
        "razon": "RAZÓN",
        "bebes": "BEBÉS",
    },
    "ru": {
        "крона": "КРОНА",
        "время": "ВРЕМЯ",
        "корта": "КОРТА",
        "ежики": "ЕЖИКИ",
        "книга": "КНИГА",
    },
}


@pytest.mark.parametrize("lang", SHOWN)
def test_precompute_starters_of_a_file_reports_its_opener_as_the_player_reads_it(tmp_path, lang):
    words = [w for w in SHOWN[lang] if len(w) == 5]
    path = write(tmp_path, "w.txt", words)
    out = tmp_path / "starters"
    result = run_in_process(
        "precompute-starters", "--lang", lang, "--words", path, "--lengths", "5",
        "--out", str(out), "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    best = json.loads((out / "05.json").read_text())["openers"][0]["word"]
    assert result.stdout.startswith(f" 5 letters: {SHOWN[lang][best]} (entropy")


def test_tree_of_a_turkish_file_shows_its_words_in_turkish_capitals(tmp_path):
    capitals = TURKISH_CAPITALS
    path = write(tmp_path, "w.txt", [w.upper() if "i" not in w else w for w in capitals])
    result = run_in_process(
        "tree", "--lang", "tr", "--words", path, "--answers", path, "--start", "KİTAP",
        "--text", "--trees", str(tmp_path / "trees"), "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("opener KİTAP ")
    paths = {line.split()[0]: line.split()[1:] for line in lines if line.split()[0] in capitals}
    assert set(paths) == set(capitals)
    for answer, guesses in paths.items():
        assert guesses[0] == "KİTAP" and guesses[-1] == capitals[answer]
        assert set(guesses) <= set(capitals.values())
