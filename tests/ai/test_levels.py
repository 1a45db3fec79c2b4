"""The three levels differ in ways a player would notice (the measured order easy < normal < hard
is a league figure: ``riichi selfplay --seats hard,normal,easy,greedy --duplicate``).

- ``easy`` plays for speed only, ignores danger and sometimes picks a worse discard;
- ``normal`` defends only against riichi, with a rule-of-thumb danger model (genbutsu, suji,
  honours), folds a slow hand against one, and declares riichi whenever tenpai on a decent wait;
- ``hard`` also fears open hands, reads kabe and one-chance, weighs riichi against dama, looks
  one step ahead at 1-shanten and plays for placement in the last rounds.
"""

import dataclasses
import random

import pytest

from ai import make_agent
from ai.defence import Opponent, coarse_danger, tile_danger
from ai.observe import observe
from engine.actions import Chi, Pass, Riichi
from engine.meld import Meld, MeldKind
from engine.rules import TENHOU
from engine.tiles import TilePool, format_kinds, kind_name, parse_kind
from tests.ai.helpers import make_view
from tests.ai.test_advice import _call_view, _hand_tiles


def test_coarse_danger_has_only_rule_of_thumb_classes():
    o = Opponent(seat=0, river=[parse_kind("4m")], safe={parse_kind("4m")}, riichi=True)
    unseen = [4] * 34
    assert coarse_danger(parse_kind("4m"), o, unseen) == 0.0  # genbutsu
    suji = coarse_danger(parse_kind("1m"), o, unseen)
    middle = coarse_danger(parse_kind("5p"), o, unseen)
    assert 0 < suji < middle
    # the fine model sees the kabe (all four 8p visible: no 8p-9p ryanmen on 7p), the coarse
    # one does not
    wall = unseen[:]
    wall[parse_kind("8p")] = 0
    seven = parse_kind("7p")
    assert tile_danger(seven, o, wall) < tile_danger(seven, o, unseen)
    assert coarse_danger(seven, o, wall) == coarse_danger(seven, o, unseen)


def tenpai_positions(n, seed=13):
    """Random closed 14-tile hands with a discard that leaves tenpai on four or more copies."""
    from ai.efficiency import shanten, waits

    rng = random.Random(seed)
    out = []
    suits = [k for k in range(27) for _ in range(4)]
    while len(out) < n:
        # build a near-complete hand from sets so tenpai comes up often
        counts = [0] * 34
        kinds: list[int] = []
        while len(kinds) < 12:
            k = rng.choice(suits)
            if k % 9 <= 6 and rng.random() < 0.6:
                s = [k, k + 1, k + 2]
            else:
                s = [k, k, k]
            if all(counts[x] + s.count(x) <= 4 for x in s):
                for x in s:
                    counts[x] += 1
                kinds += s
        extra = rng.sample([k for k in range(34) if counts[k] <= 2], 2)
        kinds += extra
        counts = [kinds.count(k) for k in range(34)]
        best = None
        for d in set(kinds):
            c = counts[:]
            c[d] -= 1
            if shanten(c, 4, True) == 0:
                w = sum(4 - c[x] for x in waits(c))
                if w >= 4:
                    best = d
                    break
        if best is None:
            continue
        hand = kinds[:]
        hand.remove(best)
        text, drawn = format_kinds(hand), kind_name(best)
        base = make_view(text, drawn, live_tiles_left=50)
        riichis = tuple(Riichi(t) for t in base.hand + (base.drawn,))
        out.append(make_view(text, drawn, live_tiles_left=50, legal=base.legal + riichis))
    return out


def test_normal_declares_riichi_on_every_decent_wait():
    # (hard used to keep some of these dama: the hands it kept were yakuless, which can only
    # win by tsumo silently but were priced as if a ron could win them; since that fix,
    # issue 16, it declares them all, rightly. Where hard should stay dama: below.)
    views = tenpai_positions(40)
    agent = make_agent("normal", seed=2, rules=TENHOU)
    assert all(isinstance(agent.act(v, v.legal), Riichi) for v in views)


