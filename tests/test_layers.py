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
    "test_challenge_cli.py",  # (the page's link: serve's host and port)
    "test_listing_terminal.py",
    "test_cli.py",
    "test_cli_reliability.py",
    "test_compare.py",
    "test_docs.py",
    "test_hostile_input.py",
    "test_reliability.py",
    "test_prove_command.py",
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


def module_imports(package: Path) -> dict[str, set[str]]:
    """Return each lenwordle module's lenwordle modules imported at any depth (a name imported
    from a package counts as its module when it is one, else as the package)."""
    modules = {
        ".".join(("lenwordle", *path.relative_to(package).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): path
        for path in package.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
                names = [n for n in names[:-1] if n in modules] or [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            found |= {n for n in names if n in modules and n != name}
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the circles of imports between modules (a package importing its own modules,
    as its __init__ does, is no circle unless one of them imports the package back)."""
    found, done = [], set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            found.append(path[path.index(name) :] + [name])
            return
        if name in done:
            return
        for other in sorted(graph.get(name, ())):
            visit(other, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    return found


def test_no_module_imports_another_that_imports_it_back():
    assert circles(module_imports(PACKAGE)) == []


def test_a_circle_of_imports_is_caught(tmp_path):
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "one.py").write_text("from lenwordle.api import two\n")
    only_typed = "if TYPE_CHECKING:\n    from lenwordle.api.one import X\n"  # (a circle too)
    (tmp_path / "api" / "two.py").write_text("from typing import TYPE_CHECKING\n" + only_typed)
    (tmp_path / "api" / "three.py").write_text("from lenwordle.api.two import Y\n")
    found = circles(module_imports(tmp_path))
    assert found == [["lenwordle.api.one", "lenwordle.api.two", "lenwordle.api.one"]]


BELOW_THE_API = ("words", "engine", "search", "strategies", "games", "store")
# the one import of a face below the library: the command line's own process, its signals
# and its workers' deaths (what a library never does to the process that imports it)
FACE_IMPORTS_BELOW = {"cli/app.py -> lenwordle.engine.workers"}


def imports_below_the_api(package: Path) -> set[str]:
    """Return 'module -> lenwordle module' for each import of a face (cli, web) of a package
    below the library's face, at any depth of its code."""
    found = set()
    for face in ("cli", "web"):
        for path in sorted((package / face).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                for name in names[:1] if isinstance(node, ast.ImportFrom) else names:
                    parts = name.split(".")
                    if parts[0] == "lenwordle" and len(parts) > 1 and parts[1] in BELOW_THE_API:
                        found.add(f"{path.relative_to(package)} -> {name}")
                if isinstance(node, ast.ImportFrom) and node.module == "lenwordle":
                    below = [a.name for a in node.names if a.name in BELOW_THE_API]
                    found |= {f"{path.relative_to(package)} -> lenwordle.{b}" for b in below}
    return found


def test_the_faces_call_the_library_only():
    assert imports_below_the_api(PACKAGE) == FACE_IMPORTS_BELOW


def test_a_face_importing_below_the_library_is_caught(tmp_path):
    (tmp_path / "cli").mkdir()
    (tmp_path / "web").mkdir()
    (tmp_path / "cli" / "one.py").write_text(
        "from lenwordle.api import Game\n"
        "def f():\n    from lenwordle.engine.feedback import reply_for  # inside too\n"
    )
    (tmp_path / "web" / "two.py").write_text(
        "from lenwordle import store\nimport lenwordle.words\n"
    )
    assert imports_below_the_api(tmp_path) == {
        "cli/one.py -> lenwordle.engine.feedback",
        "web/two.py -> lenwordle.store",
        "web/two.py -> lenwordle.words",
    }
