"""benchmarks/arena_leaks.py: the split of a seat's score changes by cause, on a made-up mjai log
(issue 16)."""

import json
from collections import Counter, defaultdict
from pathlib import Path

from tests.ai.helpers import benchmark

leaks = benchmark("arena_leaks")

HANDS = [
    # seat 0: tenpai on the 4p kanchan (no yaku but riichi); it stays dama and throws 5p
    ["2m", "2m", "7m", "8m", "9m", "3p", "5p", "1s", "2s", "3s", "4s", "5s", "6s"],
    ["1m", "1m", "1m", "2p", "3p", "4p", "6s", "7s", "8s", "E", "E", "S", "S"],
    ["1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C", "1m", "9m"],
    ["2p", "2p", "3p", "3p", "4p", "4p", "6m", "6m", "7m", "7m", "8m", "8m", "9s"],
]


def write_log(tmp_path: Path, hands: list[list[str]] = HANDS, last: str = "C") -> Path:
    """Seat 1 riichis; seat 0 throws ``last`` (its draw is a C) and deals in."""
    evs = round_log(hands, [
        {"type": "tsumo", "actor": 0, "pai": "N"},
        {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "W"},
        {"type": "reach", "actor": 1},
        {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 1},
        {"type": "tsumo", "actor": 2, "pai": "W"},
        {"type": "dahai", "actor": 2, "pai": "W", "tsumogiri": True},
        {"type": "tsumo", "actor": 3, "pai": "W"},
        {"type": "dahai", "actor": 3, "pai": "W", "tsumogiri": True},
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "dahai", "actor": 0, "pai": last, "tsumogiri": last == "C"},
        {"type": "hora", "actor": 1, "target": 0, "deltas": [-3900, 4900, 0, 0]},
    ])
    return write_events(tmp_path / "game_1_cmd_rule_rule_rule.jsonl", evs)


def round_log(hands: list[list[str]], play: list[dict[str, object]]) -> list[dict[str, object]]:
    """A game of one East 1 round: the deal of ``hands`` (dora marker E) then ``play``."""
    return [
        {"type": "start_game", "names": ["0", "1", "2", "3"]},
        {"type": "start_kyoku", "bakaze": "E", "dora_marker": "E", "kyoku": 1, "honba": 0,
         "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": hands},
        *play,
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


def write_events(path: Path, evs: list[dict[str, object]]) -> Path:
    """``evs`` written as an mjai log (one JSON event a line) at ``path``."""
    path.write_text("".join(json.dumps(e) + "\n" for e in evs))
    return path


def test_a_deal_in_is_split_by_the_seats_state_and_the_winners_hand(tmp_path):
    path = write_log(tmp_path)
    assert leaks.hero_seat(path) == 0
    pts: defaultdict[str, float] = defaultdict(float)
    cnt: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    leaks.analyse(path, [0], pts, cnt, rounds)
    assert rounds["rounds"] == 1
    assert pts["deal-in: tenpai -> riichi"] == -3900 and pts["deal-ins (all)"] == -3900
    assert cnt["closed tenpai, never riichi"] == 1
    assert cnt["closed tenpai, never riichi: dealt in"] == 1
    assert cnt["discards facing a riichi"] == 1
    assert cnt["deal-ins into a riichi"] == 1
    assert cnt["  of them with a genbutsu held"] == 0  # it held no tile safe against seat 1
    other: defaultdict[str, float] = defaultdict(float)
    leaks.analyse(path, [1], other, Counter(), Counter())
    assert other["win: riichi"] == 4900 and other["riichi sticks paid"] == -1000


def test_a_deal_in_into_a_riichi_while_holding_a_genbutsu_is_counted(tmp_path):
    """Seat 0 holds a West, which seat 1 threw as its riichi tile (a genbutsu), and throws
    a 5p into the riichi instead."""
    hands = [list(h) for h in HANDS]
    hands[0][1] = "W"
    cnt: Counter[str] = Counter()
    leaks.analyse(write_log(tmp_path, hands, last="5p"), [0], defaultdict(float), cnt,
                  Counter())
    assert cnt["deal-ins into a riichi"] == 1
    assert cnt["  of them with a genbutsu held"] == 1
    assert cnt["  of them not a genbutsu, one held"] == 1
    cnt = Counter()
    leaks.analyse(write_log(tmp_path, hands, last="W"), [0], defaultdict(float), cnt, Counter())
    assert cnt["  of them with a genbutsu held"] == 0  # it threw the genbutsu
    assert cnt["  of them not a genbutsu, one held"] == 0


def test_no_logs_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["arena_leaks.py", str(tmp_path)])
    assert leaks.main() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no game_" in err


