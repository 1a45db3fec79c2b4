"""The review in the app (issue 14): "Review" from the replays list and the final standings, the
progress line and Esc to cancel, the kept review (instant the second time; a corrupt one is
computed again with a message), the list with its filter, the viewer at a decision with the
option table, next/previous decision, and "what would you do?". Reviews here are small (a few
decisions, few samples) so the tests stay fast. Snapshots at 80x24 of the list and the table."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from textual.widgets import OptionList, Static

from app.screens import review as R
from app.screens.review import ReviewScreen, ReviewViewerScreen, option_table, pick_verdict, shown
from app.storage import reviews as S
from tests.app.test_replay_viewer import make_app, recorded_game, seed_history

#: a small review (few samples, the first decisions) whose seed grades one of them worth a look
#: (seed 0 graded them all fine or best once the rollouts' folds read F2 and F3)
SMALL = {"samples": 4, "seed": 3, "limit": 8}


@pytest.fixture(autouse=True)
def _small(monkeypatch):
    monkeypatch.setattr(R, "SETTINGS", dict(SMALL))


def key() -> S.ReviewKey:
    rec = recorded_game()
    return S.ReviewKey(rec.game_id, R.human_seat(rec), SMALL["samples"], SMALL["seed"],
                       SMALL["limit"])


def text_of(widget: Static) -> str:
    """The plain text a Static shows (a string, a rich Text or a Group of them)."""
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


async def wait_review(pilot, screen: ReviewScreen) -> None:
    for _ in range(400):
        await pilot.pause(0.05)
        if screen.data is not None:
            return
    raise AssertionError("the review did not finish")


async def _review_from_replays_list_is_kept_and_reopened_instantly():
    seed_history()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await wait_review(pilot, screen)
        assert S.review_path(key()).exists()
        data = screen.data
        assert len(data["decisions"]) <= SMALL["limit"]
        assert all("details" in d for d in data["decisions"])
        await pilot.press("escape")
        await pilot.press("r")
        again = app.screen
        assert isinstance(again, ReviewScreen)
        await pilot.pause()
        assert again.data == data  # read from the kept file, not computed


def test_review_from_replays_list_is_kept_and_reopened_instantly():
    asyncio.run(_review_from_replays_list_is_kept_and_reopened_instantly())


async def _corrupt_kept_review_is_recomputed_with_a_message():
    seed_history()
    path = S.review_path(key())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        await pilot.pause()
        assert any("could not be read" in n.message for n in app._notifications)
        await wait_review(pilot, app.screen)
        assert S.load_kept(key())[0] == app.screen.data
        assert path.with_name(path.name + ".bad").exists()


def test_corrupt_kept_review_is_recomputed_with_a_message():
    asyncio.run(_corrupt_kept_review_is_recomputed_with_a_message())


async def _esc_cancels_a_review_and_keeps_nothing(monkeypatch):
    monkeypatch.setattr(R, "SETTINGS", {"samples": 64, "seed": 0, "limit": None})
    seed_history()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        screen = app.screen
        await pilot.pause(0.3)
        line = text_of(screen.query_one("#review-progress", Static))
        assert "Reviewing" in line and "Esc cancels" in line
        await pilot.press("escape")
        assert screen.cancel.is_set()
        assert not isinstance(app.screen, ReviewScreen)
        assert any("cancelled" in n.message for n in app._notifications)
        await pilot.pause(0.5)
    K = S.ReviewKey(recorded_game().game_id, 0, 64, 0, None)
    assert not S.review_path(K).exists()


def kept_data() -> dict:
    data, _ = S.load_kept(key())
    if data is None:
        data = S.compute(recorded_game(), key())
        S.keep(key(), data)
    return data


@pytest.mark.slow
def test_esc_cancels_a_review_and_keeps_nothing(monkeypatch):
    asyncio.run(_esc_cancels_a_review_and_keeps_nothing(monkeypatch))


async def _filter_key_cycles_worth_mistakes_all():
    seed_history()
    data = kept_data()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        screen = app.screen
        await wait_review(pilot, screen)
        menu = screen.query_one("#review-list", OptionList)
        assert menu.option_count == len(shown(data["decisions"], "worth"))
        await pilot.press("f")
        assert screen.which == "mistakes"
        await pilot.press("f")
        assert screen.which == "all"
        assert menu.option_count == len(data["decisions"])


def test_filter_key_cycles_worth_mistakes_all():
    asyncio.run(_filter_key_cycles_worth_mistakes_all())


async def _enter_opens_the_viewer_at_the_decision_with_the_table_and_next_prev():
    seed_history()
    data = kept_data()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        await wait_review(pilot, app.screen)
        await pilot.press("f", "f", "enter")  # every decision
        viewer = app.screen
        assert isinstance(viewer, ReviewViewerScreen)
        first = data["decisions"][0]
        frame = viewer.frames[viewer.index]
        assert frame.actions <= first["index"]
        assert all(f.actions > first["index"] for f in viewer.frames[viewer.index + 1:])
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert viewer.at == 1
        table = text_of(viewer.query_one("#replay-events", Static))
        assert "Decision 2/" in table and data["decisions"][1]["played_text"] in table
        assert viewer.frames[viewer.index].actions <= data["decisions"][1]["index"]
        await pilot.press("left_square_bracket")
        assert viewer.at == 0


def test_enter_opens_the_viewer_at_the_decision_with_the_table_and_next_prev():
    asyncio.run(_enter_opens_the_viewer_at_the_decision_with_the_table_and_next_prev())


async def _what_would_you_do_hides_until_a_pick():
    seed_history()
    data = kept_data()
    played = [d for d in data["decisions"] if d["options"]]
    assert played
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "r")
        await wait_review(pilot, app.screen)
        await pilot.press("f", "f")
        menu = app.screen.query_one("#review-list", OptionList)
        menu.highlighted = data["decisions"].index(played[0])
        await pilot.press("w")
        viewer = app.screen
        assert viewer.hiding
        hidden = text_of(viewer.query_one("#replay-events", Static))
        assert "What would you do?" in hidden and "played" not in hidden
        assert "±" not in hidden and played[0]["played_text"] not in hidden.split("\n")[1]
        before = viewer.index
        await pilot.press("right")
        assert viewer.index == before  # stepping on would show the played action
        await pilot.press("9")
        assert viewer.picked is None
        await pilot.press("1")
        assert viewer.picked == 0 and not viewer.hiding
        verdict = pick_verdict(played[0], 0)
        assert verdict in ("best", "fine", "inaccuracy", "mistake", "blunder")
        await pilot.pause()
        revealed = text_of(viewer.query_one("#replay-events", Static))
        assert f"Your pick: {played[0]['details'][0]['text']}: {verdict}" in revealed
        assert "Played:" in revealed and "±" in revealed


def test_option_table_hides_values_until_revealed():
    data = kept_data()
    d = next(d for d in data["decisions"] if d["options"])
    hidden = option_table(d, reveal=False)
    shown_table = option_table(d, 0)
    assert len(hidden.columns) == 5 and len(shown_table.columns) == 9


def test_what_would_you_do_hides_until_a_pick():
    asyncio.run(_what_would_you_do_hides_until_a_pick())


async def _review_from_the_final_standings(monkeypatch):
    from app.screens.gameover import GameOverScreen

    seed_history()
    rec = recorded_game()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(None, "", None, rec.seed))
        await pilot.pause()
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await wait_review(pilot, app.screen)
        await pilot.press("escape")
        app.push_screen(GameOverScreen(None, "", None, rec.seed + 1))
        await pilot.pause()
        await pilot.press("r")
        assert isinstance(app.screen, GameOverScreen)
        assert any("not in the history" in n.message for n in app._notifications)


def test_review_from_the_final_standings(monkeypatch):
    asyncio.run(_review_from_the_final_standings(monkeypatch))


async def _until_reviewed(pilot) -> None:
    await pilot.press("h", "r")
    await wait_review(pilot, pilot.app.screen)


@pytest.mark.slow
def test_review_list_snapshot(snap_compare):
    """The review at 80x24: match and value lost per category, the decisions worth a look."""
    seed_history()
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=_until_reviewed,
                        press=["f", "f"])


@pytest.mark.slow
def test_option_table_snapshot(snap_compare):
    """The viewer at the first decision worth a look: its option table (shanten, tiles, yaku,
    value ± interval, win and deal-in rates, played and best marked)."""
    seed_history()
    data = kept_data()
    at = next(i for i, d in enumerate(data["decisions"]) if d["grade"] in R.WORTH)

    async def before(pilot) -> None:
        await _until_reviewed(pilot)
        await pilot.press("f", "f")
        pilot.app.screen.query_one("#review-list", OptionList).highlighted = at
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=before)


async def _unreviewable_game_says_why_and_keeps_nothing():
    from dataclasses import replace

    bad = replace(recorded_game(), game_id="bad-rules",
                  rules={**recorded_game().rules, "length": "forever"})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReviewScreen(bad, samples=4, limit=2))
        for _ in range(100):
            await pilot.pause(0.05)
            line = text_of(app.screen.query_one("#review-progress", Static))
            if "cannot be reviewed" in line:
                break
        assert "This game cannot be reviewed: length must be one of" in line
        assert not app.screen.running
        await pilot.press("escape")
        assert not any("cancelled" in n.message for n in app._notifications)
    assert not (S.review_path(S.ReviewKey("bad-rules", 0, 4, 0, 2))).exists()


def test_unreviewable_game_says_why_and_keeps_nothing():
    asyncio.run(_unreviewable_game_says_why_and_keeps_nothing())
