"""The examples in the docstrings of engine/, ai/ and app/ run as tests (issue 12, item 7), one
test per docstring, so ``make test`` (``pytest``, testpaths = tests) runs them with the rest.

They are collected here rather than with ``--doctest-modules`` on the package folders so that they
run under this suite's settings (tests/conftest.py) and in a scratch RIICHI_HOME, and so that
pytest never imports ``app/__main__.py`` (which runs the program). An example that needs
something a docstring cannot hold (a file on disk) says ``# doctest: +SKIP`` and why.

Collecting imports every module; the last test proves that doing so has no side effects: no
Textual app starts, nothing is printed, no file is written.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ai", "app")
#: Modules that are programs, not libraries: importing one runs it.
PROGRAMS = {"app.__main__"}


def module_names() -> list[str]:
    """Every module of the packages, by dotted name, programs left out."""
    out = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join(parts)
            if name not in PROGRAMS:
                out.append(name)
    return out


def _doctests() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    found = []
    for name in module_names():
        module = importlib.import_module(name)
        found.extend(t for t in finder.find(module, name) if t.examples)
    return sorted(found, key=lambda t: t.name)


DOCTESTS = _doctests()


@pytest.mark.parametrize("test", DOCTESTS, ids=[t.name for t in DOCTESTS])
def test_docstring_examples(test: doctest.DocTest, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "riichi-home"))
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=out.append)
    assert result.failed == 0, f"{test.filename}:{test.lineno}\n" + "".join(out)


def test_the_examples_are_found():
    names = {t.name for t in DOCTESTS}
    # one module of each package at least (a finder that found nothing would pass silently)
    assert "engine.scoring.hand" in names and "engine.records.fold" in names
    assert any(n.startswith("ai.") for n in names) and len(names) >= 30


IMPORT_ALL = """
import sys, threading
import textual.app

def refuse(*args, **kwargs):
    raise SystemExit("a Textual app was started while importing " + current)

textual.app.App.run = refuse
textual.app.App.run_async = refuse
for current in sys.argv[1:]:
    __import__(current)
print(threading.active_count(), end="")
"""


def test_importing_every_module_has_no_side_effects(tmp_path):
    home = tmp_path / "riichi-home"
    env = dict(os.environ, RIICHI_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(IMPORT_ALL), *module_names()],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "1", "a module started a thread or printed: " + proc.stdout
    assert proc.stderr == ""
    assert list(tmp_path.iterdir()) == [], "a module wrote a file"  # RIICHI_HOME included
