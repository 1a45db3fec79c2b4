"""``riichi serve --workers``'s parts without processes: the relay's frames, which worker holds a
code, a worker's share of the tables (codes it makes, journals it resumes, the other workers'
tables in its lobby), names and languages told to the front, and a join of another worker's
table asking for a move."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.serve.names import CODE_ALPHABET, new_code
from app.serve.relay import (
    EXIT,
    HELLO,
    INPUT,
    MAX_FRAME,
    OUTPUT,
    FrameError,
    frame,
    frame_json,
    frame_text,
    parse_json,
    read_frame,
    worker_of,
)


def frames_of(data: bytes) -> list:
    """Every frame ``read_frame`` finds in ``data`` (the other side then closes)."""

    async def read() -> list:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        out = []
        while (got := await read_frame(reader)) is not None:
            out.append(got)
        return out

    return asyncio.run(read())


def test_frames_round_trip_and_a_cut_frame_is_the_end():
    data = (frame_json(HELLO, {"key": "SHA256:x", "size": [80, 24]}) + frame_text(INPUT, "a\x1b[A")
            + frame_text(OUTPUT, "牌 \x1b[0m" * 1000) + frame(EXIT, b""))
    got = frames_of(data)
    assert [k for k, _ in got] == [HELLO, INPUT, OUTPUT, EXIT]
    assert parse_json(got[0][1]) == {"key": "SHA256:x", "size": [80, 24]}
    assert got[1][1].decode() == "a\x1b[A"
    assert got[2][1].decode() == "牌 \x1b[0m" * 1000
    assert frames_of(data[:-1] + frame_text(INPUT, "x")[:-1]) == got[:3]  # cut: the end
    assert frames_of(b"") == []


def test_a_frame_not_ours_is_refused():
    with pytest.raises(FrameError, match="unknown frame type"):
        frames_of(b"Z\x00\x00\x00\x00")
    with pytest.raises(FrameError, match="at most"):
        frames_of(b"O" + (MAX_FRAME + 1).to_bytes(4, "big"))
    with pytest.raises(FrameError, match="bad JSON"):
        parse_json(b"{not json")


def test_a_code_has_one_worker_and_a_worker_makes_only_its_own_codes():
    codes = [a + b + c + d for a in "ABC" for b in "DEF" for c in CODE_ALPHABET for d in "XYZ"]
    for workers in (1, 2, 3, 4):
        seen = [worker_of(code, workers) for code in codes]
        assert set(seen) == set(range(workers))  # every worker gets codes
        assert seen == [worker_of(code, workers) for code in codes]  # the same every time
    for index in (0, 1, 2):
        made = {new_code((), lambda code, i=index: worker_of(code, 3) == i) for _ in range(30)}
        assert {worker_of(code, 3) for code in made} == {index}
    taken = {new_code(()) for _ in range(5)}
    assert new_code(taken) not in taken


def tables_of(tmp_path: Path, loop, share=(0, 1), seed=1):
    from app.serve.tables import Tables

    return Tables(tmp_path / "tables", loop, 1.0, seed, share=share)


def started_table(tables, key: str):
    """A table of ``key`` alone (the AI in the other seats), started: journalled."""
    from app.screens.setup import GameSetup

    table = tables.create(GameSetup(seed=5), 0, key)
    table.sit(key, key, None)
    assert table.start(key) is None
    return table


def test_each_worker_resumes_the_journals_of_its_codes_only(tmp_path):
    """A restart with another worker count resumes every table exactly once."""
    loop = asyncio.new_event_loop()
    try:
        one = tables_of(tmp_path, loop)
        codes = {started_table(one, f"SHA256:p{i}").code for i in range(6)}
        one.stop_all()
        for workers in (2, 3):
            shares = [tables_of(tmp_path, loop, (i, workers)) for i in range(workers)]
            for i, share in enumerate(shares):
                assert share.resume_all() == []
                assert {worker_of(code, workers) for code in share.tables} <= {i}
            resumed = [code for share in shares for code in share.tables]
            assert sorted(resumed) == sorted(codes)  # each once
            for share in shares:
                share.stop_all()
    finally:
        loop.close()


def test_a_workers_lobby_lists_the_others_tables_and_a_join_there_moves(tmp_path):
    from app.serve.tables import RemoteTable

    loop = asyncio.new_event_loop()
    try:
        tables = tables_of(tmp_path, loop, share=(1, 2))
        from app.screens.setup import GameSetup

        mine = tables.create(GameSetup(seed=5), 0, "SHA256:alice")
        mine.sit("SHA256:alice", "alice", None)
        assert worker_of(mine.code, 2) == 1
        told = []
        tables.listeners.add(lambda: told.append(1))
        other = ["ABCD", "tenhou", "hanchan", "1/4 bob", "waiting"]
        tables.set_remote([other, ["bad"], "junk"])  # what is not a summary is left out
        assert told  # the lobbies are drawn again
        assert [t.summary() for t in tables.listing()] == [mine.summary(), tuple(other)]
        assert isinstance(tables.listing()[1], RemoteTable) and tables.listing()[1].code == "ABCD"
        assert tables.summaries() == [list(mine.summary())]
        assert tables.elsewhere("ABCD") and not tables.elsewhere(mine.code)
        assert not tables.elsewhere("ZZZZ")  # unknown anywhere: "no such table" here
    finally:
        loop.close()


class Link:
    size = (80, 24)
    driver = None

    def __init__(self) -> None:
        self.moved = None

    def write(self, data: str) -> None:
        pass

    def move(self, start) -> None:
        self.moved = start


def test_join_and_watch_of_another_workers_table_ask_the_link_to_move(tmp_path):
    from app import i18n
    from app.serve.app import ServeApp

    async def main() -> None:
        i18n.viewer.set(i18n.Viewer())
        tables = tables_of(tmp_path, asyncio.get_running_loop(), share=(0, 2))
        tables.set_remote([["ABCD", "tenhou", "hanchan", "1/4 bob", "playing"]])
        link = Link()
        app = ServeApp(link, tables, "SHA256:carol", "carol")
        app.join(" abcd ")
        assert link.moved == ("join", "ABCD")
        link.moved = None
        app.watch("ABCD")
        assert link.moved == ("watch", "ABCD")

    asyncio.run(main())


def test_a_workers_names_and_languages_are_told_to_the_front():
    from app.serve.worker import Kept, hello_size

    told = []
    names = Kept(told.append)
    names["SHA256:a"] = "alice"
    names.keep("SHA256:b", "bob")  # from the front's hello: not told back
    assert told == ["SHA256:a"] and names == {"SHA256:a": "alice", "SHA256:b": "bob"}
    assert hello_size([120, 40]) == (120, 40)
    assert hello_size([10**6, 0]) == (500, 1)
    for bad in (None, [80], ["80", 24], [True, 24], "80x24"):
        assert hello_size(bad) == (80, 24)


def test_bad_worker_counts_say_what_is_wrong(tmp_path, monkeypatch):
    import argparse

    from app.commands import serve

    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    for bad in ("0", "-1", "65"):
        args = parser.parse_args(["--open", "--workers", bad])
        with pytest.raises(SystemExit, match=r"--workers .*give 1 to 64"):
            serve.options_from_args(args)
    args = parser.parse_args(["--open"])
    assert serve.options_from_args(args).workers == serve.default_workers() >= 1


class Channel:
    """The front's side of a connection as a ``Relay`` sees it."""

    size = (100, 30)

    def __init__(self) -> None:
        self.out: list[str] = []

    def write(self, data: str) -> None:
        self.out.append(data)


