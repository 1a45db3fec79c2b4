"""The yaku registry compiled for one ruleset: straight-line yaku runners, price and line tables,
cached by the rules' value (an equal but new ``RuleSet`` finds the runner compiled before).

Compiling costs milliseconds (the runners are generated code, see :func:`_yaku_runner`), scoring
a hand microseconds, so the cache matters. It is keyed by value, not by ``id(rules)``: a caller
that builds an equal ``RuleSet`` per hand (``rules.replace(...)``, a ruleset read back from a
save) would otherwise compile again each time. A small table by identity goes first, because
hashing a ``RuleSet`` (some sixty fields) costs more than the identity check the scorer does per
hand. Both tables are bounded.

>>> from engine.rules import RuleSet
>>> cache_clear()   # as in a fresh process
>>> before = compilations()
>>> compiled(RuleSet(kuitan=False)) is compiled(RuleSet(kuitan=False))
True
>>> compilations() - before
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.rules import RuleSet
from engine.scoring.points import base_points, pay, total_of
from engine.scoring.result import Yaku
from engine.scoring.yaku import (
    FAMILY_GATES,
    HAND_SCOPE,
    Reading,
    YakuDef,
    active_yaku,
    active_yakuman,
)

#: ``run(reading) -> (han, registry indices hit, pinfu)``, see :func:`_yaku_runner`.
Runner = Callable[[Reading], tuple[int, list[int], bool]]
#: (base, limit, ron, tsumo_dealer, tsumo_other, total by ron, total by tsumo)
Price = tuple[int, str | None, int, int, int, int, int]
#: (yaku, Tenhou (id, han) pairs, han, pinfu)
Lines = tuple[tuple[Yaku, ...], tuple[tuple[int, int], ...], int, bool]
#: One registry entry in a runner: (index, check, han, special: 1 pinfu, 2 renhou, 0 other).
_Entry = tuple[int, Callable[[Reading], bool], int, int]
_Group = tuple[str | None, tuple[_Entry, ...]]

#: How many rulesets the cache keeps (a process plays with a handful).
MAX_RULESETS = 32


class Compiled:
    """The registry filtered and split for one RuleSet."""

    __slots__ = ("all_yaku", "combos", "defs", "hand_yaku", "lines", "local_yakuman", "prices",
                 "reading_yaku", "red_tiles", "rules", "yakuman")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        defs = active_yaku(rules)
        self.defs = defs
        # each indexed by menzen: (open hand runner, closed hand runner), see _yaku_runner
        self.hand_yaku = _by_menzen([(i, y) for i, y in enumerate(defs) if y.name in HAND_SCOPE])
        self.reading_yaku = _by_menzen(
            [(i, y) for i, y in enumerate(defs) if y.name not in HAND_SCOPE])
        self.all_yaku = _by_menzen(list(enumerate(defs)))
        #: (han, fu, dealer) -> price (see ``price``), filled as hands ask
        self.prices: dict[tuple[int, int, bool], Price] = {}
        #: (menzen, registry indices hit…) -> lines (see ``lines_of``), filled as hands ask
        self.combos: dict[tuple[Any, ...], Lines] = {}
        r0, r1, r2 = rules.red_fives
        self.red_tiles = frozenset([*range(16, 16 + r0), *range(52, 52 + r1), *range(88, 88 + r2)])
        self.yakuman = active_yakuman(rules)
        self.local_yakuman = any(y.rule is not None for y in self.yakuman)
        # per registry entry: ((Yaku, Tenhou pair) closed, (…) open, Tenhou id, special)
        self.lines = tuple(
            ((yaku_line(y.name, y.closed_han), (y.tenhou_id, y.closed_han)),
             (yaku_line(y.name, y.open_han), (y.tenhou_id, y.open_han)), y.tenhou_id,
             1 if y.name == "pinfu" else 2 if y.name == "renhou" else 0)
            for y in defs)

    def lines_of(self, menzen: bool, hits: list[int]) -> Lines:
        """(yaku, Tenhou (id, han) pairs, han, pinfu) of a combination of registry entries
        (indices in order) on a closed or open hand: a table read once per combination."""
        key = (menzen, *hits)
        found = self.combos.get(key)
        if found is not None:
            return found
        yaku: list[Yaku] = []
        ids: list[tuple[int, int]] = []
        han = 0
        pinfu = False
        for i in hits:
            closed, opened, tid, special = self.lines[i]
            y, idt = closed if menzen else opened
            if special:
                if special == 1:
                    pinfu = True
                else:  # renhou as mangan/baiman (Y42): its han depend on the rules only
                    y = yaku_line(y.name, 5 if self.rules.renhou == "mangan" else 8)
                    idt = (tid, y.han)
            han += y.han
            yaku.append(y)
            if tid >= 0:
                ids.append(idt)
        found = self.combos[key] = (tuple(yaku), tuple(ids), han, pinfu)
        return found

    def price(self, han: int, fu: int, dealer: bool) -> Price:
        """(base, limit, ron, tsumo_dealer, tsumo_other, total by ron, total by tsumo) of a
        non-yakuman hand: the point tables (S4-S7) read once per (han, fu, dealer)."""
        key = (han, fu, dealer)
        p = self.prices.get(key)
        if p is None:
            base, limit = base_points(han, fu, self.rules)
            n = self.rules.players
            ron, td, to = pay(base, dealer, n, self.rules.tsumo_loss)
            p = self.prices[key] = (base, limit, ron, td, to,
                                    total_of(ron, td, to, False, dealer, n),
                                    total_of(ron, td, to, True, dealer, n))
        return p


#: id(rules) -> (rules, compiled): the scorer's first look, by identity (the entry keeps its
#: rules alive, so the id is not reused while the entry stands).
BY_ID: dict[int, tuple[RuleSet, Compiled]] = {}
#: rules -> compiled, by value.
_BY_VALUE: dict[RuleSet, Compiled] = {}
_compilations = 0  # so far, in this process


def compiled(rules: RuleSet) -> Compiled:
    """The registry compiled for ``rules``: by identity, else by value, else compiled now."""
    entry = BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    global _compilations
    comp = _BY_VALUE.get(rules)
    if comp is None:
        if len(_BY_VALUE) >= MAX_RULESETS:
            del _BY_VALUE[next(iter(_BY_VALUE))]  # the oldest
        comp = _BY_VALUE[rules] = Compiled(rules)
        _compilations += 1
    if len(BY_ID) >= MAX_RULESETS:
        BY_ID.clear()  # refilled from _BY_VALUE at the cost of one hash per ruleset
    BY_ID[id(rules)] = (rules, comp)
    return comp


def compilations() -> int:
    """How many times a ruleset was compiled in this process (a cache miss each)."""
    return _compilations


def cache_clear() -> None:
    """Forget every compiled ruleset (the state of a fresh process)."""
    BY_ID.clear()
    _BY_VALUE.clear()


def _by_menzen(entries: Sequence[tuple[int, YakuDef]]) -> tuple[Runner, Runner]:
    return _yaku_runner(_grouped(entries, False)), _yaku_runner(_grouped(entries, True))


def _grouped(entries: Sequence[tuple[int, YakuDef]], menzen: bool) -> tuple[_Group, ...]:
    """Entries grouped by family, each group with its gate (FAMILY_GATES) or None, as
    ``(index, check, han, special)`` for a closed (``menzen``) or an open hand; a closed-only
    yaku is left out of the open hand's groups (its check is never asked there)."""
    groups: dict[str, list[_Entry]] = {}
    for i, y in entries:
        han = y.closed_han if menzen else y.open_han
        if not han:
            continue
        special = 1 if y.name == "pinfu" else 2 if y.name == "renhou" else 0
        groups.setdefault(y.family, []).append((i, y.check, han, special))
    return tuple((FAMILY_GATES.get(f), tuple(g)) for f, g in groups.items() if g)


