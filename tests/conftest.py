"""Settings for the whole test suite.

``RIICHI_STRICT_AI=1``: an exception inside an AI's decision propagates instead of being logged and
answered with the fallback action (``ai.base.Agent.act``), so a bug in an AI fails its test. Set
at import time, before any test runs; a test that needs the forgiving behaviour unsets it with
``monkeypatch``.
"""

import os

os.environ.setdefault("RIICHI_STRICT_AI", "1")
