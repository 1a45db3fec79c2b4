"""Issue 11 item 12, the small things: counts worded for one ("1 tile", "once"), the average
deal-in as paid (honba included), no fu for a yakuman (kokushi), replay marks that never touch
the next tile, and an 80x24 footer that keeps a prompt's keys (and help, quit)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.app import App, ComposeResult

from app import i18n
from app.app import RiichiApp
from app.glyphs import Painter, glyph_set
from app.i18n import t
from app.options import PlayOptions
from app.screens.stats import StatsScreen
from app.storage import history as H
from app.storage.settings import Settings
from app.widgets.replay_seat import ReplaySeat, SeatState
from engine.rules import TENHOU
from engine.tiles import parse_tiles


@pytest.fixture
def lang():
    """Switch the language for one test, and back to English after it."""
    yield i18n.set_language
    i18n.set_language("en")


# --------------------------------------------------------------------------- plural forms


def test_a_count_of_one_takes_the_singular(lang):
    lang("en")
    assert t("advice.tiles", n=1) == "1 tile"
    assert t("advice.tiles", n=2) == "2 tiles" and t("advice.tiles", n=0) == "0 tiles"
    assert t("table.tiles", n=1) == "1 tile"
    assert t("result.points", n=1) == "1 point" and t("result.points", n=8000) == "8000 points"
    assert i18n.t_count("stats.avg_deal_in", 1, n=3900, times=1).endswith("(once)")
    assert i18n.t_count("stats.avg_deal_in", 2, n=3900, times=2).endswith("(2 times)")
    # a text made in English and shown again after a change of language keeps its count
    one = t("advice.tiles", n=1)
    lang("zh")
    assert i18n.current(one) == "进张 1"


def test_a_language_without_plurals_keeps_its_own_text(lang):
    """Chinese words "1 张" like "2 张" (its twins say the same); a language that leaves the
    twins out keeps its own text: English's singular is not borrowed."""
    lang("zh")
    assert t("table.tiles", n=1) == "1 张"
    assert t("advice.tiles", n=1) == "进张 1"
    assert i18n.t_count("stats.avg_deal_in", 1, n=3900, times=1) == "平均放铳 3900 点，含本场（1 次）"
    bare = i18n.Texts("zh")
    bare._own = {k: v for k, v in bare._own.items() if not k.endswith("_one")}
    assert bare("table.tiles", n=1) == "1 张" and bare("advice.tiles", n=1) == "进张 1"
    assert bare(bare.plural_key("stats.avg_deal_in", 1), n=3900, times=1) == \
        "平均放铳 3900 点，含本场（1 次）"


def test_every_singular_twin_has_its_plural_and_the_same_placeholders():
    import re
    import tomllib

    from app import assets

    def flat(data, prefix=""):
        for k, v in data.items():
            if isinstance(v, dict):
                yield from flat(v, f"{prefix}{k}.")
            else:
                yield f"{prefix}{k}", v

    with assets().joinpath("i18n", "en.toml").open("rb") as fh:
        en = dict(flat(tomllib.load(fh)))
    twins = [k for k in en if k.endswith("_one")]
    assert {"advice.tiles_one", "table.tiles_one", "stats.avg_deal_in_one"} <= set(twins)
    for key in twins:
        plural = en[key[: -len("_one")]]
        names = set(re.findall(r"{(\w+)}", en[key]))
        assert names <= set(re.findall(r"{(\w+)}", plural)), key


# --------------------------------------------------------------------------- statistics

SEATS = [{"kind": "human", "name": "You"}] + [{"kind": "ai", "level": "normal"}] * 3
# seat 0 deals in at 2 honba (3900 + 600 paid), and into a double ron at 1 honba (the
# honba go with the first winner only: 1000 + 300, then 2000)
R_HONBA = H.PlayedRound(1, 2, "ron", (-4500, 0, 4500, 0),
                        (H.PlayedWin(2, 0, 2, 30, 3900, ("tanyao", "dora")),))
