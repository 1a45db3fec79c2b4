"""How long the table pauses after each opponent's visible action, per speed setting."""

SPEED_DELAY = {"instant": 0.0, "fast": 0.12, "normal": 0.45}
