"""The release: one version, said in the changelog, and every import declared."""

import ast
import re
import sys
import tomllib
from importlib.metadata import version

from helpers import ROOT

import lenwordle

OPTIONAL = {"dask", "distributed"}  # `tree --scheduler`: the [dask] extra, imported on demand
WEB = {"starlette", "uvicorn", "anyio"}  # `serve`: the [web] extra, imported by lenwordle.web only
IMAGE = {"PIL", "pytesseract"}  # `review --image`: the [image] extra (Pillow's module is PIL)


def test_the_version_has_one_home_and_the_changelog_names_it():
    assert version("lenwordle") == lenwordle.__version__
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    if headings and headings[0] == "Unreleased":  # what is not released yet: on top, once
        headings = headings[1:]
    assert headings and headings[0] == lenwordle.__version__
    assert "Unreleased" not in headings


def test_every_module_the_package_imports_is_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]}
    extras = {re.split(r"[<>=\[ ]", d)[0] for d in project["optional-dependencies"]["dask"]}
    web = {re.split(r"[<>=\[ ]", d)[0] for d in project["optional-dependencies"]["web"]}
    image = {re.split(r"[<>=\[ ]", d)[0] for d in project["optional-dependencies"]["image"]}
    imported = set()
    for path in (ROOT / "lenwordle").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"lenwordle"}
    optional = OPTIONAL | WEB | IMAGE
    assert third_party - optional <= declared, third_party - optional - declared
    assert "dask" in extras  # what OPTIONAL names is the [dask] extra
    assert web == WEB  # and what WEB names, the [web] extra
    assert image == {"pillow", "pytesseract"} and IMAGE <= third_party  # and IMAGE, [image]


def test_the_web_extra_is_imported_by_the_web_layer_only_and_serve_lazily():
    for path in (ROOT / "lenwordle").rglob("*.py"):
        tree = ast.parse(path.read_text())
        top = {  # the imports at the module's top level, run when it is imported
            name.split(".")[0]
            for node in tree.body
            for name in (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
        }
        if path.parent.name != "web":
            assert not top & WEB, path
            assert not any(
                isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("lenwordle.web")
                for node in tree.body
            ), path