def _yaku_runner(groups: tuple[_Group, ...]) -> Runner:
    """A function ``run(reading) -> (han, registry indices hit, pinfu)`` for some registry
    groups (``_grouped``), generated like the ``__init__`` that ``dataclasses`` writes: each
    family's gate (an expression, FAMILY_GATES), then each check of the family, as straight-line
    code (this is the scorer's innermost loop). The registry stays the only definition of the
    yaku."""
    env: dict[str, Any] = {"_renhou_han": _renhou_han}
    lines = ["def run(r):", "    han = 0", "    hits = []", "    pinfu = False"]
    for gate, group in groups:
        indent = "    "
        if gate is not None:
            lines.append(f"    if {gate}:")
            indent = "        "
        for i, check, yaku_han, special in group:
            env[f"check{i}"] = check
            lines.append(f"{indent}if check{i}(r):")
            lines.append(f"{indent}    hits.append({i})")
            if special == 1:
                lines.append(f"{indent}    pinfu = True")
            lines.append(f"{indent}    han += {'_renhou_han(r)' if special == 2 else yaku_han}")
    lines.append("    return han, hits, pinfu")
    exec("\n".join(lines), env)  # noqa: S102 - our own code, built from the registry
    run: Runner = env["run"]
    return run


def _renhou_han(r: Reading) -> int:
    return 5 if r.rules.renhou == "mangan" else 8


_YAKU_LINES: dict[tuple[str, int], Yaku] = {}


def yaku_line(name: str, han: int) -> Yaku:
    """``Yaku(name, han)``, shared: yaku values are immutable, so equal ones are one object."""
    y = _YAKU_LINES.get((name, han))
    if y is None:
        y = _YAKU_LINES[(name, han)] = Yaku(name, han)
    return y
