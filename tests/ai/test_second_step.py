"""Style.second_step (issue 16): two steps from tenpai, hard's lookahead weighs how wide the
1-shanten hand is that each useful draw reaches (``ai.efficiency.step_quality``), not only how
many tiles take the first step: of two discards as wide, the one whose blocks make the better
1-shanten hand goes, as the Houou people threw it."""

from ai.chances import _STEP, STEP_QUALITY_MEAN, second_step, win_probability
from ai.efficiency import step_quality, ukeire
from ai.observe import observe
from engine.tiles import format_kinds, parse_kinds
from tests.ai.helpers import hard, make_view


def thrown(view, on: bool) -> str:
    action = hard(second_step=on).choose(view, view.legal)
    return format_kinds([action.tile >> 2])


def test_the_discard_that_keeps_the_better_second_step():
    """3348m 113345p 1456s, from a Houou game (the dora 9m): the 3m keeps one tile more for the
    first step, the 1s leaves blocks that reach a wider 1-shanten hand; the people threw the 1s."""
    view = make_view("3348m113345p145s", "6s", dora="9m")
    sit = observe(view)
    after = {}
    for kind in ("3m", "1s"):
        c = sit.counts[:]
        c[parse_kinds(kind)[0]] -= 1
        after[kind] = (ukeire(c, sit.unseen, 4, True)[2], step_quality(c, sit.unseen, 4, True))
    assert after["3m"][0] > after["1s"][0]  # the 3m is wider by the first step alone
    assert after["1s"][1] > after["3m"][1]  # the 1s by the second
    assert thrown(view, False) == "3m"
    assert thrown(view, True) == "1s"


def test_the_chain_takes_the_second_step_on_its_average_scale():
    """A hand of the mean width is priced as the chain's average step; a wider one higher."""
    assert second_step(STEP_QUALITY_MEAN) == _STEP[1]
    base = win_probability(2, 20, 100, 12)
    assert win_probability(2, 20, 100, 12, second=second_step(STEP_QUALITY_MEAN)) == base
    assert win_probability(2, 20, 100, 12, second=second_step(20.0)) > base
    assert win_probability(2, 20, 100, 12, second=second_step(5.0)) < base

