"""Issue 16: dama keeps the chance to change a ready hand's wait, which riichi gives up
(``ai.tenpai_change``). On the Houou spots the people declared a yakuless riichi on four live
wait tiles or fewer early in the round 44.6% of the time, hard 99.5%; and a furiten riichi
where another wait could come 7.5% against 16.2%. At four seats only a hand whose dama wins by ron
meanwhile, or whose wait is furiten, waits (``Style.wait_change_yaku``): a yakuless dama wins by
tsumo alone while it waits, and the people who declared such a wait at once did better."""

from types import SimpleNamespace

import pytest

from ai.chances import RON_FACTOR
from ai.tenpai_change import better_waits, effective, wait_strength
from engine.actions import Riichi
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import hard, make_view


def counts(hand: str) -> list[int]:
    c = [0] * 34
    for t in TilePool().parse(hand):
        c[t >> 2] += 1
    return c


def unseen(c: list[int]) -> list[int]:
    return [4 - n for n in c]


def test_a_furiten_wait_counts_its_own_draws_only():
    c = counts("22789m35p123456s")  # the 4p kanchan
    copies, ron = wait_strength(c, set(), unseen(c))
    assert ron and 3 < copies < 4  # four copies of a middle tile, which look dangerous
    furiten = wait_strength(c, {parse_kind("4p")}, unseen(c))
    assert furiten == (4.0, False)
    assert effective(*furiten) < effective(copies, ron) * RON_FACTOR


def test_a_two_sided_wait_has_nothing_better_to_wait_for():
    c = counts("22789m56p123456s")
    assert better_waits(c, set(), unseen(c)) == []


def test_a_kanchan_waits_for_the_draws_that_make_it_two_sided():
    c = counts("22789m35p123456s")
    now = effective(*wait_strength(c, set(), unseen(c)))
    found = better_waits(c, set(), unseen(c))
    # the 2p (23p, 1-4p) and the 6p (56p, 4-7p), each about twice the kanchan
    assert sum(w > 1.8 * now / RON_FACTOR for _, w, ron in found if ron) == 2
    assert all(effective(w, ron) > now for _, w, ron in found)


def test_a_furiten_kanchan_waits_for_a_draw_that_moves_the_wait():
    # the 4p in the river: 2p and 6p leave 1-4p / 4-7p, furiten still; the 7p (57p, throw
    # the 3p) waits on the 6p, suji of the 3p, and wins by ron
    c = counts("22789m35p123456s")
    river = {parse_kind("4p")}
    found = better_waits(c, river, unseen(c))
    assert any(ron for _, _, ron in found)
    assert all(effective(w, ron) > effective(*wait_strength(c, river, unseen(c)))
               for _, w, ron in found)


def declares(hand: str, left: int, river: str = "", **knobs) -> bool:
    v = make_view(hand, "1z", live_tiles_left=left, rivers=("", river, "", ""))
    return isinstance(hard(**knobs).act(v, v.legal + (Riichi(v.drawn),)), Riichi)


@pytest.mark.parametrize("left", [66, 60, 50])
def test_hard_waits_early_for_a_kanchan_with_a_yaku_to_change(left):
    # tanyao: the dama wins by ron while it waits for the 2p or the 6p
    assert not declares("22678m35p234567s", left)
    assert declares("22678m35p234567s", left, wait_change=False)


@pytest.mark.parametrize("left", [66, 60, 50])
def test_hard_riichis_a_yakuless_kanchan_at_once(left):
    # a yakuless dama wins by tsumo alone while it waits: on the Houou spots where waiting
    # was hard's choice, the people who declared at once won 47.8% of such hands and dealt in
    # 8.7%, those who waited 26.5% and 18.1% (Style.wait_change_yaku)
    assert declares("22789m35p123456s", left)
    assert not declares("22789m35p123456s", left, wait_change_yaku=False)


@pytest.mark.parametrize("left", [60, 50])
def test_hard_waits_for_a_furiten_yakuless_kanchan_to_change(left):
    # the 4p in its own river: a riichi now wins by tsumo only, a changed wait by ron too
    assert not declares("22789m35p123456s", left, river="4p9s")
    assert declares("22789m35p123456s", left, river="4p9s", wait_change=False)


@pytest.mark.parametrize("left", [30, 20])
def test_hard_riichis_a_yakuless_kanchan_later(left):
    # fewer draws to wait with, and fewer for the riichi after
    assert declares("22789m35p123456s", left)


@pytest.mark.parametrize("left", [66, 42])
def test_hard_riichis_a_two_sided_wait_at_once(left):
    assert declares("22789m56p123456s", left)


def test_the_yakuless_riichi_at_once_is_a_four_seat_price():
    agent = hard()
    assert agent._wait_change_yaku(SimpleNamespace(players=4))
    assert not agent._wait_change_yaku(SimpleNamespace(players=3))  # not measured there
