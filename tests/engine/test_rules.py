"""RuleSet values are validated (issue 11, item 15): a bad value of any field with a type, a
range or a choice raises ``RulesError`` in one line naming the field, however the ruleset is
made (the constructor, ``replace``, ``from_dict`` of a save file, ``--set`` of the command line)."""

import dataclasses

import pytest

from engine.errors import RulesError
from engine.rules import PRESETS, RuleSet, preset

BAD = [
    # (field, bad value, what the message says)
    ("max_kans", -1, "max_kans must be 0-4, got -1"),  # C3
    ("max_kans", 5, "max_kans must be 0-4, got 5"),
    ("riichi_min_points", -1000, "riichi_min_points must be at least 0"),  # R1
    ("riichi_min_wall_tiles", -1, "riichi_min_wall_tiles must be 0-70"),  # R1
    ("riichi_min_wall_tiles", 71, "riichi_min_wall_tiles must be 0-70"),
    ("starting_points", 0, "starting_points must be at least 100"),  # G7
    ("starting_points", -25000, "starting_points must be at least 100"),
    ("starting_points", 25050, "starting_points must be a multiple of 100"),
    ("return_points", -30000, "return_points must be at least 0"),
    ("return_points", 30001, "return_points must be a multiple of 100"),
    ("double_wind_pair_fu", 3, "double_wind_pair_fu must be 2 or 4"),  # S1
    ("red_fives", (5, 1, 1), "red_fives must be three counts 0-4"),  # D2
    ("red_fives", (1, -1, 1), "red_fives must be three counts 0-4"),
    ("red_fives", (1, 1), "red_fives must be three counts 0-4"),
    ("uma", (20, 10, -10), "uma must have four values"),  # G7
    ("uma", (20, 10, -10, -10), "add up to 0"),
    ("uma", (-20, -10, 10, 20), "highest first"),
    ("kan_dora_timing", "later", "kan_dora_timing must be one of delayed, immediate"),  # D3
    ("renhou", "double", "renhou must be one of off, mangan, baiman, yakuman"),  # Y42
    ("bust", "never", "bust must be one of below_zero, zero_or_below, off"),  # G3
    ("score_rounding", "round", "score_rounding must be one of round56, exact, round_points"),
    ("length", "east", "length must be one of hanchan, tonpuusen"),  # G1
    ("name", "", "name must not be empty"),
    # types: a field keeps the type of its default
    ("kuitan", 1, "kuitan must be true or false, got 1"),
    ("kuitan", "false", "kuitan must be true or false"),
    ("max_kans", "3", "max_kans must be a whole number, got '3'"),
    ("max_kans", True, "max_kans must be a whole number, got True"),
    ("starting_points", 25000.0, "starting_points must be a whole number"),
    ("red_fives", [1, 1, 1], "red_fives must be whole numbers"),
    ("uma", (20, 10, -10, "x"), "uma must be whole numbers"),
    ("name", 7, "name must be a string"),
]


def one_line(exc: pytest.ExceptionInfo[RulesError]) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("field,value,message", BAD)
def test_a_bad_value_is_refused_by_the_constructor_and_replace(field, value, message):
    with pytest.raises(RulesError) as exc:
        RuleSet(**{field: value})
    assert message in one_line(exc)
    with pytest.raises(RulesError) as exc:
        preset("majsoul").replace(**{field: value})
    assert message in one_line(exc)


# JSON has lists for tuples: a list is the right type in a save file
@pytest.mark.parametrize("field,value,message", [b for b in BAD if not isinstance(b[1], list)])
def test_a_bad_value_is_refused_from_a_save_file(field, value, message):
    data = RuleSet().to_dict()
    data[field] = list(value) if isinstance(value, tuple) else value
    with pytest.raises(RulesError) as exc:
        RuleSet.from_dict(data)
    assert message in one_line(exc)


@pytest.mark.parametrize("assignment,message", [
    ("max_kans=-1", "max_kans must be 0-4, got -1"),
    ("riichi_min_wall_tiles=99", "riichi_min_wall_tiles must be 0-70, got 99"),
    ("red_fives=0,5,0", "red_fives must be three counts 0-4"),
    ("uma=30,10,-10,-20", "add up to 0"),
    ("bust=sometimes", "bust must be one of"),
    ("starting_points=-1", "starting_points must be at least 100"),
])
def test_a_bad_value_is_refused_from_the_command_line(assignment, message):
    with pytest.raises(RulesError) as exc:
        RuleSet().set_from_text(assignment)
    assert message in one_line(exc)


def test_every_preset_and_the_edges_of_each_range_are_valid():
    for rules in PRESETS.values():
        assert RuleSet.from_dict(rules.to_dict()) == rules
    edges = dict(max_kans=0, riichi_min_points=0, riichi_min_wall_tiles=70, starting_points=100,
                 return_points=0, uma=(0, 0, 0, 0), red_fives=(4, 4, 4))
    for field, value in edges.items():
        assert getattr(RuleSet(**{field: value}), field) == value
    assert RuleSet().set_from_text("max_kans=3").max_kans == 3


def test_every_field_is_type_checked():
    """No field escapes the checks: a value of another type is refused for each of them."""
    for f in dataclasses.fields(RuleSet):
        wrong = 1.5 if not isinstance(f.default, float) else "x"
        with pytest.raises(RulesError, match=f"^{f.name} must be"):
            RuleSet(**{f.name: wrong})
