"""benchmarks/arena_pair.py (issue 16): two arena runs of the same games paired game by game,
and a base measured with another AI than this checkout's said to be stale."""

from __future__ import annotations

import pytest

from tests.ai.helpers import benchmark

BASE = """# fingerprints {digest} hard
seed 9700 seat 0: rank 2, score 26900, 9 rounds, 34.1s
seed 9700 seat 1: rank 4, score 6400, 11 rounds, 39.4s
seed 9700 seat 2: rank 3, score 20000, 10 rounds, 51.7s
hard vs 3 tpb, 3 games (seeds 9700..9700):
"""
VARIANT = """seed 9700 seat 0: rank 1, score 36900, 9 rounds, 34.1s
seed 9700 seat 1: rank 4, score 6400, 11 rounds, 39.4s
seed 9701 seat 0: rank 1, score 40000, 8 rounds, 30.0s
"""


def test_the_games_of_both_runs_are_paired(tmp_path):
    tool = benchmark("arena_pair")
    (tmp_path / "base.txt").write_text(BASE.format(digest=tool.fingerprints_digest()))
    (tmp_path / "variant.txt").write_text(VARIANT)
    base, digests = tool.read_runs([tmp_path / "base.txt"])
    variant, _ = tool.read_runs([tmp_path / "variant.txt"])
    assert base == {(9700, 0): 2, (9700, 1): 4, (9700, 2): 3}
    assert digests == {tool.fingerprints_digest()}
    assert tool.stale(digests) is None
    # seat 0 of 9700 a place better, seat 1 the same; 9700 seat 2 and 9701 only in one run
    assert tool.paired(base, variant).startswith(
        "2 paired games: base 3.000, variant 2.500 (-0.500")
    assert "better 1, worse 0, same 1" in tool.paired(base, variant)


def test_a_base_of_another_ai_is_stale(tmp_path, capsys, monkeypatch):
    tool = benchmark("arena_pair")
    (tmp_path / "base.txt").write_text(BASE.format(digest="0123456789abcdef"))
    (tmp_path / "variant.txt").write_text(VARIANT)
    monkeypatch.setattr("sys.argv", ["arena_pair.py", "--base", str(tmp_path / "base.txt"),
                                     str(tmp_path / "variant.txt")])
    assert tool.main() == 0
    out = capsys.readouterr()
    assert "the AI changed since" in out.err
    assert out.out.startswith("2 paired games")


def test_a_missing_run_is_refused(tmp_path, capsys, monkeypatch):
    tool = benchmark("arena_pair")
    monkeypatch.setattr("sys.argv", ["arena_pair.py", "--base", str(tmp_path / "nope.txt"),
                                     str(tmp_path / "nope2.txt")])
    assert tool.main() == 2
    assert "nope.txt" in capsys.readouterr().err


def test_each_range_of_seeds_is_paired_apart_when_there_are_several():
    tool = benchmark("arena_pair")
    base = {(9700, 0): 2, (9700, 1): 3, (9801, 0): 3}
    variant = {(9700, 0): 1, (9700, 1): 3, (9801, 0): 4, (9900, 0): 1}
    lines = tool.by_range(base, variant)
    assert [line.split(":")[0] for line in lines] == ["  seeds 9700-9799", "  seeds 9800-9899"]
    assert "2 paired games: base 2.500, variant 2.000" in lines[0]
    assert "1 paired games: base 3.000, variant 4.000" in lines[1]
    assert tool.by_range({(9700, 0): 2}, {(9700, 0): 1}) == []  # one range: the total says it


@pytest.mark.parametrize("line", ["seed x seat 0: rank 2", "# a comment", ""])
def test_other_lines_are_skipped(line):
    assert benchmark("arena_pair").read_ranks([line]) == {}


def test_a_means_interval_is_196_standard_errors_and_none_for_one_figure():
    # benchmarks/intervals.py, the interval every paired benchmark prints
    intervals = benchmark("intervals")
    mean, half = intervals.mean_interval([1, 3])
    assert (mean, round(half, 9)) == (2.0, 1.96)
    assert intervals.mean_interval([5]) == (5.0, 0.0)
