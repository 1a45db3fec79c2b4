"""Drills (issue 14): the title screen's Drills, positions from the player's reviewed mistakes
first and from seeded self-play, answered with the keys of play, the evaluator's table with a
one-line reason, ``v`` to see the verdict, the answers kept in the history, the kept drills file
(a corrupt one is started anew with a message), and Chinese. Self-play here is small (the greedy
AI, 4 samples) so the tests stay fast."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from rich.console import Console
from textual.widgets import Static

from app.app import RiichiApp
from app.i18n import set_language
from app.options import PlayOptions
from app.screens.drills import DrillScreen, option_keys, reason
from app.storage import drills as D
from app.storage import reviews as S
from app.storage.history import History
from app.storage.settings import Settings
from engine.actions import Discard, Pass
from tests.app.test_replay_viewer import make_app, recorded_game, seed_history

SMALL = {"samples": 4, "level": "greedy"}


@pytest.fixture(autouse=True)
def _small(monkeypatch):
    monkeypatch.setattr(D, "SETTINGS", dict(SMALL))
    monkeypatch.setattr(D, "AHEAD", 1)
    yield
    set_language("en")


def text_of(widget: Static) -> str:
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


async def wait_drill(pilot, screen: DrillScreen) -> None:
    for _ in range(600):
        await pilot.pause(0.05)
        if screen.drill is not None and not screen.busy:
            return
    raise AssertionError("no drill came")


def answers() -> list[tuple]:
    with History.open(check=False) as h:
        return h._run(lambda c: c.execute(
            "SELECT source, category, grade FROM drills").fetchall(), [])


async def _selfplay_drill_answered_with_a_play_key():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await wait_drill(pilot, screen)
        d = screen.decision
        ask = text_of(screen.query_one("#drill-ask", Static))
        assert d["category"] in ("calls", "riichi", "push/fold")
        table = text_of(screen.query_one("#drill-table", Static))
        assert "value" not in table  # hidden until answered
        key = screen.keys[0]
        await pilot.press("escape" if key == "Esc" else key)
        assert screen.revealed and screen.picked == 0
        table = text_of(screen.query_one("#drill-table", Static))
        assert "Your pick:" in table and "value" in table and "±" in table
        assert reason(d, d["details"][0]["text"]) in table.replace("\n", " ") or ask
        assert answers() == [("selfplay", d["category"], answers()[0][2])]
        assert screen.drill["id"] in D.load_cache()[0]["done"]
        first = screen.drill["id"]
        await pilot.press("enter")
        await wait_drill(pilot, screen)
        assert screen.drill["id"] != first and not screen.revealed
        await pilot.press("q")
        assert not isinstance(app.screen, DrillScreen)


def test_selfplay_drill_answered_with_a_play_key():
    asyncio.run(_selfplay_drill_answered_with_a_play_key())


async def _v_shows_the_verdict_and_counts_nothing():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        screen = app.screen
        await wait_drill(pilot, screen)
        await pilot.press("v")
        table = text_of(screen.query_one("#drill-table", Static))
        assert "not counted" in table and "value" in table
        assert answers() == []
        await pilot.press("1")  # answering keys are off once shown
        assert answers() == []


def test_v_shows_the_verdict_and_counts_nothing():
    asyncio.run(_v_shows_the_verdict_and_counts_nothing())


def _kept_review_with_a_mistake() -> str:
    """The recorded game's kept review, one of its call / riichi / push-fold decisions graded
    a mistake (the grading is ai.review's; here only which decisions become drills)."""
    rec = recorded_game()
    key = S.ReviewKey(rec.game_id, 0, 4, 0, 12)
    data = S.compute(rec, key)
    d = next(d for d in data["decisions"]
             if d["category"] in ("calls", "riichi", "push/fold") and d["options"])
    d["grade"] = "mistake"
    S.keep(key, data)
    return f"mistake:{rec.game_id}:0:{d['index']}"


def test_mistakes_of_kept_reviews_become_drills_once():
    seed_history()
    wanted = _kept_review_with_a_mistake()
    drills = D.mistake_drills([])
    assert [d["id"] for d in drills] == [wanted]
    game, view, legal = D.position(drills[0])
    played = drills[0]["decision"]["played"]
    assert any(a.to_dict() == played for a in legal)  # the very position of the game
    assert D.mistake_drills([wanted]) == []


async def _own_mistakes_come_first():
    seed_history()
    wanted = _kept_review_with_a_mistake()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        screen = app.screen
        await wait_drill(pilot, screen)
        assert screen.drill["id"] == wanted
        bar = text_of(screen.query_one("#drill-bar", Static))
        assert "from your reviewed game" in bar


def test_own_mistakes_come_first():
    asyncio.run(_own_mistakes_come_first())


async def _a_discard_not_evaluated_is_evaluated_on_the_same_samples():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        screen = app.screen
        for _ in range(8):  # a discard drill whose hand holds a tile not among the options
            await wait_drill(pilot, screen)
            shown = screen.shown()
            spare = [i for i, tile in enumerate(shown)
                     if Discard(tile) in screen.legal and chr(97 + i) not in screen.keys]
            if spare:
                break
            await pilot.press("v", "enter")
        else:
            pytest.skip("no discard drill with a spare tile in 8 drills")
        before = {o["text"]: o["value"] for o in screen.decision["options"]}
        await pilot.press(chr(97 + spare[0]))
        await wait_drill(pilot, screen)
        for _ in range(200):
            if screen.revealed:
                break
            await pilot.pause(0.05)
        d = screen.decision
        assert len(d["options"]) == len(before) + 1
        assert d["details"][screen.picked]["text"] == str(Discard(shown[spare[0]]))
        # common random numbers: the options already evaluated keep their values
        assert {o["text"]: o["value"] for o in d["options"][:-1]} == before


@pytest.mark.slow
def test_a_discard_not_evaluated_is_evaluated_on_the_same_samples():
    asyncio.run(_a_discard_not_evaluated_is_evaluated_on_the_same_samples())


async def _corrupt_drills_file_is_started_anew_with_a_message():
    D.drills_path().parent.mkdir(parents=True, exist_ok=True)
    D.drills_path().write_text("{not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert any("kept drills could not be read" in n.message for n in app._notifications)
        await wait_drill(pilot, app.screen)
    assert D.drills_path().with_name("drills.json.bad").exists()
    assert json.loads(D.drills_path().read_text())["version"] == D.VERSION


def test_corrupt_drills_file_is_started_anew_with_a_message():
    asyncio.run(_corrupt_drills_file_is_started_anew_with_a_message())


async def _drills_in_chinese():
    app = RiichiApp(PlayOptions(speed="instant", save=False, language="zh"), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        screen = app.screen
        await wait_drill(pilot, screen)
        await pilot.press("v")
        table = text_of(screen.query_one("#drill-table", Static))
        assert "期望值" in table
        assert "discard" not in table and "pass" not in table and "pon" not in table


def test_drills_in_chinese():
    asyncio.run(_drills_in_chinese())


def test_option_keys_are_the_keys_of_play():
    d = {"options": [{"action": Pass().to_dict()}, {"action": Discard(8).to_dict()},
                     {"action": Discard(100).to_dict()}]}
    assert option_keys(d, (4, 8, 12)) == ["Esc", "b", "1"]  # 100 not in the hand: numbered


async def _first_drill_answered(pilot) -> None:
    await pilot.press("d")
    await wait_drill(pilot, pilot.app.screen)
    key = pilot.app.screen.keys[0]
    await pilot.press("escape" if key == "Esc" else key)
    await pilot.pause()


@pytest.mark.slow
def test_drill_snapshot_80x24(snap_compare):
    """The first self-play drill answered at 80x24: the bar (round, dora, wall, source), the
    seats with rivers and the player's hand, the question, the pick's grade, the reason and the
    option table with values, rates and marks."""
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=_first_drill_answered)
