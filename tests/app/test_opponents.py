"""Three distinct opponents (issue 11 item 9): each AI seat has its own name, level and
personality; chosen in the setup screen, in the settings (new games' defaults) and with
``riichi play --seat N=LEVEL:PERSONALITY[:NAME]``; shown on the table, the round result, the
standings and the history's replay; recorded in the journal and the history so Continue seats
the same players; old saves and history rows without them still load."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from rich.console import Console

from app import i18n
from app.app import RiichiApp
from app.cli import build_parser
from app.commands.play import options_from_args
from app.options import PlayOptions
from app.screens.gameover import standings_table
from app.screens.result import scores_renderable, win_renderable
from app.screens.setup import GameSetup, SetupScreen
from app.screens.table import TableScreen
from app.seats import (
    Opponent,
    make_agents,
    opponents_from_records,
    parse_opponent,
    parse_seat,
    seat_labels,
    seat_records,
    seat_styles,
)
from app.storage import journal as J
from app.storage.settings import Settings, settings_from_dict
from app.widgets import Choice
from app.widgets.seat import SeatInfo, SeatLine
from engine.game import Game
from engine.rules import preset
from tests.app.test_snapshots import my_turn
from tests.app.test_snapshots import wait_until as until

TENHOU = preset("tenhou")
VARIED = {1: ("normal", "balanced", "Aoi"), 2: ("normal", "aggressive", "Kenta"),
          3: ("normal", "defensive", "Mei")}


def plain(renderable, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def kinds(players) -> dict:
    return {seat: (o.level, o.personality, o.name) for seat, o in players.items()}


# --- what a seat is: parsing, defaults, records -------------------------------------------------
def test_a_player_is_read_from_level_personality_and_name():
    assert parse_opponent("hard:aggressive") == Opponent("hard", "aggressive", "")
    assert parse_opponent("easy") == Opponent("easy", "balanced", "")
    assert parse_opponent(" normal : defensive : Mei ") == Opponent("normal", "defensive", "Mei")
    assert parse_seat("1=hard:aggressive") == (1, Opponent("hard", "aggressive"))
    assert parse_seat("2=mjai:bot {seat}") == (2, "bot {seat}")
    assert parse_opponent(Opponent("hard", "defensive", "Ren").spec()).name == "Ren"


@pytest.mark.parametrize("text, words", [
    ("grumpy:balanced", "the level must be one of easy, normal, hard"),
    ("hard:nasty", "the personality must be one of balanced, aggressive, defensive"),
    ("hard:balanced:" + "x" * 13, "at most 12"),
    ("hard:balanced:a\tb", "printable"),
])
def test_bad_players_say_why_in_one_line(text, words):
    with pytest.raises(ValueError, match=words) as e:
        parse_opponent(text)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("bad, words", [
    ("1=grumpy", "level must be one of"), ("1=hard:nasty", "personality must be one of"),
    ("0=hard", "seat 0 is yours"), ("4=easy", "1, 2 or 3"), ("1", "expected SEAT="),
])
def test_play_seat_option_takes_players_and_refuses_bad_ones(capsys, bad, words):
    parser, _ = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--seat", bad])
    assert words in capsys.readouterr().err


def test_play_seat_option_reaches_the_game_options():
    parser, _ = build_parser()
    args = parser.parse_args(["play", "--seat", "1=hard:aggressive", "--seat", "3=mjai:bot",
                              "--seat", "2=easy:defensive:Ren"])
    options = options_from_args(args)
    assert options.opponents == {1: Opponent("hard", "aggressive"),
                                 2: Opponent("easy", "defensive", "Ren")}
    assert options.mjai == {3: "bot"}
    with pytest.raises(SystemExit, match="twice"):
        options_from_args(parser.parse_args(["play", "--seat", "1=hard", "--seat", "1=mjai:b"]))


def test_default_table_is_varied_named_in_the_language_and_stable():
    app = RiichiApp(PlayOptions(), settings=Settings())
    i18n.set_language("en")
    first = app.game_setup_from_options().players()
    assert kinds(first) == VARIED
    assert app.game_setup_from_options().players() == first  # not random per call
    i18n.set_language("zh")
    try:
        zh = app.game_setup_from_options().players()
        assert [o.name for o in zh.values()] == ["小林", "阿明", "美玲"]
        assert [o.personality for o in zh.values()] == ["balanced", "aggressive", "defensive"]
    finally:
        i18n.set_language("en")
    # GameSetup without players (tests, older callers): the same varied table
    assert kinds(GameSetup().players()) == VARIED


def test_settings_and_options_choose_the_players():
    settings = Settings().replace(seat_2="hard:defensive:Ren")
    options = PlayOptions(difficulty="easy", opponents={3: Opponent("hard", "aggressive")})
    setup = RiichiApp(options, settings=settings).game_setup_from_options()
    # --difficulty sets every level (personalities stay), --seat one seat
    assert kinds(setup.players()) == {1: ("easy", "balanced", "Aoi"),
                                      2: ("easy", "defensive", "Ren"),
                                      3: ("hard", "aggressive", "Mei")}


def test_settings_refuse_a_bad_player_with_one_message():
    settings, warnings = settings_from_dict({"seat_1": "hard:nasty", "seat_3": "easy:defensive"})
    assert settings.seat_1 == "normal:balanced" and settings.seat_3 == "easy:defensive"
    assert len(warnings) == 1 and "seat_1" in warnings[0] and "personality" in warnings[0]
    with pytest.raises(ValueError, match="level must be"):
        Settings().replace(seat_2="grumpy")


def test_agents_play_each_seats_level_and_personality():
    game = Game(TENHOU, 3)
    players = {1: Opponent("hard", "aggressive", "A"), 2: Opponent("easy", "defensive", "B"),
               3: Opponent("greedy", "balanced", "C")}
    agents = make_agents(game, players, 3, False, {}, lambda *_: None, str)
    assert (agents[1].level, agents[1].personality) == ("hard", "aggressive")
    assert (agents[2].level, agents[2].personality) == ("easy", "defensive")
    assert agents[3].kind == "greedy"
    assert 0 not in agents


def test_records_keep_the_players_and_old_records_still_load():
    players = {1: Opponent("hard", "aggressive", "Aoi"), 2: Opponent("easy", "defensive", "Ren"),
               3: Opponent("normal", "balanced", "Mei")}
    records = seat_records("You", players, {2: "bot"})
    assert records[1] == {"kind": "ai", "level": "hard", "personality": "aggressive",
                          "name": "Aoi"}
    assert records[2] == {"kind": "mjai", "command": "bot"}
    back = opponents_from_records(records, "normal")
    assert back[1] == players[1] and back[3] == players[3]
    assert seat_labels(records) == ("You", "Aoi", "Across", "Mei")
    assert seat_styles(records) == ("", "Hard · aggressive", "", "Normal · balanced")
    assert seat_styles(records, short=True)[1] == "H·A"
    # a save of an older version: the level only, no name or personality
    old = [{"kind": "human", "name": "You"}] + [{"kind": "ai", "level": "easy"}] * 3
    assert opponents_from_records(old, "normal") == {s: Opponent("easy") for s in (1, 2, 3)}
    assert seat_labels(old) == ("You", "Right", "Across", "Left")
    assert seat_styles(old) == ("", "", "", "")
    # damaged records fall back to the seat's default player
    broken = [{}, {"kind": "ai", "level": 3}, "x", {"kind": "ai", "personality": "nasty"}]
    assert opponents_from_records(broken, "hard") == {s: Opponent("hard") for s in (1, 2, 3)}
    assert seat_labels(broken) == ("You", "Right", "Across", "Left")
    assert seat_labels(None) == ("You", "Right", "Across", "Left")


# --- shown: the seat line, the result, the standings --------------------------------------------
def test_the_seat_line_names_the_player_and_its_kind_in_the_room_it_has():
    info = SeatInfo(name="Haruto", wind=28, points=24000, riichi=True,
                    style="Normal · aggressive", style_short="N·A")
    line = SeatLine()
    line.info = info
    assert line.line(True, info.style).plain.startswith("S Haruto Normal · aggressive 24000")
    short = line.line(True, info.style_short).plain
    assert short.startswith("S Haruto N·A 24000 (13)") and len(short) <= 32
    # 24 cells (80x24's side columns): the kind in letters, the tile count gives way
    assert line.line(False, info.style_short).plain == "S Haruto N·A 24000 riichi"


def test_result_and_standings_name_the_opponents():
    from engine.events import Win

    records = seat_records("You", {1: Opponent("hard", "aggressive", "Aoi"),
                                   2: Opponent("easy", "defensive", "Ren"),
                                   3: Opponent("normal", "balanced", "Mei")}, {})
    names = seat_labels(records)
    text = plain(scores_renderable((8000, -8000, 0, 0), (33000, 17000, 25000, 25000), names))
    assert "Aoi" in text and "Ren" in text and "Mei" in text and "Right" not in text
    game = _a_finished_game()
    standings = plain(standings_table(game.result, game.rules, records))
    assert "Aoi Hard · aggressive" in standings and "Ren Easy · defensive" in standings
    assert "You" in standings
    win = next((e for e in game.events if isinstance(e, Win) and e.seat != 0), None)
    assert win is not None
    head = win_renderable(win, _painter(), (), names).renderables[0].plain
    assert names[win.seat] in head


def _painter():
    from app.glyphs import Painter, glyph_set, theme

    return Painter(glyph_set("text"), theme("mono"))


def _a_finished_game() -> Game:
    from ai import make_agent
    from engine.driver import play_out

    rules = replace(TENHOU, length="tonpuusen")
    game = Game(rules, 11)
    play_out(game, {s: make_agent("greedy", seed=s, rules=rules) for s in range(4)})
    return game


# --- the app: setup, table, Continue ----------------------------------------------------------
def test_setup_chooses_each_player_and_continue_seats_them_again():
    asyncio.run(_setup_and_continue())


async def _setup_and_continue():
    app = RiichiApp(PlayOptions(speed="instant", seed=8), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen())
        await pilot.pause()
        screen = app.screen
        style = screen.query_one("#style-2", Choice)
        while style.value != "hard:defensive":
            style.action_step(1)
        name = screen.query_one("#name-2", Choice)
        name.action_step(1)  # the next name of the list
        chosen = name.value
        assert chosen != "Kenta"
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(app))
        session = app.screen.session
        agent = session.agents[2]
        assert (agent.level, agent.personality) == ("hard", "defensive")
        assert (session.agents[3].personality, session.agents[1].personality) == (
            "defensive", "balanced")
        saved = J.load_journal()
        assert saved.seats[2] == {"kind": "ai", "level": "hard", "personality": "defensive",
                                  "name": chosen}
        line = str(app.screen.query_one("#across-line", SeatLine).render())
        assert f"{chosen} H·D" in line
        session.close(keep_save=True)
    again = RiichiApp(PlayOptions(speed="instant", resume=True), settings=Settings())
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, TableScreen))
        session = again.screen.session
        assert (session.agents[2].level, session.agents[2].personality) == ("hard", "defensive")
        assert kinds(session.setup.players())[2] == ("hard", "defensive", chosen)
        await pilot.pause()
        assert f"{chosen} H·D" in str(again.screen.query_one("#across-line", SeatLine).render())
        session.close(keep_save=True)


def test_an_old_save_without_players_continues_with_balanced_players_named_by_place():
    asyncio.run(_old_save())


async def _old_save():
    old = [{"kind": "human", "name": "You"}] + [{"kind": "ai", "level": "easy"}] * 3
    J.Journal.create(None, TENHOU, 12, old, {"difficulty": "easy", "reds": "1each",
                                             "preset": "tenhou"}).close()
    app = RiichiApp(PlayOptions(speed="instant", resume=True), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        session = app.screen.session
        for seat in (1, 2, 3):
            assert (session.agents[seat].level, session.agents[seat].personality) == (
                "easy", "balanced")
        await pilot.pause()
        right = str(app.screen.query_one("#right-line", SeatLine).render())
        assert right.split()[1] == "Right"
        session.close(keep_save=True)


def test_settings_screen_sets_the_players_of_new_games():
    asyncio.run(_settings())


async def _settings():
    from app.screens.settings import SettingsScreen

    app = RiichiApp(PlayOptions(speed="instant"), settings=Settings().replace(
        seat_3="normal:defensive:Zed"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        choice = app.screen.query_one("#seat_3", Choice)
        while choice.value != "easy:aggressive":
            choice.action_step(1)
        await pilot.pause()
        assert app.settings.seat_3 == "easy:aggressive:Zed"  # the name stays
        assert kinds(app.game_setup_from_options().players())[3] == ("easy", "aggressive",
                                                                     "Zed")


def test_history_replay_names_the_players_and_old_rows_name_places():
    asyncio.run(_replay())


async def _replay():
    from app.screens.replay_viewer import ReplaySeat, ReplayViewerScreen
    from tests.app.test_replay_viewer import recorded_game

    named_seats = seat_records("You", {1: Opponent("greedy", "balanced", "Aoi"),
                                       2: Opponent("hard", "aggressive", "Ren"),
                                       3: Opponent("easy", "defensive", "Mei")}, {})
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for seats, names in ((named_seats, ["You", "Aoi", "Ren", "Mei"]),
                             (recorded_game().seats, ["You", "Right", "Across", "Left"])):
            app.push_screen(ReplayViewerScreen(replace(recorded_game(), seats=seats)))
            await pilot.pause()
            shown = [app.screen.query_one(f"#replay-seat-{s}", ReplaySeat).state.name
                     for s in range(4)]
            assert shown == names
            events = str(app.screen.query_one("#replay-events").render())
            if seats is named_seats:
                assert "Players: You, Aoi (Greedy), Ren (Hard · aggressive), Mei (Easy · " \
                       "defensive)" in events
            else:
                assert "Players: You, Right, Across, Left" in events
            app.pop_screen()
            await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_settings_and_setup_fit_80x24_with_the_players_rows(monkeypatch, lang):
    """Three opponents' rows more, and the NO_COLOR note: the settings and the setup still fit
    80x24 above the footer, nothing scrolls."""
    monkeypatch.setenv("NO_COLOR", "1")
    asyncio.run(_fit(lang))


async def _fit(lang):
    from app.screens.settings import SettingsScreen

    app = RiichiApp(PlayOptions(speed="instant", language=lang), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for screen, box in ((SettingsScreen(), "#settings-box"), (SetupScreen(), "#setup-box")):
            app.push_screen(screen)
            await pilot.pause()
            region = app.screen.query_one(box).region
            assert region.y >= 0 and region.bottom <= 23, (box, region)
            assert app.screen.max_scroll_y == 0
            app.pop_screen()
            await pilot.pause()
