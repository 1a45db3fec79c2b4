"""Hand analysis, written once: shanten, waits and ukeire, the table's wait masks, and the
decompositions the scorer reads.

- :mod:`engine.hand.tables`: generated per-suit shanten tables (benchmarks/gen_suit_table.py).
- :mod:`engine.hand.shanten`: exact shanten, with the number of sets as an optional parameter.
- :mod:`engine.hand.waits`: waits, tenpai, ukeire and the ukeire table.
- :mod:`engine.hand.masks`: wait masks over packed per-suit keys (kept per seat by the table).
- :mod:`engine.hand.decompose`: the agari shape check, decompositions and wait readings.

Every function takes 34-count arrays of concealed tiles; every memo is keyed by one suit's
pattern (or by ids of the tables built from them), so none grows with the hands seen.

``engine.hand.shanten`` and ``engine.hand.waits`` name the functions here (the package exports
them); a module's other names are imported from it: ``from engine.hand.shanten import ...``.
"""

from engine.hand.decompose import (
    Decomposition,
    decompositions,
    is_chiitoitsu,
    is_complete,
    is_kokushi,
    is_regular,
    readings,
)
from engine.hand.masks import (
    SHIFT,
    SUIT_OF,
    has_reading_without_triplet,
    mask_kinds,
    regular_tenpai_by_discard,
    regular_wait_mask,
    wait_mask,
)
from engine.hand.shanten import (
    InvalidHand,
    hand_size,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
)
from engine.hand.waits import Ukeire, accepting, is_tenpai, ukeire, ukeire_table, waits

__all__ = [
    "SHIFT",
    "SUIT_OF",
    "Decomposition",
    "InvalidHand",
    "Ukeire",
    "accepting",
    "decompositions",
    "hand_size",
    "has_reading_without_triplet",
    "is_chiitoitsu",
    "is_complete",
    "is_kokushi",
    "is_regular",
    "is_tenpai",
    "mask_kinds",
    "readings",
    "regular_tenpai_by_discard",
    "regular_wait_mask",
    "shanten",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
    "ukeire",
    "ukeire_table",
    "wait_mask",
    "waits",
]
