"""Static checks: undefined names, unused imports and variables, syntax errors (ruff's pyflakes
rules F and E9), import order, bugbear and pyupgrade (the ruff rules pyproject.toml selects) over
every Python file of the project, and mypy --strict on the engine and the AI."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_no_pyflakes_errors():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "F,E9", "--output-format", "concise",
         "engine", "ai", "app", "tests", "benchmarks"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_style_rules():
    """Import order (I), bugbear (B) and pyupgrade (UP), as configured in pyproject.toml."""
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--output-format", "concise",
         "engine", "ai", "app", "tests", "benchmarks"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_on_engine_and_ai():
    """STYLE 12: the engine and the AI are fully typed (mypy --strict, settings in pyproject)."""
    pytest.importorskip("mypy")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "engine", "ai"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout[-5000:] + out.stderr
