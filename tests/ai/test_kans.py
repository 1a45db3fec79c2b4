"""Issue 4, item 3: kan decisions weigh the new dora for everyone and the danger (C3)."""

from dataclasses import replace

from ai import make_agent
from engine.actions import PASS, Discard, Kan, Pon
from engine.meld import Meld, MeldKind
from engine.rules import TENHOU
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import make_view


def open_kan_view(hand, *, open_hand=True, riichi=False, turn_rivers=("", "", "", "")):
    """Seat 1 holds ``hand`` with three 7p; seat 0 has just discarded the fourth 7p. With
    ``open_hand`` seat 1 has already called a pon of white dragons (a yaku)."""
    pool = TilePool()
    melds = ((), (), (), ())
    if open_hand:
        haku = tuple(pool.parse("555z"))
        melds = ((), (Meld(MeldKind.PON, haku, haku[0], 3),), (), ())
    view = make_view(hand, seat=1, pool=pool, melds=melds, rivers=turn_rivers,
                     riichi=(False, False, riichi, False), riichi_at={2: 0} if riichi else None)
    sevens = [t for t in view.hand if t >> 2 == parse_kind("7p")]
    called = pool.parse("7p")[0]
    kan = Kan(MeldKind.DAIMINKAN, tuple(sevens), called)
    pon = Pon(tuple(sevens[:2]), called)
    view = replace(view, last_discard=(0, called), legal=(kan, pon, PASS))
    return view, kan, pon


def test_C3_open_kan_into_an_open_hand_near_tenpai():
    # 555z called; 777p 234m 56s 99s: tenpai on 4s-7s, and the kan keeps it
    view, kan, _ = open_kan_view("777p234m56s99s")
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal) == kan


def test_C3_no_open_kan_against_a_riichi():
    view, kan, _ = open_kan_view("777p234m56s99s", riichi=True, turn_rivers=("", "", "1z", ""))
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal) != kan


def test_C3_no_open_kan_that_opens_a_closed_hand():
    view, kan, _ = open_kan_view("777p234m56s99s678m", open_hand=False)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal) != kan


def test_C3_no_open_kan_far_from_tenpai():
    # 2-shanten: the new dora is more likely another seat's than ours
    view, kan, _ = open_kan_view("777p13m58s19p", open_hand=True)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal) != kan


def own_kan_view(hand, drawn, **kw):
    pool = TilePool()
    view = make_view(hand, drawn, pool=pool, **kw)
    fours = tuple(t for t in view.concealed if t >> 2 == parse_kind("7p"))
    kan = Kan(MeldKind.ANKAN, fours)
    return view, view.legal + (kan,), kan


def test_C3_closed_kan_when_it_costs_nothing():
    # 1-shanten around a concealed 7777p
    view, legal, kan = own_kan_view("777p234m56s9s13p", "7p")
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, legal) == kan


def test_C3_no_closed_kan_against_a_riichi():
    view, legal, kan = own_kan_view("777p234m56s9s13p", "7p", rivers=("", "", "1z", ""),
                                    riichi=(False, False, True, False), riichi_at={2: 0})
    act = make_agent("hard", seed=1, rules=TENHOU).act(view, legal)
    assert act != kan and isinstance(act, Discard)


def test_C3_no_closed_kan_far_from_tenpai():
    # 4-shanten: a new dora helps the other three more than this hand
    view, legal, kan = own_kan_view("777p159m1s4s2z3z", "7p")
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, legal) != kan
