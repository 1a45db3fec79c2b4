"""The phases of a round (``Table.phase``): who acts next and on what."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    TURN = "turn"  # the seat in turn drew (or called chi/pon) and must act
    CALLS = "calls"  # seats answer a discard (ron / pon / kan / chi / pass)
    CHANKAN = "chankan"  # seats may rob a kan (C6)
    TENPAI = "tenpai"  # K1 option: tenpai seats choose to show or hide at an exhaustive draw
    OVER = "over"