R_DOUBLE = H.PlayedRound(2, 1, "ron", (-3300, 1300, 2000, 0),
                         (H.PlayedWin(1, 0, 1, 30, 1000, ("yakuhai: haku",)),
                          H.PlayedWin(2, 0, 1, 40, 2000, ("tanyao",))))


def record(gid: str, *rounds: H.PlayedRound) -> None:
    H.record_game(H.PlayedGame(
        game_id=gid, rules={"name": "tenhou", "length": "hanchan"}, seed=1, seats=SEATS,
        points=(10000, 30000, 30000, 30000), ranking=(1, 2, 3, 0),
        scores=(-40.0, 10.0, 10.0, 20.0), rounds=rounds,
        finished="2026-11-01T12:00:00+00:00"))


def test_the_average_deal_in_counts_the_honba_paid():
    record("g1", R_HONBA)
    st = H.statistics()
    assert st.deal_ins == 1 and st.average_deal_in_points == 3900 + 600  # what was paid
    record("g2", R_DOUBLE)
    st = H.statistics()
    assert st.deal_ins == 3
    assert st.average_deal_in_points == pytest.approx((4500 + 1300 + 2000) / 3)
    # what seat 0 paid in all, honba included, is what the rounds' score changes say
    assert st.average_deal_in_points * st.deal_ins == -(R_HONBA.deltas[0] + R_DOUBLE.deltas[0])


def test_the_statistics_screen_says_once_and_that_honba_are_included():
    record("g1", R_HONBA)
    asyncio.run(_stats_text())


async def _stats_text() -> None:
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = str(app.screen.query_one("#stats-points").render())
    assert "Average deal-in 4500 points paid, honba included (once)" in text
    assert "1 times" not in text


# --------------------------------------------------------------------------- kokushi


def kokushi_win():
    from app.commands.score import score_case
    from engine.events import Win
    from engine.tiles import TilePool

    result, sit, rules = score_case({"hand": "19m19p19s12345677z", "win": "7z"})
    assert result.yakuman and result.fu == 25  # the engine's nominal fu
    hand = tuple(TilePool(rules.red_fives).parse("19m19p19s12345677z"))
    win = Win(seat=0, from_seat=1, tile=hand[-1], concealed=hand, melds=(), result=result,
              ura_indicators=(), deltas=(48000, -48000, 0, 0))
    return win, result, sit, rules


def test_a_kokushi_result_shows_no_fu():
    """The round result already leaves a yakuman's fu out: this keeps it so (the fu line
    that showed was the score command's, below)."""
    from app.screens.result import win_renderable

    win, *_ = kokushi_win()
    console = Console(width=100, record=True, color_system=None)
    console.print(win_renderable(win, Painter(), (win.concealed[0],)))
    text = console.export_text()
    assert "Yakuman" in text and "48000 points" in text
    assert " fu" not in text and "25" not in text


def test_the_score_command_prints_no_fu_line_for_a_yakuman():
    from app.commands.score import format_result

    _, result, sit, rules = kokushi_win()
    text = format_result(result, sit, rules)
    assert "yakuman" in text and "fu" not in text and "25" not in text


# --------------------------------------------------------------------------- replay marks


class SeatHarness(App):
    CSS = "ReplaySeat { width: 80; }"

    def __init__(self, glyphs: str) -> None:
        super().__init__()
        self.painter = Painter(glyph_set(glyphs))

    def compose(self) -> ComposeResult:
        yield ReplaySeat()


async def _seat_lines(glyphs: str, state: SeatState, width: int = 80) -> list[str]:
    app = SeatHarness(glyphs)
    async with app.run_test(size=(width, 24)) as pilot:
        seat = app.query_one(ReplaySeat)
        seat.state = state
        await pilot.pause()
        return seat._lines(width)


