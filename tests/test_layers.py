"""The packages are layers: each imports only the layers below it (docs/design.md)."""

import ast
from pathlib import Path

import pytest

import lenwordle

PACKAGE = Path(lenwordle.__file__).parent
# bottom first
LAYERS = ["words", "engine", "search", "strategies", "games", "store", "api", "web", "cli"]


def imported_layers(path: Path) -> set[str]:
    """Return the lenwordle packages a module imports, at any depth of its code."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}: relative import; write lenwordle.<package>")
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "lenwordle" and len(parts) > 1:
                found.add(parts[1])
    return found


def upward(layer: str) -> list[str]:
    """Return 'module -> package' for each import of layer's modules that is not below it."""
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    return [
        f"{path.relative_to(PACKAGE)} -> {other}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for other in sorted(imported_layers(path) - allowed)
    ]


def test_every_module_is_in_a_layer():
    top = {p.name for p in PACKAGE.glob("*.py")}
    assert top == {"__init__.py", "__main__.py"}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(LAYERS)


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer):
    assert upward(layer) == []


def test_an_upward_import_is_caught(tmp_path, monkeypatch):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text(
        "def f():\n    from lenwordle.cli.app import main  # inside a function too\n"
    )
    (tmp_path / "engine" / "fine.py").write_text("from lenwordle.words import letters\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path)
    assert upward("engine") == ["engine/bad.py -> cli"]
    assert upward("cli") == []  # nothing of cli's here


def test_the_root_package_imports_only_the_api():
    assert imported_layers(PACKAGE / "__init__.py") == {"api"}


# the tests of the command line; every other test file tests the library without importing
# it (a test may still run a command through helpers.invoke, which imports it then)
CLI_TESTS = {
    "helpers.py",  # invoke and run_in_process run a command
    "test_api_variants.py",  # (found and help, as the terminal words the session's events)
    "test_beyond.py",  # (list on two boards, as the terminal words it)
    "test_listing_terminal.py",
    "test_cli.py",
    "test_cli_reliability.py",
    "test_compare.py",
    "test_docs.py",
    "test_hostile_input.py",
    "test_reliability.py",
    "test_signals.py",
    "test_tree_command.py",
    "test_tree_dot.py",
    "test_web_serve.py",
}


def test_the_library_tests_do_not_import_the_cli():
    tests = Path(__file__).parent
    importing = {
        path.name
        for path in tests.glob("*.py")
        if path.name != Path(__file__).name and "cli" in imported_layers(path)
    }
    assert importing <= CLI_TESTS, sorted(importing - CLI_TESTS)
