"""The type checker's configuration: mypy is in the test extras, checks the whole package, and
checks the engine and the strategies strictly (CI runs mypy itself: see the README)."""

import tomllib
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
STRICT_LAYERS = ["lenwordle.engine.*", "lenwordle.strategies.*", "lenwordle.words.*"]
# what `strict = true` turns on for a module (mypy --help); the global ones
# (warn_unused_configs, warn_redundant_casts) are checked apart
STRICT_FLAGS = {
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "check_untyped_defs": True,
    "disallow_untyped_decorators": True,
    "warn_return_any": True,
    "implicit_reexport": False,
    "strict_equality": True,
    "extra_checks": True,
}


@pytest.fixture(scope="module")
def pyproject() -> dict:
    return tomllib.loads(PYPROJECT.read_text())


def overrides_of(config: dict, module: str) -> list[dict]:
    """Return the [[tool.mypy.overrides]] that name module (a pattern, as written)."""
    found = []
    for override in config["tool"]["mypy"].get("overrides", []):
        names = override.get("module", [])
        if module in ([names] if isinstance(names, str) else names):
            found.append(override)
    return found


def test_mypy_is_in_the_test_extras(pyproject):
    extras = pyproject["project"]["optional-dependencies"]["test"]
    assert any(e.replace(" ", "").lower().startswith("mypy") for e in extras)


def test_mypy_checks_the_whole_package_and_its_language_build(pyproject):
    mypy = pyproject["tool"]["mypy"]
    assert mypy["files"] == ["lenwordle", "wordlists"]
    assert mypy["python_version"] == "3.11"
    assert mypy.get("warn_redundant_casts") is True
    assert not mypy.get("ignore_errors", False)
    for override in mypy.get("overrides", []):
        assert not override.get("ignore_errors", False), override


@pytest.mark.parametrize("module", STRICT_LAYERS)
def test_the_strict_layers_are_checked_strictly(pyproject, module):
    overrides = overrides_of(pyproject, module)
    assert overrides, f"no [[tool.mypy.overrides]] for {module}"
    settings: dict = {}
    for override in overrides:
        settings |= override
    missing = {k: v for k, v in STRICT_FLAGS.items() if settings.get(k) != v}
    assert not missing, f"{module} is not strict: {missing}"


def test_no_override_sets_strict(pyproject):
    """`strict = true` in an override turns strict mode on for every module (mypy reads it
    as a global flag): the strict layers list its flags instead."""
    for override in pyproject["tool"]["mypy"].get("overrides", []):
        assert "strict" not in override, override
