"""The table's toggles (issue 11 item 4): auto-tsumogiri is off until the player turns it on,
w/x/z say what they changed, and auto-tsumogiri never discards a winning draw or skips a kan."""

import asyncio

from app.app import RiichiApp
from app.i18n import t
from app.options import PlayOptions
from app.storage.settings import Settings, load_settings, settings_from_dict
from engine.actions import Discard, Kan, Riichi, Tsumo
from engine.events import Discarded
from engine.game import Game
from engine.rules import RuleSet
from engine.tiles import TilePool, parse_kind
from engine.wall import Wall
from tests.app.test_snapshots import my_turn
from tests.app.test_snapshots import wait_until as until


def test_auto_tsumogiri_is_off_by_default():
    assert Settings().tsumogiri_after_riichi is False
    assert settings_from_dict({})[0].tsumogiri_after_riichi is False
    assert load_settings()[0].tsumogiri_after_riichi is False  # a first start: no file


def told(app) -> list[str]:
    """Record what the app notifies."""
    said: list[str] = []
    notify = app.notify

    def record(message, *args, **kwargs):
        said.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = record
    return said


def test_a_new_players_table_shows_no_tsumogiri_flag_and_w_x_z_say_what_changed():
    asyncio.run(_toggles())


async def _toggles():
    app = RiichiApp(PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True,
                                save=False))  # the settings of a first start
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        bar = app.screen.query_one("ScoreBar")
        assert t("table.tsumogiri") not in bar.info.flags
        for key, name, text in (("w", "auto_win", "auto_win"), ("x", "skip_calls", "skip_calls"),
                                ("z", "tsumogiri_after_riichi", "tsumogiri")):
            await pilot.press(key)
            await pilot.pause()
            assert getattr(app.settings, name) is True
            assert said[-1] == t(f"toggle.{text}_on")
            await pilot.press(key)
            await pilot.pause()
            assert getattr(app.settings, name) is False
            assert said[-1] == t(f"toggle.{text}_off")
        assert load_settings()[0] == app.settings  # each toggle was saved
        await pilot.press("z")
        await pilot.pause()
        assert t("table.tsumogiri") in bar.info.flags


# --- auto-tsumogiri in riichi -------------------------------------------------------------------
RULES = RuleSet()
# Opponents with scattered tiles: no pair of the player's discards, nothing near 9s, no 5p or 1z.
OPPONENTS = ("147m147p147s2345z", "258m268p258s2356z", "369m369p136s2346z")


def scripted(hand: str, draws: str) -> type[Game]:
    """A Game whose first deal is ``hand`` for the player (the dealer), the opponents above and
    the live draws ``draws`` in order (the player's first, then one per seat around)."""
    pool = TilePool(RULES.red_fives)
    hands = [pool.parse(h) for h in (hand, *OPPONENTS)]
    wall = Wall.from_hands(hands, pool.parse(draws))

    class Scripted(Game):
        def __init__(self, rules, seed):
            super().__init__(rules, seed, walls=lambda number, start: wall)

    return Scripted


def riichi_table(monkeypatch, hand: str, draws: str) -> RiichiApp:
    monkeypatch.setattr("app.session.Game", scripted(hand, draws))
    options = PlayOptions(seed=1, difficulty="greedy", speed="instant", direct=True, save=False)
    return RiichiApp(options, settings=Settings(tsumogiri_after_riichi=True, auto_win=False))


async def riichi_then_next_turn(pilot, app):
    """Declare riichi with the 9s drawn first; return the legal actions of the player's next
    turn (after auto-tsumogiri did what it may)."""
    await until(pilot, lambda: my_turn(app))
    screen = app.screen
    riichi = [a for a in screen.legal if isinstance(a, Riichi) and a.tile >> 2 == parse_kind("9s")]
    assert riichi, screen.legal
    screen.submit_human(riichi[0])
    await until(pilot, lambda: my_turn(app) and not any(isinstance(a, Riichi)
                                                         for a in app.screen.legal))
    return app.screen.legal


def own_discards(app) -> list[int]:
    return [e.tile >> 2 for e in app.screen.game.events
            if isinstance(e, Discarded) and e.seat == 0]


def test_auto_tsumogiri_discards_a_useless_draw_but_stops_at_a_winning_one(monkeypatch):
    """Tenpai on 5p (tanki), riichi: the next draw (7z) goes at once, the one after (5p) is
    a win: with auto-win off the player is asked (Tsumo on offer), nothing discarded."""
    app = riichi_table(monkeypatch, "123456789m123p5p", "9s 1m1p1s 7z 2m2p2s 5p")
    asyncio.run(_winning(app))


async def _winning(app):
    async with app.run_test(size=(80, 24)) as pilot:
        legal = await riichi_then_next_turn(pilot, app)
        assert any(isinstance(a, Tsumo) for a in legal)
        assert own_discards(app) == [parse_kind("9s"), parse_kind("7z")]
        view = app.screen.view
        assert view.riichi[0] and view.drawn is not None and view.drawn >> 2 == parse_kind("5p")
        assert app.screen.session.auto_action(0, legal, view) is None


def test_auto_tsumogiri_never_skips_a_kan_offer(monkeypatch):
    """In riichi with 111z and a 5p tanki, the fourth 1z may be a closed kan (the wait stays):
    the player is asked, the 1z not discarded."""
    app = riichi_table(monkeypatch, "123456789m111z5p", "9s 1m1p1s 1z")
    asyncio.run(_kan(app))


async def _kan(app):
    async with app.run_test(size=(80, 24)) as pilot:
        legal = await riichi_then_next_turn(pilot, app)
        assert any(isinstance(a, Kan) for a in legal)
        assert Discard(app.screen.view.drawn) in legal
        assert own_discards(app) == [parse_kind("9s")]
