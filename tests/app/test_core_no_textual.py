"""The interface's core (texts, glyphs, options) never imports Textual (harlequin's rule): it is
imported in a fresh interpreter and ``sys.modules`` is checked."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["app.i18n", "app.glyphs", "app.options", "app.settings_speed",
                                    "app.commands.play", "app.placement_hint"])
def test_core_module_does_not_import_textual(module):
    code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    loaded = json.loads(out.stdout)
    assert not [m for m in loaded if m == "textual" or m.startswith("textual.")]
