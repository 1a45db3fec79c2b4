"""Saving, honestly (issue 11 items 5 and 6): a game that is not being saved says so on the
table and when leaving; a saved game is never replaced without the player's yes."""

import asyncio

from app.app import RiichiApp
from app.i18n import t
from app.options import PlayOptions
from app.screens.result import ConfirmScreen
from app.screens.setup import SetupScreen
from app.screens.table import TableScreen
from app.screens.title import TitleScreen
from app.seats import seat_records
from app.session import GameSession
from app.storage import journal as J
from app.storage.settings import Settings
from engine.rules import RuleSet
from tests.app.test_snapshots import my_turn
from tests.app.test_snapshots import wait_until as until
from tests.app.test_toggles import told


def make_app(**options) -> RiichiApp:
    base = dict(speed="instant", difficulty="greedy")
    base.update(options)
    return RiichiApp(PlayOptions(**base), settings=Settings())


def a_saved_game(seed: int = 99) -> bytes:
    """A saved game (no move yet) in the save slot; returns the file's bytes."""
    journal = J.Journal.create(None, RuleSet(), seed, seat_records("You", "normal", {}),
                               {"difficulty": "normal", "reds": "1each", "preset": "tenhou"})
    journal.close()
    return J.current_save_path().read_bytes()


def centre(app) -> list[str]:
    """The lines in the centre of the table, as shown."""
    return str(app.screen.query_one("#center-info").render()).splitlines()


# --- item 5: not saved ---------------------------------------------------------------------------
def test_no_save_is_shown_on_the_table_and_leaving_says_the_game_is_lost():
    asyncio.run(_no_save())


async def _no_save():
    app = make_app(seed=5, direct=True, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        assert not app.screen.session.saving
        assert t("table.not_saved") in centre(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == t("table.quit_confirm_unsaved")
        assert "lost" in app.screen.question
        await pilot.press("enter")  # Enter answers No when the game would be lost
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert not J.has_saved_game()


def test_a_saved_game_says_nothing_of_the_kind():
    asyncio.run(_saved())


async def _saved():
    app = make_app(seed=5, direct=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        assert app.screen.session.saving
        assert t("table.not_saved") not in centre(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen.question == t("table.quit_confirm")
        await pilot.press("enter")  # the game is saved: Enter leaves
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert J.has_saved_game()


def test_a_journal_that_cannot_be_opened_is_shown_as_not_saved():
    """Another riichi holds the save's lock: the new game plays unsaved, the player is told
    why, the table shows it and the leave question says the game will be lost."""
    lock = J._Lock(J.current_save_path())
    lock.acquire()  # as another process would (flock: per open file, even in one process)
    try:
        asyncio.run(_locked())
    finally:
        lock.release()


async def _locked():
    app = make_app(seed=5, direct=True)
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        assert not app.screen.session.saving
        assert any(s.startswith(t("table.not_saved_because", reason="")) for s in said), said
        assert t("table.not_saved") in centre(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen.question == t("table.quit_confirm_unsaved")


def test_a_failed_append_stops_saving_and_the_session_says_so():
    class Broken:
        def append(self, seat, action):
            raise OSError(28, "No space left on device")

    class App:
        told: list[str] = []

        def tell(self, text, severity):
            self.told.append(text)

    session = GameSession.__new__(GameSession)
    session.app, session.journal = App(), Broken()
    session._journal_lock = __import__("threading").Lock()
    assert session.saving
    session.record(0, None)
    assert not session.saving and "No space left" in App.told[0]


# --- item 6: a saved game is never replaced silently ---------------------------------------------
def test_the_title_starts_on_continue_when_a_game_is_saved():
    a_saved_game()

    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu")
            assert menu.get_option_at_index(menu.highlighted).id == "continue"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.screen.seed == 99  # the saved game, continued

    asyncio.run(run())


def test_new_game_asks_before_replacing_the_saved_game():
    saved = a_saved_game()
    asyncio.run(_new_game(saved))


async def _new_game(saved: bytes):
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith(t("title.replace_confirm", where="", when="")
                                              .split("(")[0])
        assert "East 1" in app.screen.question  # which game would be lost
        await pilot.press("enter")  # Enter answers No: nothing is replaced
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu")
        assert menu.get_option_at_index(menu.highlighted).id == "continue"
        assert J.current_save_path().read_bytes() == saved
        await pilot.press("n", "y")  # yes: the setup, and the save is kept until it starts
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert J.current_save_path().read_bytes() == saved
        await pilot.press("escape")
        await pilot.pause()
        assert J.current_save_path().read_bytes() == saved
        await pilot.press("n", "y")
        await pilot.pause()
        await pilot.press("enter")  # start
        await until(pilot, lambda: my_turn(app))
        assert app.screen.session.saving and app.screen.seed == 5
        assert not isinstance(app.screen, ConfirmScreen)
    assert J.load_journal().seed == 5  # replaced, after two yeses


def test_riichi_play_with_a_seed_asks_before_replacing_the_saved_game():
    saved = a_saved_game()

    async def run(answer: str):
        app = make_app(seed=5, direct=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "East 1" in app.screen.question
            await pilot.press(answer)
            await pilot.pause(0.2)
            if answer == "y":
                await until(pilot, lambda: my_turn(app))
                assert app.screen.session.saving
                return
            assert isinstance(app.screen, TitleScreen)
            menu = app.screen.query_one("#menu")
            assert menu.get_option_at_index(menu.highlighted).id == "continue"

    asyncio.run(run("n"))
    assert J.current_save_path().read_bytes() == saved
    asyncio.run(run("escape"))
    assert J.current_save_path().read_bytes() == saved
    asyncio.run(run("y"))
    assert J.load_journal().seed == 5


def test_the_session_never_overwrites_a_save_it_was_not_told_to_replace():
    """Should a save appear between the question and the start (another riichi), the new
    game does not replace it: it plays unsaved, and says so."""
    saved = a_saved_game()

    async def run():
        app = make_app(seed=5)
        said = told(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(TableScreen.new_game(app, app.game_setup_from_options()))
            await until(pilot, lambda: my_turn(app))
            assert not app.screen.session.saving
            assert t("table.not_saved") in centre(app)
            assert any("already exists" in s for s in said), said

    asyncio.run(run())
    assert J.current_save_path().read_bytes() == saved
