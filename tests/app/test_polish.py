"""Pilot tests of smaller things a player notices: the colour theme chosen in Settings, footers
that follow a language change at once, the riichi-selection keys, what Continue resumes."""

import asyncio
import time

import pytest

from app import glyphs
from app.app import RiichiApp
from app.i18n import Texts
from app.options import PlayOptions
from app.screens.table import TableScreen
from app.storage import paths
from app.storage.settings import Settings, load_settings
from engine.rules import TENHOU
from tests.app.test_snapshots import wait_until

EN, ZH = Texts("en"), Texts("zh")


def make_app(settings: Settings | None = None, **options) -> RiichiApp:
    base = dict(speed="instant", save=False)
    base.update(options)
    return RiichiApp(PlayOptions(**base), settings=settings or Settings())


def footer_texts(app) -> list[str]:
    """The footer's descriptions: Textual's footer keys, or the table's KeyFooter line."""
    from app.widgets import KeyFooter

    ours = [key.description for footer in app.screen.query(KeyFooter) for key in footer.entries]
    return ours + [key.description for key in app.screen.query("FooterKey")]


async def open_settings_on(pilot, name: str) -> None:
    """Settings from the title screen, focus moved down with ↓ to the choice ``name``."""
    app = pilot.app
    await pilot.press("s")
    await pilot.pause()
    for _ in range(10):
        if app.focused is not None and app.focused.id == name:
            return
        await pilot.press("down")
        await pilot.pause()
    raise AssertionError(f"↓ never reached {name!r} (focus: {app.focused})")


# --- the colour theme ---------------------------------------------------------------------


def test_theme_chosen_in_settings_is_used_and_kept():
    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.theme_id() == "classic"
            await open_settings_on(pilot, "theme")
            await pilot.press("right")
            await pilot.pause()
            assert app.settings.theme == "ansi"
            assert app.painter.theme.id == "ansi" and app.theme == "ansi-dark"
            await pilot.press("right")
            await pilot.pause()
            assert app.painter.theme.id == "light"
            assert app.theme == glyphs.theme("light").textual_theme
            assert "‹ " + glyphs.theme("light").name("en") + " ›" in str(
                app.screen.query_one("#theme").render())
        saved, warnings = load_settings()
        assert saved.theme == "light" and warnings == []
        assert 'theme = "light"' in paths.settings_path().read_text()
        again = RiichiApp(PlayOptions(save=False))  # the next start reads it back
        assert again.theme_id() == "light" and again.painter.theme.id == "light"

    asyncio.run(run())