def test_hard_keeps_a_haneman_dama_that_normal_declares():
    # tanyao pinfu sanshoku with two red-less dora (5p under a 4p indicator), a two-sided
    # wait early: 6 han dama, 7 with riichi (the same haneman by ron; baiman only by tsumo, ura
    # or ippatsu). Issue 16: riichi adds little to this hand (ai.riichi prices each han step)
    # and a silent wait is hit more often (measured); a flat riichi factor and a bias that
    # multiplied every riichi's worth declared it
    base = make_view("234m234p234s55p67s", "9m", dora="4p", live_tiles_left=50)
    view = make_view("234m234p234s55p67s", "9m", dora="4p", live_tiles_left=50,
                     legal=base.legal + tuple(Riichi(t) for t in base.hand + (base.drawn,)))
    normal = make_agent("normal", seed=2, rules=TENHOU).act(view, view.legal)
    hard = make_agent("hard", seed=2, rules=TENHOU).act(view, view.legal)
    assert isinstance(normal, Riichi)
    assert not isinstance(hard, Riichi)


def open_threat_positions(n, seed=21):
    """Random 14-tile hands facing a silent hand with three open calls of simples."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pool = TilePool()
        calls = pool.parse("234m") + pool.parse("567p") + pool.parse("666s")
        melds = (
            Meld(MeldKind.CHI, tuple(sorted(calls[0:3])), calls[0], 3),
            Meld(MeldKind.CHI, tuple(sorted(calls[3:6])), calls[3], 3),
            Meld(MeldKind.PON, tuple(sorted(calls[6:9])), calls[6], 2),
        )
        wall = [k for k in range(34) for _ in range(4)]
        for k in (1, 2, 3, 13, 14, 15, 23, 23, 23):
            wall.remove(k)
        kinds = rng.sample(wall, 20)
        hand, river = kinds[:14], kinds[14:]
        out.append(make_view(
            format_kinds(hand[:13]), kind_name(hand[13]), rivers=(format_kinds(river), "", "", ""),
            melds=(melds, (), (), ()), live_tiles_left=30, pool=pool,
        ))
    return out


def test_hard_alone_fears_open_hands():
    views = open_threat_positions(40)
    danger = {}
    for level in ("normal", "hard"):
        agent = make_agent(level, seed=1, rules=TENHOU)
        total = 0.0
        for v in views:
            sit = observe(v)
            kind = agent.act(v, v.legal).tile >> 2
            opp = next(o for o in sit.opponents if o.seat == 0)
            total += tile_danger(kind, opp, sit.unseen, sit.dora)
        danger[level] = total
    assert danger["hard"] < danger["normal"] / 2, danger


def test_normal_folds_a_slow_hand_against_a_riichi():
    # two steps from tenpai facing a riichi, a genbutsu in hand: normal throws it (3s, 5m), as it
    # prices the discards still to come (ai.pushfold). At half weight and without them it threw
    # the 1m and the 3z and went on: on the Houou spots it pushed 2-shanten hands 22.9% of the
    # time where people did 11.7% (now 12.2%), and against tenhou-python-bot it ranked below easy
    # (issue 16). A ready hand with value still pushes (tests/ai/test_pushfold.py)
    def view(hand, drawn, river):
        return make_view(hand, drawn, rivers=(river, "", "", ""), riichi=(True, False, False, False),
                         riichi_at={0: 4}, live_tiles_left=36)

    for hand, drawn, river, safe in (("148m4688p234679s", "5p", "468p33s3z", "3s"),
                                     ("3568m456p888s345z", "1m", "5m25p169s", "5m")):
        for seed in range(3):
            v = view(hand, drawn, river)
            assert make_agent("normal", seed=seed, rules=TENHOU).act(v, v.legal).tile >> 2 \
                == parse_kind(safe), hand


def test_normal_sometimes_misses_the_best_discard_but_not_under_riichi():
    hand, drawn = "13m6m234p57p9p79s44s", "8m"
    calm = make_view(hand, drawn, rivers=("1z2z7s3m", "", "", ""), live_tiles_left=40)
    threat = make_view(
        hand, drawn, rivers=("1z2z7s3m", "", "", ""),
        riichi=(True, False, False, False), riichi_at={0: 3}, live_tiles_left=40,
    )
    seeds = range(40)
    hard = {make_agent("hard", seed=s, rules=TENHOU).act(calm, calm.legal) for s in seeds}
    normal = {make_agent("normal", seed=s, rules=TENHOU).act(calm, calm.legal) for s in seeds}
    assert len(hard) == 1 and len(normal) > 1
    assert hard <= normal
    safe = {parse_kind("3m"), parse_kind("7s")}
    normals = [make_agent("normal", seed=s, rules=TENHOU) for s in seeds]
    assert {a.act(threat, threat.legal).tile >> 2 for a in normals} <= safe


def _chi_offer(hand: str, discard: str, pair: str, dora: str = "1z"):
    """The hard AI, the view of ``hand`` offered ``discard`` from the left and the offer: the
    chi with the ``pair`` from the hand, or pass."""
    view, tile, _ = _call_view(hand, discard, dora=dora)
    return make_agent("hard", seed=1, rules=TENHOU), view, (Chi(_hand_tiles(view, pair), tile),
                                                              Pass())


def test_hard_keeps_a_closed_hand_three_steps_away_rather_than_chi():
    # issue 16 (bench_calls): people take 12% of the chi offers that open a closed tanyao hand
    # three steps from tenpai, hard took 41%. 2357m 2366p 247s 24z, 4m from the left: the chi
    # leaves it two steps away with a 1-han hand and no riichi; hard passes (closed_chi -1), and
    # chis with the knob at 0 as before (and the call bias a tanyao-only call lost since)
    hard, view, legal = _chi_offer("2357m2366p247s24z", "4m", "23m")
    assert hard.act(view, legal) == Pass()
    hard.style = dataclasses.replace(hard.style, closed_chi=0, tanyao_cut=0.0)
    assert isinstance(hard.act(view, legal), Chi)
    hard.style = dataclasses.replace(hard.style, closed_chi=-1)
    assert hard.act(view, legal) == Pass()


def test_closed_han_knob_prices_the_closed_hand_a_call_gives_up():
    # 34566m 33346p 677s, 8s from the left: the chi 678s makes the closed 1-shanten ready, open,
    # on a kanchan 5p for tanyao alone. Hard takes it with a closed hand priced 0.4 han above its
    # yaku and dora; with the measured 1.09 (ura, ippatsu, menzen tsumo: ai.riichi,
    # Style.closed_han) the closed hand and its riichi are worth keeping
    hard, view, legal = _chi_offer("34566m33346p677s", "8s", "67s")
    assert hard.style.closed_han == 0.4
    assert isinstance(hard.act(view, legal), Chi)
    hard.style = dataclasses.replace(hard.style, closed_han=1.09)
    assert hard.act(view, legal) == Pass()


@pytest.mark.parametrize("indicator, kept", [
    ("1z", False),  # no dora: the chi opens the hand for tanyao alone, 1 han
    ("2p", True),  # the three 3p are dora: 4 han open, still taken
])
def test_open_han_knob_opens_a_closed_hand_only_for_value(indicator, kept):
    # the same chi 678s: hard takes it either way; with Style.open_han 2 (tenhou-python-bot
    # opens a hand only for 2 han or more, issue 16) only the hand the dora make worth it
    hard, view, legal = _chi_offer("34566m33346p677s", "8s", "67s", dora=indicator)
    assert hard.style.open_han == 0
    assert isinstance(hard.act(view, legal), Chi)
    hard.style = dataclasses.replace(hard.style, open_han=2)
    assert isinstance(hard.act(view, legal), Chi) is kept
