"""The server's parts without SSH: names and codes, requests, the public view, the call timer,
a seat handed to the AI and back, the viewer's seat names, and two apps in one event loop (one
crashing, the other playing on)."""

from __future__ import annotations

import argparse
import asyncio
import threading
import time
from pathlib import Path

import pytest

from app import i18n
from app.serve.names import clean_name, color_system, parse_code, parse_command
from app.serve.session import TableSession, public_view, timeout_action
from app.session import HumanTurn
from engine.actions import Discard, Pass
from engine.game import Game
from engine.rules import preset


def test_names_lose_control_characters_and_are_short():
    assert clean_name("\x1b[2J\x1b]0;pwned\x07bob") == "[2J]0;pwnedbob"
    assert clean_name("a\u202eb\u200bc") == "abc"  # bidi override, zero-width space
    assert clean_name("  ann   lee \n") == "ann lee"
    assert clean_name("x" * 100) == "x" * 16
    assert clean_name("\x00\x01") == "guest"


def test_codes_and_commands():
    assert parse_code(" abcd ") == "ABCD"
    assert parse_code("AB1D") is None and parse_code("ABCDE") is None
    assert parse_command(None) == ("lobby", None)
    assert parse_command("join wxyz") == ("join", "WXYZ")
    assert parse_command("watch ABCD") == ("watch", "ABCD")
    assert "not a table code" in parse_command("join 12")
    assert "runs only the game" in parse_command("cat /etc/passwd")
    assert "runs only the game" in parse_command("join ABCD; rm -rf /")


def test_colour_system_from_term():
    assert color_system("xterm-256color") == "256"
    assert color_system("xterm-direct") == "truecolor"
    assert color_system("xterm") == "standard"
    assert color_system("") == "standard"


def test_the_public_view_has_no_hidden_tile():
    game = Game(preset("tenhou"), 5)
    view = public_view(game)
    assert view.hand == () and view.drawn is None and view.waits == () and view.legal == ()
    assert not view.furiten
    assert view.rivers == game.view(0).rivers and view.scores == game.view(0).scores


def test_timeout_passes_a_call_or_discards_the_draw():
    game = Game(preset("tenhou"), 5)
    view = game.view(game.view(0).turn)
    assert timeout_action((Pass(),), view) == Pass()
    if view.drawn is not None:
        assert timeout_action(tuple(view.legal), view) == Discard(view.drawn)


def test_bad_server_options_say_what_is_wrong(tmp_path, monkeypatch):
    from app.commands.serve import options_from_args

    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    args = argparse.Namespace(host="127.0.0.1", port=70000, authorized_keys=None, open=False,
                              max_sessions=4, per_address=2, idle_minutes=5, grace=1, seed=None)
    with pytest.raises(SystemExit, match="--port 70000"):
        options_from_args(args)
    args.port = 2222
    with pytest.raises(SystemExit, match="--authorized-keys FILE.*or --open"):
        options_from_args(args)
    empty = tmp_path / "keys"
    empty.write_text("# nobody yet\nnot a key\n")
    args.authorized_keys = empty
    with pytest.raises(SystemExit, match="no public key in it"):
        options_from_args(args)
    args.open, args.authorized_keys = True, None
    assert options_from_args(args).open
    assert options_from_args(args).web_port is None
    args.web, args.web_host = 70000, "127.0.0.1"
    with pytest.raises(SystemExit, match="--web 70000"):
        options_from_args(args)
    args.web = 2222  # the SSH port
    with pytest.raises(SystemExit, match="the SSH server listens on that port"):
        options_from_args(args)
    args.web = 8080
    options = options_from_args(args)
    assert (options.web_port, options.web_host) == (8080, "127.0.0.1")


def test_authorized_keys_file_with_options_and_comments(tmp_path):
    import asyncssh

    from app.serve.server import read_authorized

    key = asyncssh.generate_private_key("ssh-ed25519")
    line = key.export_public_key().decode().strip()
    path = tmp_path / "authorized_keys"
    path.write_text(f"# friends\n\nno-pty,from=\"10.0.0.1\" {line}\ngarbage\n")
    assert read_authorized(path) == {key.public_data}


