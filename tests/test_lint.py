"""Static checks that catch real bugs: undefined names, unused imports and variables, syntax errors
(ruff's pyflakes rules F and E9) over every Python file of the project."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_no_pyflakes_errors():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "F,E9", "--output-format", "concise",
         "engine", "ai", "app", "tests", "benchmarks"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
