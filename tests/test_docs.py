"""The docs: every option of every command is documented, and every link leads somewhere."""

import re

import pytest
import typer
from helpers import ROOT, invoke

from lenwordle.cli import app as cli
from lenwordle.strategies.registry import STRATEGIES

COMMANDS = sorted(typer.main.get_command(cli.app).commands.items())
LINK = re.compile(r"\]\(([^)\s]+)\)")


def read(relative: str) -> str:
    return (ROOT / relative).read_text()


def docs_text() -> str:
    """Return README.md and every docs/*.md page, joined."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text() for page in pages)


def long_options_in_help(name: str) -> set[str]:
    """Return the long options the --help of a command lists in its options table."""
    result = invoke(name, "--help")
    assert result.returncode == 0, name
    return set(re.findall(r"^[│|] (--[a-z][a-z-]*)", result.stdout, re.MULTILINE))


@pytest.mark.parametrize("name, command", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_every_long_option_of_a_command_is_in_the_docs(name, command):
    listed = long_options_in_help(name)
    declared = {o for p in command.params for o in p.opts + p.secondary_opts if o[:2] == "--"}
    assert listed == declared | {"--help"}, name  # the help was read whole
    text = docs_text()
    missing = sorted(o for o in listed if not re.search(rf"`{o}(?![\w-])", text))
    assert not missing, f"{name}: {missing}"


def options_reference() -> dict[str, str]:
    """Return the options table of docs/playing.md: each long option -> its commands cell."""
    reference = {}
    for row in read("docs/playing.md").splitlines():
        cells = re.split(r"(?<!\\)\|", row)  # an escaped \| stays in its cell
        if row.startswith("| `--") and len(cells) == 5:
            reference[re.match(r" `(--[a-z-]+)", cells[1])[1]] = cells[2]
    return reference


def test_every_option_is_in_the_options_reference_under_its_command():
    reference = options_reference()
    for name, command in COMMANDS:
        for param in command.params:
            for option in (o for o in param.opts if o.startswith("--")):
                assert option in reference, option
                assert f"`{name}`" in reference[option], (name, option)


def test_every_strategy_is_in_the_strategies_table_and_the_options_table():
    strategies = read("docs/strategies.md")
    row = next(r for r in read("docs/playing.md").splitlines() if r.startswith("| `--strategy"))
    for name in STRATEGIES:
        assert re.search(rf"^\| `{name}`", strategies, re.MULTILINE), name
        assert f"`{name}`" in row, name


def slug(heading: str) -> str:
    """Return GitHub's anchor for a heading: lower case, punctuation dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page) -> set[str]:
    return {slug(h) for h in re.findall(r"^#+ (.*)$", page.read_text(), re.MULTILINE)}


def test_every_docs_page_the_readme_links_exists():
    linked = {t.split("#")[0] for t in LINK.findall((ROOT / "README.md").read_text())}
    pages = {t for t in linked if t.startswith("docs/")}
    assert len(pages) >= 8
    for target in sorted(pages):
        assert (ROOT / target).is_file(), target


@pytest.mark.parametrize(
    "page", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name
)
def test_every_local_link_leads_to_a_file_and_heading_that_exist(page):
    for target in LINK.findall(page.read_text()):
        if "://" in target:
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.is_file(), (page.name, target)
        if anchor:
            assert anchor in anchors(file), (page.name, target)