def test_a_rounds_change_counts_the_sticks_the_seat_put_down(tmp_path):
    path = write_log(tmp_path)
    assert leaks.round_deltas(leaks.events(path), 0) == [-3900]
    assert leaks.round_deltas(leaks.events(path), 1) == [3900]  # 3,900 + its own stick back - the stick put down


def test_the_totals_spread_is_printed(tmp_path, capsys, monkeypatch):
    write_log(tmp_path)
    (tmp_path / "game_2_cmd_rule_rule_rule.jsonl").write_text(
        write_log(tmp_path).read_text().replace('"deltas": [-3900', '"deltas": [-7900'))
    monkeypatch.setattr("sys.argv", ["arena_leaks.py", str(tmp_path)])
    assert leaks.main() == 0
    out = capsys.readouterr().out
    assert "standard deviation 2,828" in out  # -3,900 and -7,900


def test_a_closed_hands_first_call_is_counted_with_its_outcome(tmp_path):
    """Seat 0 (22m 789m 35p 123s 6s CC: one step from tenpai) pons the chun seat 1 throws, and
    wins off seat 1: one 'yakuhai pon, 1-shanten' opening, won for 2,000; seat 1 opened none."""
    hands = [list(h) for h in HANDS]
    hands[0] = ["2m", "2m", "7m", "8m", "9m", "3p", "5p", "1s", "2s", "3s", "C", "C", "6s"]
    hands[1][12] = "C"
    evs = [
        {"type": "start_kyoku", "bakaze": "E", "dora_marker": "E", "kyoku": 1, "honba": 0,
         "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": hands},
        {"type": "tsumo", "actor": 0, "pai": "N"},
        {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "W"},
        {"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": False},
        {"type": "pon", "actor": 0, "target": 1, "pai": "C", "consumed": ["C", "C"]},
        {"type": "dahai", "actor": 0, "pai": "6s", "tsumogiri": False},
        {"type": "tsumo", "actor": 1, "pai": "4p"},
        {"type": "dahai", "actor": 1, "pai": "4p", "tsumogiri": True},
        {"type": "hora", "actor": 0, "target": 1, "deltas": [2000, -2000, 0, 0]},
        {"type": "end_kyoku"},
    ]
    path = tmp_path / "game_1_cmd_rule_rule_rule.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in evs))
    cnt: Counter[str] = Counter()
    leaks.analyse(path, [0], defaultdict(float), cnt, Counter())
    assert cnt["opened: yakuhai pon, 1-shanten"] == 1
    assert cnt["opened: yakuhai pon, 1-shanten: won"] == 1
    assert cnt["opened: yakuhai pon, 1-shanten: won points"] == 2000
    assert cnt["open win: yakuhai d0"] == 1 and cnt["open win: yakuhai d0: points"] == 2000
    other: Counter[str] = Counter()
    leaks.analyse(path, [1], defaultdict(float), other, Counter())
    assert not [k for k in other if k.startswith("opened")]