def test_host_key_made_once_and_private(tmp_path):
    from app.serve.server import HOST_KEY_FILE, host_key

    first = host_key(tmp_path)
    assert (tmp_path / HOST_KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert host_key(tmp_path).public_data == first.public_data


class Screen:
    """A screen's inbox."""

    def __init__(self) -> None:
        self.messages: list = []
        self.asked = threading.Event()

    def post_message(self, message) -> None:
        self.messages.append(message)
        if isinstance(message, HumanTurn) and message.legal:
            self.asked.set()


class Host:
    speed = "instant"
    settings = None

    def __init__(self, call_timer: float = 0) -> None:
        self.call_timer = call_timer
        self.told: list[str] = []

    def settings_of(self, seat):
        return None

    def connected(self):
        return True

    def tell(self, text, severity="information"):
        self.told.append(text)


def shared_session(call_timer: float = 0) -> tuple[TableSession, Screen]:
    from ai import make_agent

    game = Game(preset("tenhou"), 11)
    agents = {s: make_agent("normal", seed=s, rules=game.rules) for s in (1, 2, 3)}
    session = TableSession(Host(call_timer), game, None, agents)
    screen = Screen()
    session.node.screens[0] = screen
    return session, screen


def test_the_screen_of_the_seat_that_acted_is_told_first():
    """Every screen at a table draws each action, in the order they are told: the person whose
    key made it sees it answered before the others' screens are drawn."""
    from app.session import Happened
    from engine.events import Discarded

    session, first = shared_session()
    order: list[int | None] = []

    class Noting(Screen):
        def __init__(self, seat) -> None:
            super().__init__()
            self.seat = seat

        def post_message(self, message) -> None:
            order.append(self.seat)

    node = session.node
    node.screens = {seat: Noting(seat) for seat in (0, 1, 2, 3)}
    node.watchers = {Noting(None)}
    discard = Discarded(seat=2, tile=0, tsumogiri=False)
    node.post_message(Happened((discard,), session.game.view(0)))
    assert order[0] == 2
    assert sorted(order[1:4]) == [0, 1, 3] and None in order
    order.clear()
    node.post_message(Happened((), session.game.view(0)))  # nobody acted: as they came
    assert order[:4] == [0, 1, 2, 3]


def test_call_timer_discards_the_drawn_tile_for_a_silent_player():
    session, screen = shared_session(call_timer=0.3)
    try:
        session.go()
        assert screen.asked.wait(10)
        turn = next(m for m in screen.messages if isinstance(m, HumanTurn) and m.legal)
        drawn = turn.view.drawn
        deadline = time.monotonic() + 10
        while not any(s == 0 for s, _a in session.game.actions):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        seat, action = next((s, a) for s, a in session.game.actions if s == 0)
        assert action == timeout_action(turn.legal, turn.view)
        if drawn is not None and Discard(drawn) in turn.legal:
            assert action == Discard(drawn)
        # the screen was told the turn is gone (an empty prompt)
        assert any(isinstance(m, HumanTurn) and not m.legal for m in screen.messages)
    finally:
        session.stop()


def test_a_dropped_seat_is_played_by_the_ai_then_given_back():
    from ai import make_agent

    session, screen = shared_session()
    try:
        session.go()
        assert screen.asked.wait(10)
        session.swap(0, make_agent("normal", seed=0, rules=session.game.rules))
        deadline = time.monotonic() + 10
        while sum(1 for s, _a in session.game.actions if s == 0) < 3:
            assert time.monotonic() < deadline, "the AI did not play seat 0"
            time.sleep(0.05)
        screen.asked.clear()
        session.swap(0, None)
        assert screen.asked.wait(20), "seat 0 was not asked again once back"
        assert 0 not in session.agents
    finally:
        session.stop()


def test_viewer_names_seats_from_its_own_seat():
    assert i18n.seat_name(0) == "You" and i18n.seat_name(1) == "Right"  # solo: unchanged

    def at_table():
        i18n.viewer.set(i18n.Viewer(1, ("ann", "bob", "AI 3", "AI 4")))
        return i18n.seat_name(0), i18n.seat_name(1), i18n.seat_name(2)

    import contextvars

    assert contextvars.copy_context().run(at_table) == ("ann", "You", "AI 3")
    assert i18n.seat_name(0) == "You"  # another context is untouched


def test_a_connections_language_and_seat_count_are_its_own():
    """One server, several tables and languages: a connection's ``set_players`` (a three-player
    table) and ``set_language`` (zh) stay in its Viewer; solo play and other connections keep
    theirs."""
    import contextvars

    def at_table():
        i18n.viewer.set(i18n.Viewer(0, ("ann", "bob", "AI 3")))
        i18n.set_players(3)
        i18n.set_language("zh")
        text = i18n.t("seat.left")
        return i18n.players(), i18n.rel_seat(2), i18n.texts().lang, text, i18n.current(left)

    left = i18n.t("seat.left")
    assert i18n.texts().lang == "en" and i18n.players() == 4
    players, rel, lang, text, again = contextvars.copy_context().run(at_table)
    assert (players, rel, lang) == (3, "left", "zh")
    assert text != left and again == text  # an English text is shown again in zh there
    assert i18n.players() == 4 and i18n.rel_seat(2) == "across" and i18n.texts().lang == "en"


class FakeLink:
    """A connection for the driver: keeps what is written."""

    def __init__(self) -> None:
        self.size = (100, 30)
        self.driver = None
        self.out: list[str] = []

    def write(self, data: str) -> None:
        self.out.append(data)


async def _wait(cond, timeout=10.0):
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end
        await asyncio.sleep(0.02)


def test_two_apps_in_one_loop_and_a_crash_stays_in_its_app(tmp_path, monkeypatch):
    """Design (a) of README "Hosting": every connection's app in the server's event loop."""
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    from app.screens.lobby import LobbyScreen
    from app.serve.app import ServeApp
    from app.serve.tables import Tables

    async def main():
        tables = Tables(Path(tmp_path) / "tables", asyncio.get_running_loop())
        links = [FakeLink(), FakeLink()]
        apps = []
        tasks = []
        for n, link in enumerate(links):
            async def run(link=link, n=n):
                i18n.viewer.set(i18n.Viewer())
                app = ServeApp(link, tables, f"SHA256:key{n}", f"p{n}")
                apps.append(app)
                await app.run_async()
            tasks.append(asyncio.create_task(run()))
        await _wait(lambda: len(apps) == 2 and all(
            isinstance(a.screen, LobbyScreen) for a in apps if a.is_running) and all(
            link.driver is not None for link in links))
        a, b = apps

        def boom():
            raise RuntimeError("a bug in one session")

        a.screen.action_create = boom  # type: ignore[method-assign]
        links[0].driver.feed("c")
        await asyncio.wait_for(tasks[0], 10)  # that app ended, with its error
        assert a.return_code == 1 and "a bug in one session" in a.error_output.getvalue()
        links[1].driver.feed("c")  # the other still plays: its setup screen opens
        await _wait(lambda: type(b.screen).__name__ == "SetupScreen")
        links[1].driver.resize(120, 40)
        await _wait(lambda: b.size.width == 120)
        b.exit()
        await asyncio.wait_for(tasks[1], 10)

    asyncio.run(main())


def test_a_key_before_the_shared_table_is_built_does_nothing():
    """Found by bench_serve: a key that reaches a table screen pushed a moment ago (the creator
    started) asked the hand that was not there yet, and ended that player's session."""
    from types import SimpleNamespace

    from app.screens.lobby import SharedTableScreen

    class Handle:
        seat = 0
        game = SimpleNamespace(rules=preset("tenhou"))

        def attach(self, node, seat):
            pass

    screen = SharedTableScreen(Handle(), 0)  # type: ignore[arg-type]
    assert screen.check_action("tile", (0,)) is False


def test_a_shared_tables_ai_players_are_the_ones_its_creator_chose(tmp_path):
    """The lobby's New game chooses each AI seat's level, personality and name (issue 11 item 9):
    the shared table plays them, names them and journals them, and a restart seats them again."""
    from app.screens.setup import GameSetup
    from app.seats import Opponent
    from app.serve.tables import Tables

    loop = asyncio.new_event_loop()
    try:
        tables = Tables(Path(tmp_path) / "tables", loop)
        chosen = (Opponent("hard", "aggressive", "Rin"), Opponent("easy", "defensive", "Sora"),
                  Opponent("normal", "balanced", "Yuki"))
        table = tables.create(GameSetup(seed=3, opponents=chosen), 0, "SHA256:alice")
        assert table.sit("SHA256:alice", "alice", None) == 0
        assert table.names() == ("alice", "Rin", "Sora", "Yuki")
        records = table.seat_records()
        assert records[0] == {"kind": "human", "name": "alice", "key": "SHA256:alice"}
        assert records[1] == {"kind": "ai", "level": "hard", "personality": "aggressive",
                              "name": "Rin"}
        game = Game(table.setup.ruleset(), 3)
        agent = table.ai(2, game)
        assert (agent.level, agent.personality) == ("easy", "defensive")
    finally:
        loop.close()


def test_a_three_player_table_seats_three(tmp_path):
    """P1: a tenhou3 table has three seats: the lobby counts "2/3", a fourth person is told it is
    full, the AI fills the one empty seat (and only it), and the journal keeps three seats, so a
    restart seats the same two people and the same AI player again."""
    from app.screens.setup import GameSetup
    from app.serve.tables import Tables

    loop = asyncio.new_event_loop()
    try:
        tables = Tables(Path(tmp_path) / "tables", loop, seed=7)
        table = tables.create(GameSetup(rules="tenhou3"), 0, "SHA256:alice")
        assert table.players == 3 and table.seats == [None, None, None]
        assert table.sit("SHA256:alice", "alice", None) == 0
        assert table.sit("SHA256:bob", "bob", None) == 1
        code, rules, _length, seats, state = table.summary()
        assert (rules, seats, state) == ("tenhou3", "2/3 alice, bob", "waiting")
        assert len(table.names()) == 3 and table.names()[:2] == ("alice", "bob")
        assert table.sit("SHA256:carol", "carol", None) == 2
        assert "full" in table.sit("SHA256:dave", "dave", None)
        table.leave("SHA256:carol")  # carol goes before the start: the AI gets her seat
        assert table.summary()[3] == "2/3 alice, bob"
        assert table.start("SHA256:alice") is None
        session = table.session
        assert session is not None and session.game.rules.players == 3
        assert set(session.agents) == {2} and session.humans == {0, 1}
        assert [r["kind"] for r in table.seat_records()] == ["human", "human", "ai"]
        ai_name = table.names()[2]
        table.stop()

        again = Tables(Path(tmp_path) / "tables", loop)
        assert again.resume_all() == []
        back = again.get(code)
        assert back is not None and back.players == 3 and back.setup.rules == "tenhou3"
        assert [m.key if m else None for m in back.seats] == ["SHA256:alice", "SHA256:bob", None]
        assert back.names() == ("alice", "bob", ai_name)
        assert back.session is not None and set(back.session.agents) == {2}
        back.stop()
    finally:
        loop.close()


def test_a_three_player_preset_makes_a_shared_table():
    """New game with tenhou3 on the server creates a (three-seat) table: no refusal."""
    from types import SimpleNamespace

    from app.screens.setup import GameSetup
    from app.serve.app import ServeApp

    said: list[str] = []
    created: list[tuple] = []
    sat: list[str] = []
    table = SimpleNamespace(sit=lambda key, name, app: sat.append(key))
    fake = SimpleNamespace(
        notify=lambda text, **_: said.append(text), key="SHA256:alice",
        settings=SimpleNamespace(name="alice"), show_title=lambda: None,
        push_screen=lambda screen: None,
        tables=SimpleNamespace(create=lambda *a: created.append(a) or table,
                               changed=lambda: None))
    ServeApp.start_game(fake, GameSetup(rules="tenhou3"))  # type: ignore[arg-type]
    assert said == [] and created and created[0][0].rules == "tenhou3" and sat == ["SHA256:alice"]


def test_lobby_language_from_lang_switched_and_kept_per_key(tmp_path, monkeypatch):
    """The lobby speaks the client's LANG (zh_CN.UTF-8: Chinese); l switches the language, the
    player's key keeps it (their next connection, whatever its LANG); another connection in
    the same process keeps its own; a phrase reaches each person in their language; a name
    with markup in it is shown as typed."""
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    from app.screens.lobby import LobbyScreen
    from app.screens.setup import GameSetup
    from app.serve.app import ServeApp
    from app.serve.tables import Tables

    def texts(app):
        return [str(n.message) for n in app._notifications]

    async def main():
        tables = Tables(Path(tmp_path) / "tables", asyncio.get_running_loop())
        apps: dict[str, ServeApp] = {}
        links = {}

        async def run(who, key, lang):
            i18n.viewer.set(i18n.Viewer())
            links[who] = FakeLink()
            app = ServeApp(links[who], tables, key, who, lang=lang)
            apps[who] = app
            await app.run_async()

        def ready(who):
            app = apps.get(who)
            return (app is not None and app.is_running and isinstance(app.screen, LobbyScreen)
                    and links[who].driver is not None
                    and bool(str(app.screen.query_one("#lobby-title").content)))

        def shown(who):  # the lobby's title line as drawn
            from rich.text import Text

            return Text.from_markup(str(apps[who].screen.query_one("#lobby-title").content)).plain

        ann = asyncio.create_task(run("ann", "SHA256:ann", "zh_CN.UTF-8"))
        bob = asyncio.create_task(run("bob[/b]", "SHA256:bob", "en_GB.UTF-8"))
        await _wait(lambda: ready("ann") and ready("bob[/b]"))
        assert "大厅" in shown("ann") and "lobby" in shown("bob[/b]")
        table = tables.create(GameSetup(), 0, "SHA256:ann")
        table.sit("SHA256:ann", "ann", apps["ann"])
        table.sit("SHA256:bob", "bob[/b]", apps["bob[/b]"])
        tables.changed()
        await _wait(lambda: "等候中" in str(apps["ann"].screen.query_one("#tables")._data))
        assert "bob[/b]" in shown("bob[/b]")  # markup typed in a name is only text
        from app.i18n import t

        def bob_says():
            table.say("SHA256:bob", t("lobby.phrase_1"))

        apps["bob[/b]"].call_later(bob_says)  # in bob's context: an English text
        await _wait(lambda: texts(apps["ann"]) and texts(apps["bob[/b]"]))
        assert texts(apps["ann"]) == ["bob[/b]：谢谢"]
        assert texts(apps["bob[/b]"]) == ["bob[/b]: Thanks"]
        links["ann"].driver.feed("l")  # ann switches to English
        await _wait(lambda: "lobby" in shown("ann"))
        assert tables.languages == {"SHA256:ann": "en"}
        assert "大厅" not in shown("ann")
        for who in ("ann", "bob[/b]"):
            apps[who].exit()
        await asyncio.wait_for(asyncio.gather(ann, bob), 10)
        # ann again, with the same key and LANG=zh: the language she chose
        del apps["ann"]
        again = asyncio.create_task(run("ann", "SHA256:ann", "zh_CN.UTF-8"))
        await _wait(lambda: ready("ann"))
        assert "lobby" in shown("ann") and i18n.texts().lang == "en"
        apps["ann"].exit()
        await asyncio.wait_for(again, 10)

    asyncio.run(main())


def test_a_watcher_of_a_three_player_table_sees_names_by_the_norths():
    """P1 at a shared table: the side across lists each seat's Norths; to a watcher seat 0 is
    its player's name, not "You" (solo play still says You)."""
    import contextvars

    from app.glyphs import Painter
    from app.table_text import north_info

    game = Game(preset("tenhou3"), 3)
    painter = Painter()
    names = ("mei", "bob", "Aoi")

    def watching():
        i18n.viewer.set(i18n.Viewer(None, names))
        i18n.set_players(3)
        return north_info(public_view(game), 0, painter, names).plain

    text = contextvars.copy_context().run(watching)
    assert "mei" in text and "You" not in text
    solo = north_info(game.view(0), 0, painter, ("You", "Aoi", "Kenta")).plain
    assert "You" in solo


def test_the_server_collects_its_garbage_in_full_on_a_timer_only_and_without_what_it_started_with(
        monkeypatch):
    """``collect_less`` (called once the server listens): what exists then is frozen out of the
    collector's scans and no full collection comes by count (each held every connection up
    for one to three seconds at 40 players, one every few seconds); ``FullCollections`` makes
    one every FULL_COLLECTION_SECONDS, until cancelled."""
    import asyncio
    import gc

    from app.serve.app import FULL_COLLECTION_SECONDS, GC_THRESHOLDS, FullCollections, collect_less

    before = gc.get_threshold()
    try:
        collect_less()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert GC_THRESHOLDS[:2] == (700, 10) and GC_THRESHOLDS[2] >= 10**9
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert 60 <= FULL_COLLECTION_SECONDS <= 600

    async def timer() -> int:
        every = FullCollections(asyncio.get_running_loop(), 0.05)
        await asyncio.sleep(0.18)
        every.cancel()
        n = len(full)
        await asyncio.sleep(0.12)
        assert len(full) == n  # cancelled: no more
        return n

    full: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda *args: full.append(1) or 0)
    assert asyncio.run(timer()) >= 2
