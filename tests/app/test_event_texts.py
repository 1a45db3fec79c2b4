"""What the event log and the round result say about a seat: the verb agrees with its subject
("You call pon", "Left calls pon"), in English; the Chinese lines keep their one form."""

from dataclasses import replace
from functools import cache

import pytest

from app import i18n
from app.glyphs import Painter
from app.screens.result import win_renderable
from app.table_text import event_line
from engine.events import Called, Discarded, KanDeclared, Win
from engine.game import Game
from engine.meld import parse_meld
from engine.rules import TENHOU, RuleSet
from engine.tiles import parse_tiles


@cache
def a_win() -> Win:
    """A real win of a greedy game (its seats are replaced below)."""
    from ai import make_agent
    from engine.driver import Driver

    game = Game(RuleSet(), 1)
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    Driver(game, agents).run(until=lambda events: any(isinstance(e, Win) for e in events))
    wins = [ev for ev in game.events if isinstance(ev, Win)]
    assert wins, "no win in this game"
    return wins[0]


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def lines(events) -> list[str]:
    p = Painter()
    return [event_line(ev, p).plain for ev in events]


def test_event_log_verbs_agree_with_you_and_the_other_seats(english):
    five = parse_tiles("5p")[0]
    events = []
    for seat in (0, 1):
        events += [
            Discarded(seat, five, tsumogiri=False),
            Discarded(seat, five, tsumogiri=False, riichi=True),
            Called(seat, parse_meld("chi:345m@3"), (seat + 3) % 4),
            Called(seat, parse_meld("pon:777z@1"), (seat + 1) % 4),
            Called(seat, parse_meld("kan:1111s@2"), (seat + 2) % 4),
            KanDeclared(seat, parse_meld("ankan:9999m")),
            replace(a_win(), seat=seat),
        ]
    assert lines(events) == [
        "You: 5p", "You: 5p  Riichi",
        "You call chi 3m 4m 5m", "You call pon Rd Rd Rd", "You call kan 1s 1s 1s 1s",
        "You call kan 9m 9m 9m 9m", "You win",
        "Right: 5p", "Right: 5p  Riichi",
        "Right calls chi 3m 4m 5m", "Right calls pon Rd Rd Rd", "Right calls kan 1s 1s 1s 1s",
        "Right calls kan 9m 9m 9m 9m", "Right wins",
    ]


def test_every_seat_text_with_a_you_twin_agrees_in_english(english):
    tx = i18n.Texts("en")
    twins = [k for k in tx._base if k.endswith("_you") and k.startswith(("event.", "result."))]
    assert {"event.chi_you", "event.pon_you", "event.kan_you", "event.riichi_you",
            "event.draw_you", "event.win_you", "result.win_by_you",
            "result.ron_from_you"} <= set(twins)
    for key in twins:
        base = key[: -len("_you")]
        role = "winner" if base.startswith("result.win_by") or "ron_from" in base else "seat"
        you = i18n.seat_text(base, 0, role=role, tiles="", how="Tsumo", loser="Left", n=1000)
        left = i18n.seat_text(base, 3, role=role, tiles="", how="Tsumo", loser="You", n=1000)
        assert you.startswith("You ") and left.startswith("Left ")
        assert you.split()[1] + "s" == left.split()[1] or (you.split()[1], left.split()[1]) in {
            ("are", "is")}, (you, left)


def test_result_heads_agree(english):
    win = a_win()
    tsumo = replace(win, seat=0, from_seat=0)
    ron = replace(win, seat=0, from_seat=3)
    p = Painter()
    head = lambda w: win_renderable(w, p, ()).renderables[0].plain  # noqa: E731
    assert head(tsumo) == "You win by Tsumo"
    assert head(ron) == "You win by Ron from Left"
    assert head(replace(win, seat=2, from_seat=2)) == "Across wins by Tsumo"
    assert head(replace(win, seat=2, from_seat=0)) == "Across wins by Ron from You"


def test_chinese_lines_keep_one_form():
    try:
        i18n.set_language("zh")
        chi = Called(0, parse_meld("chi:345m@3"), 3)
        assert lines([chi, replace(chi, seat=1)]) == ["你 吃 3m 4m 5m", "下家 吃 3m 4m 5m"]
        assert lines([replace(a_win(), seat=0)]) == ["你 和牌"]
    finally:
        i18n.set_language("en")


def test_chinese_win_headline_reads_as_a_sentence():
    """Issue 11 item 10: a ron headline said ``对家 荣和 下家`` (three names, no sentence); it
    says who won and who dealt in: ``对家 荣和（下家 放铳）``. Tsumo reads ``对家 自摸``."""
    win = a_win()
    try:
        i18n.set_language("zh")
        p = Painter()
        head = lambda w: win_renderable(w, p, ()).renderables[0].plain  # noqa: E731
        assert head(replace(win, seat=2, from_seat=1)) == "对家 荣和（下家 放铳）"
        assert head(replace(win, seat=0, from_seat=3)) == "你 荣和（上家 放铳）"
        assert head(replace(win, seat=3, from_seat=0)) == "上家 荣和（你 放铳）"
        assert head(replace(win, seat=2, from_seat=2)) == "对家 自摸"
    finally:
        i18n.set_language("en")


def test_a_drawn_round_shows_an_open_tenpai_hands_calls():
    """An exhaustive draw reveals the tenpai hands; an open hand (here one tile left after
    four calls) shows its calls beside it, a closed hand and a noten seat show none."""
    from app.screens.result import draw_renderable
    from engine.events import DrawKind, RoundDrawn

    one = parse_tiles("8s")
    closed = parse_tiles("123m678m77p56s999s")
    melds = ((), (parse_meld("pon:444p@2"), parse_meld("pon:666z@1"), parse_meld("chi:234s@3"),
                  parse_meld("pon:111m@2")), (), ())
    draw = RoundDrawn(DrawKind.EXHAUSTIVE, (-1500, 1500, 1500, -1500), (False, True, True, False),
                      ((), tuple(one), tuple(closed), ()))
    rows = draw_renderable(draw, Painter(), None, melds).renderables[1]
    lines = [cell.plain for cell in rows.columns[2]._cells]
    assert lines[1].startswith("8s") and "4p 4p 4p" in lines[1] and "2s 3s 4s" in lines[1]
    assert lines[2] == "1m 2m 3m 6m 7m 8m 7p 7p 5s 6s 9s 9s 9s"
    assert lines[0] == lines[3] == ""
    assert draw_renderable(draw, Painter(), None).renderables[1].columns[2]._cells[1].plain == "8s"
