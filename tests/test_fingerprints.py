"""The behaviour fingerprints of benchmarks/fingerprints.json stay identical: 12 seeded games (every
AI kind and personality, all presets, both lengths) and every replay of ../shared/logs.

A refactoring must not change them. A change of behaviour (an AI tuned, a rule fixed) changes them
on purpose: take fresh ones in the same commit (``python benchmarks/fingerprints.py --write
benchmarks/fingerprints.json``) and say why in its message.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STORED = json.loads((ROOT / "benchmarks" / "fingerprints.json").read_text())


def _tool():
    spec = importlib.util.spec_from_file_location("fingerprints", ROOT / "benchmarks" /
                                                  "fingerprints.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_seeded_games_keep_their_fingerprints():
    assert _tool().game_prints() == STORED["games"]


@pytest.mark.slow
def test_replays_keep_their_fingerprints():
    if not (ROOT.parent / "shared" / "logs").is_dir():
        pytest.skip("../shared/logs is not beside the checkout")
    assert _tool().replay_prints() == STORED["replays"]
