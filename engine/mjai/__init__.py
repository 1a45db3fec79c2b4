"""The mjai protocol (mjai.app, libriichi), one package: tile names (:mod:`engine.mjai.names`),
a seat tracker that rebuilds a ``PlayerView`` and the seat's legal actions from the mjai events
that seat receives (:mod:`engine.mjai.tracker`), and the table's side - engine events as mjai
events and a seat played over mjai (:mod:`engine.mjai.link`). Seats are absolute. Records in the
mjai format are read and written by ``engine.records.mjai``.
"""

from engine.mjai.link import SeatLink, events_to_mjai, json_text
from engine.mjai.names import (
    HONOR_LETTERS,
    MjaiError,
    TileIds,
    mjai_kind,
    mjai_tile,
    parse_mjai_tile,
    rules_for,
)
from engine.mjai.tracker import SeatTracker

__all__ = [
    "HONOR_LETTERS",
    "MjaiError",
    "SeatLink",
    "SeatTracker",
    "TileIds",
    "events_to_mjai",
    "json_text",
    "mjai_kind",
    "mjai_tile",
    "parse_mjai_tile",
    "rules_for",
]
