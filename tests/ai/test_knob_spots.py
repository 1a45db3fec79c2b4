"""benchmarks/knob_spots.py, a knob tried on the Houou people's decisions (issue 16): an answer is
the kind thrown and the riichi, or the call made; a knob at hard's own value changes nothing; a
knob that changes discards or calls counts them by row with the people's side of each."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Chi, Discard, Pass, Pon, Riichi
from engine.tiles import parse_kind
from tests.ai.helpers import SHARED_LOGS, benchmark

bench = benchmark("knob_spots")
needs_logs = pytest.mark.skipif(not (SHARED_LOGS / "mjlog").is_dir(),
                                reason="../shared/logs is not there")


def test_an_answer_is_the_kind_thrown_and_the_riichi():
    five_pin = parse_kind("5p") * 4
    assert bench.answer(Discard(five_pin)) == bench.answer(Discard(five_pin + 1)) == "5p"
    assert bench.answer(Riichi(five_pin)) == "5p riichi"
    assert bench.answer(Pass()) == "pass"
    four, five, six = (parse_kind(k) * 4 for k in ("4m", "5m", "6m"))
    assert bench.answer(Chi((four, six), five)) == bench.answer(Chi((five, six), four)) == \
        "chi 456m"
    assert bench.answer(Pon((five, five + 1), five + 2)) == "pon 5m"


def test_rows_by_shanten_and_threat():
    assert bench.row_of(0, False) == ("s0", "calm")
    assert bench.row_of(2, True) == ("s2", "riichi")
    assert bench.row_of(5, False) == ("s3+", "calm")
    assert bench.row_of(-1, False) == ("s0", "calm")  # a complete hand (a tsumo passed up)


def _first_game():
    return [record for record, _ in bench.real_games(1, "hard", "balanced")]


@needs_logs
def test_a_knob_at_hards_own_value_changes_no_answer():
    from ai.style import LEVELS

    counts: Counter[str] = Counter()
    same = {"terminal_order": LEVELS["hard"].terminal_order}
    spots = [s for record in _first_game() for s in bench.game_spots(record, same, counts)]
    assert spots == [] and counts["discards all changed"] == 0
    assert counts["discards all"] == counts["discards calm"] + counts["discards riichi"] > 300


@needs_logs
def test_a_knob_that_changes_discards_counts_them_with_the_peoples_side():
    # without the lone terminal's order (terminal_order 0) hard throws lone honours first far
    # from tenpai: changed spots in the calm rows three steps away and further
    lines: list[str] = []
    counts = bench.tally(_first_game(), {"terminal_order": 0.0}, show=2, out=lines.append)
    changed = counts["discards all changed"]
    assert changed > 0 and len(lines) == 2 and "with the knobs" in lines[0]
    assert counts["s3+ calm changed"] > 0
    for key in ("discards all", "s3+ calm"):
        assert counts[key + " people new"] + counts[key + " people old"] <= counts[key + " changed"]
    table: list[str] = []
    bench.report(counts, out=table.append)
    assert any(line.split()[:2] == ["discards", "all"] and int(line.split()[3]) == changed
               for line in table)


@needs_logs
def test_a_call_knob_changes_offers():
    # no call bias: hard passes offers it took (the replay follows the people's own moves)
    counts = bench.tally(_first_game(), {"call_bias": 0.0})
    assert counts["calls all"] == counts["calls calm"] + counts["calls riichi"] > 20
    assert counts["calls all changed"] > 0
    assert counts["calls all people new"] + counts["calls all people old"] <= \
        counts["calls all changed"]
