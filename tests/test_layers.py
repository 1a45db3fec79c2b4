"""The layers: engine (standard library only) <- ai <- app. Each module is imported in a fresh
interpreter and what it pulled into ``sys.modules`` is checked."""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _modules(package: str) -> list[str]:
    pkg_dir = ROOT / package
    names = [package]
    for info in pkgutil.walk_packages([str(pkg_dir)], prefix=f"{package}."):
        names.append(info.name)
    return names


def _imported_by(module: str) -> set[str]:
    code = (
        "import sys, json; before = set(sys.modules); "
        f"import {module}; "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(out.stdout))


def _top(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.parametrize("module", _modules("engine"))
def test_engine_imports_only_stdlib(module):
    allowed = set(sys.stdlib_module_names) | {"engine"}
    foreign = {m for m in _imported_by(module) if _top(m) not in allowed and not m.startswith("_")}
    assert not foreign, f"{module} imports {sorted(foreign)}"


@pytest.mark.parametrize("module", _modules("ai"))
def test_ai_imports_only_engine(module):
    allowed = set(sys.stdlib_module_names) | {"engine", "ai"}
    foreign = {m for m in _imported_by(module) if _top(m) not in allowed and not m.startswith("_")}
    assert not foreign, f"{module} imports {sorted(foreign)}"