def test_the_front_relays_a_session_moves_it_and_says_when_its_worker_died(tmp_path):
    """``Relay`` against two stand-in workers on their sockets: the hello, the screen out and
    the keys in, a move to the worker of the code it names (with the key's chosen name), the
    exit status; and a worker that closes without one."""
    from app.serve.front import Relay, Workers

    there = next(c for c in ("ABCD", "ABCH", "ABCE") if worker_of(c, 2) == 1)
    hellos: list = []

    async def first(reader, writer) -> None:  # worker 0: a lobby whose player joins `there`
        kind, payload = await read_frame(reader)
        hellos.append((0, parse_json(payload)))
        writer.write(frame_text(OUTPUT, "lobby"))
        writer.write(frame_json(b"M", {"start": ["join", there], "name": "al", "lang": None}))
        await writer.drain()
        writer.close()

    async def second(reader, writer) -> None:  # worker 1: the table; a key, then the end
        kind, payload = await read_frame(reader)
        hellos.append((1, parse_json(payload)))
        writer.write(frame_text(OUTPUT, "table"))
        await writer.drain()
        kind, payload = await read_frame(reader)
        assert (kind, payload) == (INPUT, b"x")
        writer.write(frame_json(EXIT, {"status": 3}))
        await writer.drain()
        writer.close()

    async def main() -> None:
        workers = Workers(2, tmp_path, 1.0, None)
        servers = [await asyncio.start_unix_server(handler, str(w.socket))
                   for handler, w in zip((first, second), workers.workers, strict=True)]
        for w in workers.workers:
            w.ready.set()
        channel = Channel()
        relay = Relay(workers, channel, {"via": "ssh", "key": "SHA256:al", "name": "alice",
                                         "start": ["lobby", None]})
        run = asyncio.get_running_loop().create_task(relay.run())
        while "table" not in channel.out:
            await asyncio.sleep(0.01)
        relay.feed("x")
        assert await run == 3
        assert channel.out == ["lobby", "table"]
        (w0, lobby), (w1, table) = hellos
        assert (w0, lobby["start"], lobby["size"]) == (0, ["lobby", None], [100, 30])
        assert (w1, table["start"], table["prefs"]) == (1, ["join", there], {"name": "al"})
        assert workers.prefs == {"SHA256:al": {"name": "al"}}

        async def dies(reader, writer) -> None:  # a worker that ends under its session
            await read_frame(reader)
            writer.close()

        servers[1].close()
        servers.append(await asyncio.start_unix_server(dies, str(workers.workers[1].socket)))
        channel = Channel()
        relay = Relay(workers, channel, {"key": "SHA256:b", "start": ["join", there]})
        assert await relay.run() == 1
        assert f"stopped (it is starting again; tables are saved): connect again, or ssh -t " \
               f"HOST join {there}" in channel.out[-1]
        assert "\x1b[?1049l" in channel.out[-1]  # the terminal given back first
        for server in servers:
            server.close()
        await workers.stop()
        assert not workers.directory.exists()

    asyncio.run(main())
