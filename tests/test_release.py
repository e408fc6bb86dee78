"""The release: one version, said in the changelog, and every import declared."""

import ast
import re
import sys
import tomllib
from importlib.metadata import version

from helpers import ROOT

import lenwordle

OPTIONAL = {"dask", "distributed"}  # `tree --scheduler`: the [dask] extra, imported on demand


def test_the_version_has_one_home_and_the_changelog_names_it():
    assert version("lenwordle") == lenwordle.__version__
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    # what is not released yet goes under "Unreleased", at the top, above the version
    released = headings[1:] if headings[:1] == ["Unreleased"] else headings
    assert released and released[0] == lenwordle.__version__
    assert "Unreleased" not in released


def test_every_module_the_package_imports_is_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]}
    extras = {re.split(r"[<>=\[ ]", d)[0] for d in project["optional-dependencies"]["dask"]}
    imported = set()
    for path in (ROOT / "lenwordle").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"lenwordle"}
    assert third_party - OPTIONAL <= declared, third_party - OPTIONAL - declared
    assert "dask" in extras  # what OPTIONAL names is the [dask] extra
