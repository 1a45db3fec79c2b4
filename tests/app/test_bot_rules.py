"""``riichi bot`` plays the game's rules: ``--rules PRESET`` and ``--set FIELD=VALUE`` as
``riichi score`` takes them, passed to the bot's AI and seat tracker (issue 11 item 4)."""

from __future__ import annotations

import io

import pytest

import ai.mjai_bot
from app.cli import main
from engine.rules import preset


def _run(monkeypatch, argv):
    seen = {}
    real = ai.mjai_bot.MjaiBot

    def spy(*args, **kwargs):
        bot = real(*args, **kwargs)
        seen["bot"] = bot
        seen["rules"] = kwargs.get("rules")
        return bot

    monkeypatch.setattr(ai.mjai_bot, "MjaiBot", spy)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    return main(argv), seen


def test_bot_takes_the_preset_and_settings(monkeypatch):
    code, seen = _run(monkeypatch, ["bot", "--mjai", "--rules", "majsoul", "--set",
                                    "red_fives=0,0,0", "--set", "kuitan=false", "2"])
    assert code == 0
    want = preset("majsoul").set_from_text("red_fives=0,0,0").set_from_text("kuitan=false")
    assert seen["rules"] == want
    assert seen["bot"].tracker.rules == want
    assert seen["bot"].agent.rules == want


def test_bot_default_rules_are_tenhou(monkeypatch):
    code, seen = _run(monkeypatch, ["bot", "--mjai", "0"])
    assert code == 0 and seen["rules"] == preset("tenhou")


@pytest.mark.parametrize("argv, words", [
    (["--rules", "nosuch"], "unknown rules preset"),
    (["--set", "max_kans=-1"], "max_kans"),
    (["--set", "nosuchfield=1"], "nosuchfield"),
    (["--set", "kuitan"], "kuitan"),
])
def test_bad_rules_say_why_in_one_line_and_answer_nothing(monkeypatch, capsys, argv, words):
    code, seen = _run(monkeypatch, ["bot", "--mjai", *argv, "1"])
    out = capsys.readouterr()
    assert code == 2 and "bot" not in seen and out.out == ""
    assert out.err.startswith("riichi bot: ") and words in out.err
    assert out.err.count("\n") == 1