@pytest.mark.parametrize("glyphs, expected", [
    ("text", "3m 4m 5m* 5p* 6p 7p"),
    ("kanji", "3萬 4萬 5萬* 5筒* 6筒 7筒"),
])
def test_replay_hand_marks_never_touch_the_next_tile(glyphs, expected):
    """A red five's * in the replay viewer's open hand was followed straight by the next tile
    ("5m*5p*6p")."""
    state = SeatState(name="Across", hand=tuple(parse_tiles("340m067p")),
                      drawn=parse_tiles("0s")[0])
    lines = asyncio.run(_seat_lines(glyphs, state))
    assert lines[0].plain.rstrip().endswith(expected + "  " + ("5s*" if glyphs == "text"
                                                                   else "5索*"))


def test_replay_river_keeps_the_space_after_a_mark_when_the_row_is_full():
    """Kanji faces carry no space: the one put after a red five's * counts when the row
    wraps, so it is never cut off at the right edge (the mark touching the edge)."""
    river = tuple(SimpleNamespace(tile=t, riichi=False, called_by=None)
                  for t in parse_tiles("1m2m3m4m0m" "6m7m"))
    # "  1萬 2萬 3萬 4萬 5萬*" is 22 cells and "6萬 " 4: they fit 26 cells only without the
    # space between them (which went past the edge, "5萬*6萬" once cropped), so 6萬 wraps
    width = 26
    lines = asyncio.run(_seat_lines("kanji", SeatState(river=river), width))
    rows = [line.plain for line in lines[1:]]
    assert rows[0].rstrip() == "  1萬 2萬 3萬 4萬 5萬*"
    assert all(cell_len(row) <= width for row in rows)
    assert all("*6" not in row and "*7" not in row for row in rows)


# --------------------------------------------------------------------------- footer


def footer_keys(screen) -> list[tuple[str, int, int]]:
    from app.widgets import KeyFooter

    footer = screen.query_one(KeyFooter)
    x = footer.region.x
    return [(k.key_display, x + k.x0, x + k.x1) for k in footer.entries]


def test_the_80x24_footer_keeps_the_prompt_keys_help_and_quit():
    """On a turn with offers and while a riichi discard is chosen, the footer shows the
    prompt's keys (1-9, Enter, Esc), ? and q within 80 columns (q Quit was cut off, ? Help
    half); w/x/z/u leave the footer then but still work."""
    asyncio.run(_footer())


async def _footer() -> None:
    from ai import make_agent
    from engine.actions import Riichi
    from tests.app.test_table_states import _until

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, app, agent,
                              lambda s: any(isinstance(a, Riichi) for a in s.legal),
                              limit_s=120)
        await pilot.pause(0.1)
        keys = footer_keys(screen)
        shown = [k for k, _, _ in keys]
        assert shown == ["←→", "⏎", "1-9", "?", "q"]
        assert all(right <= 80 for _, _, right in keys)
        # a toggle still works during the prompt (its hidden twin)
        before = app.settings.auto_win
        await pilot.press("w")
        await pilot.pause(0.1)
        assert app.settings.auto_win != before
        await pilot.press("w")
        await pilot.pause(0.1)
        assert app.settings.auto_win == before
        # the riichi discard being chosen: Enter declares, Esc cancels
        index = next(i for i, o in enumerate(screen.offers) if o.riichi_open is not None)
        screen.action_offer(index)
        await pilot.pause(0.1)
        keys = footer_keys(screen)
        assert [k for k, _, _ in keys] == ["←→", "⏎", "Esc", "?", "q"]
        assert all(right <= 80 for _, _, right in keys)
        await pilot.press("escape")  # cancel: the plain turn's footer, toggles included
        await pilot.pause(0.1)
        assert screen.riichi_open is None


def test_the_toggles_show_in_the_footer_without_a_prompt():
    from app.screens.table_keys import key_active

    for params, prompt_twin in ((("auto_win",), False), (("auto_win", "prompt"), True)):
        plain = key_active("toggle", params, None, True, False, ())
        asking = key_active("toggle", params, None, True, True, ())
        riichi = key_active("toggle", params, False, True, False, ())
        assert (plain, asking, riichi) == (not prompt_twin, prompt_twin, prompt_twin)