def test_no_color_forces_mono_whatever_the_setting(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    async def run():
        app = make_app(Settings(theme="light"))
        assert app.theme_id() == "mono" and app.painter.theme.id == "mono"
        async with app.run_test(size=(80, 24)) as pilot:
            await open_settings_on(pilot, "theme")
            note = app.screen.query_one("#no-color")
            assert "NO_COLOR" in str(note.render())
            await pilot.press("right")  # light -> mono: kept, but colours stay off
            await pilot.pause()
            assert app.settings.theme == "mono"
            await pilot.press("right")  # mono -> classic: still mono under NO_COLOR
            await pilot.pause()
            assert app.settings.theme == "classic" and app.painter.theme.id == "mono"

    asyncio.run(run())


def test_a_bad_theme_in_the_file_falls_back_with_a_message():
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text('theme = "neon"\nglyphs = "kanji"\n')
    settings, warnings = load_settings()
    assert settings == Settings(glyphs="kanji") and settings.theme == "classic"
    assert len(warnings) == 1 and "theme" in warnings[0] and "neon" in warnings[0]
    app = RiichiApp(PlayOptions(save=False))
    assert app.theme_id() == "classic"


def test_command_line_theme_holds_until_the_player_picks_one():
    async def run():
        app = make_app(Settings(theme="classic"), theme="mono")
        assert app.theme_id() == "mono"
        async with app.run_test(size=(80, 24)) as pilot:
            await open_settings_on(pilot, "theme")
            await pilot.press("left")  # classic -> mono in the list ... -> light
            await pilot.pause()
            assert app.settings.theme == "mono"
            await pilot.press("left")
            await pilot.pause()
            assert app.settings.theme == "light"
            assert app.options.theme is None and app.painter.theme.id == "light"

    asyncio.run(run())


# --- language ------------------------------------------------------------------------------


@pytest.mark.slow
def test_changing_the_language_relabels_every_footer_at_once():
    """Key descriptions are made when a screen's module is imported; after a change in Settings
    the footers of the Settings screen, the title screen under it and screens opened later are
    all in the new language, without a restart."""
    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert EN("action.new_game") in footer_texts(app)
            await pilot.press("s")
            await pilot.pause()
            # "←/→ Change": the focused choice's own key (a screen binding of ← was shadowed)
            assert footer_texts(app) == [EN("action.change"), EN("app.back")]
            await pilot.press("right")  # English -> 中文
            await pilot.pause(0.2)
            assert app.settings.language == "zh"
            assert footer_texts(app) == [ZH("action.change"), ZH("app.back")]
            await pilot.press("escape")
            await pilot.pause(0.2)
            texts = footer_texts(app)
            for key in ("action.new_game", "action.settings", "action.quit"):
                assert ZH(key) in texts and EN(key) not in texts, (key, texts)
            await pilot.press("n")  # the setup screen: opened after the change
            await pilot.pause(0.2)
            texts = footer_texts(app)
            assert ZH("action.start") in texts and ZH("app.back") in texts, texts
            assert ZH("action.change") in texts, texts
            await pilot.press("escape")
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("left")  # back to English
            await pilot.pause(0.2)
            await pilot.press("escape")
            await pilot.pause(0.2)
            assert EN("action.new_game") in footer_texts(app)

    asyncio.run(run())


# --- riichi selection ----------------------------------------------------------------------


@pytest.mark.slow
def test_in_riichi_selection_enter_is_labelled_riichi_and_declares_it():
    from ai import make_agent
    from engine.actions import Chi, Kan, Pass, Pon, Riichi

    async def run():
        app = make_app(seed=2, direct=True, difficulty="greedy")
        agent = make_agent("greedy", seed=5, rules=TENHOU)  # the baseline, never a tuned level
        async with app.run_test(size=(80, 24)) as pilot:
            start = time.monotonic()
            while True:
                assert time.monotonic() - start < 30, "no riichi offered in time"
                screen = app.screen
                if isinstance(screen, TableScreen) and screen.legal:
                    if any(isinstance(a, Riichi) for a in screen.legal):
                        break
                    action = agent.act(screen.view, screen.legal)
                    if isinstance(action, (Chi, Pon, Kan)) and Pass() in screen.legal:
                        action = Pass()  # keep the hand closed for riichi
                    screen.submit_human(action)
                elif screen.__class__.__name__ == "ResultScreen":
                    await pilot.press("enter")
                await pilot.pause(0.01)
            table = app.screen
            assert table.active_bindings["enter"].binding.description == EN("action.discard")
            assert "escape" not in table.active_bindings  # nothing to pass on our own turn
            index = next(i for i, o in enumerate(table.offers) if o.riichi_open is False)
            await pilot.press(str(index + 1))
            await pilot.pause()
            assert table.active_bindings["enter"].binding.description == EN("action.riichi")
            assert table.active_bindings["escape"].binding.description == EN("action.cancel")
            assert EN("action.riichi") in footer_texts(app)
            await pilot.press("escape")  # cancel: back to plain discards
            await pilot.pause()
            assert table.riichi_open is None
            assert table.active_bindings["enter"].binding.description == EN("action.discard")
            await pilot.press(str(index + 1))
            await pilot.pause()
            before = len(table.game.actions)
            await pilot.press("enter")
            await wait_until(pilot, lambda: len(table.game.actions) > before, timeout=10)
            seat, action = table.game.actions[before]
            assert seat == 0 and isinstance(action, Riichi)

    asyncio.run(run())


# --- what Continue resumes -----------------------------------------------------------------


def save_a_game_in_progress(stop_round: int = 2):
    """A journal like the table writes, stopped early in round ``stop_round`` (East 3)."""
    import datetime as dt
    import os

    from ai import make_agent
    from app.storage.journal import Journal, current_save_path
    from engine.events import RoundStarted
    from engine.game import Game
    from engine.rules import TENHOU

    game = Game(TENHOU, 21)
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    journal = Journal.create(None, TENHOU, 21, [{"kind": "human", "name": "You"}] + [
        {"kind": "ai", "level": "greedy"}] * 3, {"difficulty": "greedy"}, overwrite=True)
    while not any(isinstance(e, RoundStarted) and e.round_index == stop_round
                  for e in game.events[-8:]):
        seat, legal = next(iter(game.pending().items()))
        action = agents[seat].act(game.view(seat), legal)
        game.submit(seat, action)
        journal.append(seat, action)
    journal.close()
    when = dt.datetime(2026, 3, 14, 15, 9)
    os.utime(current_save_path(), (when.timestamp(), when.timestamp()))
    return game.view(0)


def continue_prompt(app) -> str:
    menu = app.screen.query_one("#menu")
    return str(menu.get_option("continue").prompt)


@pytest.mark.slow
def test_continue_says_which_round_honba_points_and_when():
    view = save_a_game_in_progress()
    assert view.round_index == 2 and view.scores[0] != 25000  # a game that has moved on

    async def run(lang: str, texts: Texts) -> str:
        app = make_app(Settings(language=lang))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            prompt = continue_prompt(app)
            assert app.screen.query_one("#menu").option_count == 8  # Drills too: still fits 80x24
        where = texts("title.continue_detail",
                      round=texts("table.round", wind=texts("wind.east"), number=3),
                      honba=texts("table.honba", n=view.honba), points=f"{view.scores[0]:,}")
        assert prompt.splitlines() == [texts("title.continue"), "  " + where,
                                       "  " + texts("title.continue_saved",
                                                    date="2026-03-14 15:09")]
        return prompt

    english = asyncio.run(run("en", EN))
    assert f"East 3 · {view.honba} honba · {view.scores[0]:,} points" in english
    assert "saved 2026-03-14 15:09" in english
    assert ZH("wind.east") in asyncio.run(run("zh", ZH))


def test_an_unreadable_save_still_offers_continue_and_is_left_alone():
    from app.storage.journal import current_save_path

    path = current_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a journal\n")

    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert continue_prompt(app) == EN("title.continue")
        assert path.read_text() == "not a journal\n"  # moved aside only when continued

    asyncio.run(run())


@pytest.mark.slow
def test_title_with_a_saved_game(snap_compare):
    """The title screen with a saved game: Continue, East 3, honba, points, when it was saved."""
    save_a_game_in_progress()
    assert snap_compare(make_app(), terminal_size=(80, 24))
