"""What a seat reads from the table (``ai.observe``): the tiles that passed a riichi (F3) and
what passed a seat since its last discard (F2)."""

from ai.observe import observe, passed_since_discard, river_safe_after_riichi
from engine.mjai import SeatTracker
from engine.tiles import parse_kind

HIDDEN = ["?"] * 13
HERO = ["1m", "2m", "3m", "5m", "6m", "8p", "8p", "2s", "3s", "4s", "7s", "7s", "N"]


def _table_after_a_pon_and_a_riichi() -> SeatTracker:
    """Seat 3's view: the dealer (0) riichis after seat 2 pons seat 3's haku and skips seat 0's
    turn, so seat 2's river is a tile ahead of the dealer's when the riichi comes (seat 2's 5m,
    thrown right after its pon, came before the riichi; its 8p after)."""
    tracker = SeatTracker(3)
    tracker.feed({"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1,
                  "honba": 0, "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
                  "tehais": [HIDDEN, HIDDEN, HIDDEN, HERO]})
    events = [("tsumo", 0, "?"), ("dahai", 0, "E"), ("tsumo", 1, "?"), ("dahai", 1, "S"),
              ("tsumo", 2, "?"), ("dahai", 2, "W"), ("tsumo", 3, "P"), ("dahai", 3, "P")]
    for kind, actor, pai in events:
        tracker.feed({"type": kind, "actor": actor, "pai": pai, "tsumogiri": pai == "P"}
                     if kind == "dahai" else {"type": kind, "actor": actor, "pai": pai})
    tracker.feed({"type": "pon", "actor": 2, "target": 3, "pai": "P", "consumed": ["P", "P"]})
    tracker.feed({"type": "dahai", "actor": 2, "pai": "5m", "tsumogiri": False})
    tracker.feed({"type": "tsumo", "actor": 3, "pai": "9s"})
    tracker.feed({"type": "dahai", "actor": 3, "pai": "9s", "tsumogiri": True})
    tracker.feed({"type": "tsumo", "actor": 0, "pai": "?"})
    tracker.feed({"type": "reach", "actor": 0})
    tracker.feed({"type": "dahai", "actor": 0, "pai": "1s", "tsumogiri": False})
    tracker.feed({"type": "reach_accepted", "actor": 0, "deltas": [-1000, 0, 0, 0],
                  "scores": [24000, 25000, 25000, 25000]})
    for actor, pai in ((1, "9p"), (2, "8p")):
        tracker.feed({"type": "tsumo", "actor": actor, "pai": "?"})
        tracker.feed({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": True})
    tracker.feed({"type": "tsumo", "actor": 3, "pai": "C"})
    return tracker


def test_F3_the_tiles_passed_after_a_riichi_go_by_the_order_of_the_discards():
    view = _table_after_a_pon_and_a_riichi().view()
    orders = [[t.order for t in river] for river in view.rivers]
    assert orders == [[0, 6], [1, 7], [2, 4, 8], [3, 5]]
    passed = river_safe_after_riichi(view, 0)
    assert passed == {parse_kind("9p"), parse_kind("8p")}
    assert parse_kind("5m") not in passed  # seat 2's second tile, but thrown before the riichi
    dealer = next(o for o in observe(view).opponents if o.seat == 0)
    assert parse_kind("5m") not in dealer.safe and parse_kind("8p") in dealer.safe


def test_F2_what_passed_a_seat_since_its_last_discard_is_safe_against_it_now():
    view = _table_after_a_pon_and_a_riichi().view()
    assert passed_since_discard(view, 1) == {parse_kind("8p")}  # seat 2 threw it after seat 1's 9p
    assert passed_since_discard(view, 2) == set()  # nothing since its own 8p
    safe = {o.seat: o.safe for o in observe(view).opponents}
    assert parse_kind("8p") in safe[1] and parse_kind("5m") not in safe[1]
    assert safe[2] == {parse_kind(k) for k in ("3z", "5m", "8p")}