def open_wins(tmp_path: Path, seat1: list[str], from_seat0: str, call: dict[str, object],
              throw: str, win: str, points: int, seats: list[int]) -> dict[str, int]:
    """The open-win counts of ``seats`` in a round where seat 1 holds ``seat1``, calls
    (``call``) the ``from_seat0`` seat 0 throws, throws ``throw`` and wins for ``points`` on the
    ``win`` seat 2 draws and throws."""
    hands = [list(h) for h in HANDS]
    hands[0][12] = from_seat0
    hands[1] = seat1
    evs = round_log(hands, [
        {"type": "tsumo", "actor": 0, "pai": "N"},
        {"type": "dahai", "actor": 0, "pai": from_seat0, "tsumogiri": False},
        {"actor": 1, "target": 0, "pai": from_seat0, **call},
        {"type": "dahai", "actor": 1, "pai": throw, "tsumogiri": False},
        {"type": "tsumo", "actor": 2, "pai": win},
        {"type": "dahai", "actor": 2, "pai": win, "tsumogiri": True},
        {"type": "hora", "actor": 1, "target": 2, "deltas": [0, points, -points, 0]},
    ])
    path = write_events(tmp_path / "game_1_rule_cmd_rule_rule.jsonl", evs)
    cnt: Counter[str] = Counter()
    leaks.analyse(path, seats, defaultdict(float), cnt, Counter())
    return {k: v for k, v in cnt.items() if k.startswith("open win")}


def test_an_open_win_is_sorted_by_its_kind_and_dora(tmp_path):
    """Seat 1 (111m 234m 5mr67m EE S 9p) pons seat 0's East and wins on the South seat 2
    throws: a one-suit hand with two South (the dora of the East marker) and a red five, an
    open 'honitsu d3+'; the East triplet (a yakuhai) does not make it a 'yakuhai' hand."""
    args = (["1m", "1m", "1m", "2m", "3m", "4m", "5mr", "6m", "7m", "E", "E", "S", "9p"], "E",
            {"type": "pon", "consumed": ["E", "E"]}, "9p", "S", 12000)
    assert open_wins(tmp_path, *args, seats=[1]) == \
        {"open win: honitsu d3+": 1, "open win: honitsu d3+: points": 12000}
    assert open_wins(tmp_path, *args, seats=[0, 2, 3]) == {}


def test_a_red_five_a_call_takes_from_the_hand_counts_once(tmp_path):
    """Seat 1 (111m 23m 5mr6m 888m EE S) chis seat 0's 4m with its 5mr and 6m and wins on the 4m
    seat 2 throws: one red five (in the meld), no dora (the East marker's South was thrown)."""
    wins = open_wins(tmp_path, ["1m", "1m", "1m", "2m", "3m", "5mr", "6m", "8m", "8m", "8m", "E",
                                "E", "S"], "4m", {"type": "chi", "consumed": ["5mr", "6m"]}, "S",
                     "4m", 3900, seats=[1])
    assert wins == {"open win: honitsu d1": 1, "open win: honitsu d1: points": 3900}


def test_winds_keeps_only_the_rounds_of_those_round_winds(tmp_path, capsys, monkeypatch):
    east = json.loads("[" + ",".join(write_log(tmp_path).read_text().splitlines()) + "]")
    south = [dict(ev, bakaze="S") if ev["type"] == "start_kyoku" else ev for ev in east[1:-1]]
    game = east[:-1] + south + east[-1:]  # an East round then a South round, each seat 0's deal-in
    assert [leaks.round_deltas(leaks.in_winds(game, w), 0) for w in ("E", "S", "ES", "W")] == \
        [[-3900], [-3900], [-3900, -3900], []]
    assert [ev["type"] for ev in leaks.in_winds(game, "W")] == ["start_game", "end_game"]
    write_events(tmp_path / "game_1_cmd_rule_rule_rule.jsonl", game)
    monkeypatch.setattr("sys.argv", ["arena_leaks.py", str(tmp_path), "--winds", "S"])
    assert leaks.main() == 0
    assert "1 games, hero 1 seat-rounds (the rounds of S)" in capsys.readouterr().out
    monkeypatch.setattr("sys.argv", ["arena_leaks.py", str(tmp_path), "--winds", "X"])
    assert leaks.main() == 2
    assert "--winds takes letters of ESWN, not 'X'" in capsys.readouterr().err
