"""benchmarks/ab_hard.py, the head-to-head yardstick of a change to hard's knobs (issue 16): the
knobs are read with their types, a bad one is refused with a message, and the variant's seats
really play the changed knobs while a game played both ways round with no change is even."""

from __future__ import annotations

import pytest

from tests.ai.helpers import benchmark


def test_knobs_take_the_type_of_each_style_field():
    tool = benchmark("ab_hard")
    assert tool.knobs(["call_bias=0.3", "foresight=false", "closed_chi=0", "keiten=yes"]) == {
        "call_bias": 0.3, "foresight": False, "closed_chi": 0, "keiten": True}


@pytest.mark.parametrize("bad", ["call_bias", "no_such_knob=1", "=3"])
def test_a_bad_knob_is_refused_with_the_knobs_named(bad):
    with pytest.raises(SystemExit, match="call_bias"):
        benchmark("ab_hard").knobs([bad])


def test_the_variant_seats_play_the_change_and_no_change_is_even():
    tool = benchmark("ab_hard")
    _, _, ranks0, counts0 = tool.play((7000, 0, {}))
    _, _, ranks1, counts1 = tool.play((7000, 1, {}))
    assert (ranks0, counts0) == (ranks1, counts1)  # the same agents: the same game
    # the variant seats 0 and 2 in one game, 1 and 3 in the other: 2.5 on average
    assert (ranks0[0] + ranks0[2] + ranks1[1] + ranks1[3]) / 4 == 2.5
    _, _, ranks, counts = tool.play((7000, 0, {"defence": 0.0, "call_bias": 3.0}))
    assert (ranks, counts) != (ranks0, counts0)


def test_the_arena_hero_with_a_knob_plays_it_over_the_mjai_protocol():
    """bench_arena --knob seats knob_bot.py: the same bot as ``riichi bot --mjai``, its agent's
    knob changed; a whole game of four such bots is played without a problem."""
    from ai.style import style_for
    from engine.game import Game
    from tests.mjai.harness import play

    tool = benchmark("knob_bot")
    bots = {s: tool.knob_bot(s, "hard", ["foresight=false", "call_bias=0.3"]) for s in range(4)}
    assert bots[1].agent.style.foresight is False and bots[1].agent.style.call_bias == 0.3
    assert bots[1].agent.style.defence == style_for("hard", "balanced").defence  # the rest
    seen = play(Game(seed=3), {s: b.react for s, b in bots.items()},
                trackers={s: b.tracker for s, b in bots.items()})
    assert all(b.problems == 0 for b in bots.values()) and seen["dahai"] > 100
    command = benchmark("bench_arena").hero_command("hard", None, ["foresight=false"])
    assert command.startswith("cmd:env ") and command.endswith(
        "knob_bot.py --level hard foresight=false")


def test_the_arena_runs_only_the_seats_asked_and_refuses_others(capsys, monkeypatch):
    """bench_arena --seats: the hero's seats of a seed to play (a base completed without its
    games played again); a seat outside 0-3 stops the run before the arena is looked for."""
    tool = benchmark("bench_arena")
    assert tool.parse_seats("3,2,3") == [2, 3] and tool.parse_seats("0,1,2,3") == [0, 1, 2, 3]
    assert tool.parse_seats("4") == [] and tool.parse_seats("1,x") == []
    monkeypatch.setattr("sys.argv", ["bench_arena.py", "--seats", "0,5"])
    assert tool.main() == 2
    assert "--seats takes seats 0-3" in capsys.readouterr().err
