"""The repository carries the licence that pyproject.toml declares (issue 11, item 17)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_license_file_matches_the_declared_mit_licence():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the riichi developers" in text
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
