"""Calls on a discard (rules C1-C5, C7, F1-F3, R1, S9, K3-K6): ``CallsMixin``, part of
``engine.table.Table``.

What each other seat may answer to a discard (ron, pon, daiminkan, chi, with kuikae), when the
answers settle it (ron > pon/kan > chi, double ron, sanchahou, atama-hane), what follows (riichi
accepted, abortive draws, the call itself, the next draw) and pao liability. The methods read and
write the state ``Table.__init__`` sets up.
"""

from __future__ import annotations

from engine.actions import PASS, RON, Action, Chi, Kan, Pon, Ron
from engine.events import Called, DrawKind, RiichiAccepted
from engine.meld import Meld, MeldKind
from engine.phase import Phase
from engine.view import RiverTile

_CHI_PAIRS = tuple(
    tuple((k - k % 9 + lo + a, k - k % 9 + lo + b)
          for lo in (k % 9 - 2, k % 9 - 1, k % 9) if 0 <= lo and lo + 2 <= 8
          for a, b in ((lo_a, lo_b) for lo_a, lo_b in ((0, 1), (0, 2), (1, 2))
                       if lo + lo_a != k % 9 and lo + lo_b != k % 9))
    if k < 27 else ()
    for k in range(34)
)  # for each kind, the pairs of kinds that chi it (C1)


class CallsMixin:
    """Calls on a discard; mixed into ``engine.table.Table``."""

    # ------------------------------------------------------------------ options on a discard
    def _call_options(self, discarder: int, tile: int) -> None:
        """Fill ``_options`` with each seat's choices on a discard (C1-C5, F1-F3)."""
        k = tile >> 2
        options: dict[int, tuple[Action, ...]] = {}
        missed: list[int] = []
        last = self.live_tiles_left <= 0
        can_kan = not last and self.kans < self._max_kans
        counts = self.counts
        waits = self._waits
        for i in (1, 2, 3):
            s = (discarder + i) & 3
            c = counts[s][k]
            wait = (waits[s] >> k) & 1
            chi_seat = i == 1 and k < 27 and not last
            if not wait and c < 2 and not (chi_seat and _CHI_PAIRS[k] and any(
                    counts[s][k1] and counts[s][k2] for k1, k2 in _CHI_PAIRS[k])):
                continue
            opts: list[Action] = []
            if wait:
                missed.append(s)
                if not self.furiten(s) and self._win_result(s, tile, False) is not None:
                    opts.append(RON)
            if not last and not self.riichi[s]:
                if c >= 2:
                    banned = self._kuikae_kinds(tile, (), False)
                    for used in self._pick(s, k, 2):
                        if self._call_leaves_discard(s, used, banned):
                            opts.append(Pon(used, tile))  # type: ignore[arg-type]
                    if c == 3 and can_kan:
                        opts.append(Kan(MeldKind.DAIMINKAN, tuple(sorted(
                            t for t in self.hands[s] if t >> 2 == k)), tile))
                if chi_seat:
                    cnt = self.counts[s]
                    for k1, k2 in _CHI_PAIRS[k]:
                        if not (cnt[k1] and cnt[k2]):
                            continue
                        for a in self._pick(s, k1, 1):
                            for b in self._pick(s, k2, 1):
                                used = (a[0], b[0])
                                banned = self._kuikae_kinds(tile, used, True)
                                if self._call_leaves_discard(s, used, banned):
                                    opts.append(Chi(used, tile))
            if opts:
                opts.append(PASS)
                options[s] = tuple(opts)
        self._options = options
        self._answers = {}
        self._missed = missed

    def _kuikae_kinds(self, called: int, tiles: tuple[int, ...], chi: bool) -> frozenset[int]:
        if self.rules.kuikae_allowed:
            return frozenset()
        k = called >> 2
        if not chi:
            return frozenset((k,))
        others = sorted(t >> 2 for t in tiles)
        out = {k}
        if k < others[0]:  # called the low end: its suji partner above the sequence
            if (k % 9) + 3 <= 8:
                out.add(k + 3)
        elif k > others[1]:  # called the high end
            if (k % 9) - 3 >= 0:
                out.add(k - 3)
        return frozenset(out)

    def _call_leaves_discard(self, seat: int, used: tuple[int, ...], banned: frozenset[int]) -> bool:
        rest = list(self.hands[seat])
        for t in used:
            rest.remove(t)
        return any((t >> 2) not in banned for t in rest)

    def _pick(self, seat: int, kind: int, n: int) -> list[tuple[int, ...]]:
        """Distinct ways to take ``n`` tiles of ``kind`` from the hand (red and plain differ)."""
        tiles = sorted(t for t in self.hands[seat] if t >> 2 == kind)
        red = [t for t in tiles if self._red[t]]
        plain = [t for t in tiles if not self._red[t]]
        out = []
        for r in range(min(n, len(red)) + 1):
            if n - r <= len(plain):
                out.append(tuple(sorted(red[:r] + plain[: n - r])))
        return out

    # ------------------------------------------------------------------ answering a discard
    def _decided(self) -> bool:
        """Whether the answers so far settle the discard (unanswered seats cannot change it)."""
        answers = self._answers
        if len(answers) == len(self._options):
            return True
        best = 0
        for a in answers.values():
            p = 3 if a is RON or isinstance(a, Ron) else 2 if isinstance(a, (Pon, Kan)) else (
                1 if isinstance(a, Chi) else 0)
            best = max(best, p)
        for s, opts in self._options.items():
            if s in answers:
                continue
            top = 0
            for a in opts:
                if isinstance(a, Ron):
                    top = 3
                    break
                if isinstance(a, (Pon, Kan)):
                    top = max(top, 2)
                elif isinstance(a, Chi):
                    top = max(top, 1)
            if top > best or top == 3:
                return False
        return True

    def _ron_order(self, source: int) -> list[int]:
        answers = self._answers
        if not answers:
            return []
        return [s for s in ((source + i) % 4 for i in (1, 2, 3))
                if isinstance(answers.get(s), Ron)]

    def _furiten_for_missed(self, winners: list[int]) -> None:
        for s in self._missed:
            if s in winners:
                continue
            if self.riichi[s] and self._riichi_declarer != s:
                self._riichi_furiten[s] = True  # F3
            self._temp_furiten[s] = True  # F2

    def _resolve_discard(self) -> None:
        assert self._discard is not None
        d, tile = self._discard
        rons = self._ron_order(d)
        self._furiten_for_missed(rons)
        if rons:
            if len(rons) == 3 and self.rules.sanchahou:
                self._riichi_declarer = None  # the declaring discard was ronned: no stick
                self._abort(DrawKind.TRIPLE_RON)
                return
            if not self.rules.double_ron:
                rons = rons[:1]
            self._settle_wins([(s, d, tile, False) for s in rons])
            return
        # the discard passed: the riichi stands (R1)
        if self._riichi_declarer is not None:
            r = self._riichi_declarer
            self._riichi_declarer = None
            self.scores[r] -= 1000
            self.sticks += 1
            self.ippatsu[r] = self.rules.ippatsu
            self.events.append(RiichiAccepted(r, tuple(self.scores), self.sticks))  # type: ignore[arg-type]
            if self.rules.suucha_riichi and all(self.riichi):
                self._abort(DrawKind.FOUR_RIICHI)
                return
        if self._suukaikan_pending:
            self._abort(DrawKind.FOUR_KANS)
            return
        call = None
        for a_seat, a in self._answers.items():
            if isinstance(a, (Pon, Kan)):
                call = (a_seat, a)
        if call is None:
            for a_seat, a in self._answers.items():
                if isinstance(a, Chi):
                    call = (a_seat, a)
        self._options = {}
        self._answers = {}
        if call is not None:
            self._do_call(call[0], call[1], d, tile)
            return
        self._discard = None
        if (
            self.rules.suufon_renda
            and self._no_calls
            and len(self._first_winds) == 4
            and sum(self._discards_made) == 4
            and 27 <= self._first_winds[0] <= 30
            and self._first_winds.count(self._first_winds[0]) == 4
        ):
            self._abort(DrawKind.FOUR_WINDS)
            return
        if self.live_tiles_left <= 0:
            self._exhaustive()
            return
        self._draw((d + 1) % 4)

    def _do_call(self, seat: int, action: Action, source: int, tile: int) -> None:
        rel = (source - seat) % 4
        river = self.rivers[source]
        last = river[-1]
        river[-1] = RiverTile(last.tile, last.tsumogiri, last.riichi, seat)
        self._no_calls = False
        self.ippatsu = [False] * 4
        self._closed[seat] = False
        self._temp_furiten[seat] = False  # F2: lifted by the own call
        self._discard = None
        if isinstance(action, Kan):
            for t in action.tiles:
                self._remove(seat, t)
            meld = Meld(MeldKind.DAIMINKAN, tuple(sorted(action.tiles + (tile,))), tile, rel)
            self.melds[seat].append(meld)
            self._update_waits(seat)
            self._check_pao(seat, tile >> 2, source)
            self.events.append(Called(seat, meld, source))
            self._kan_done(seat)
            self._dora_after_open_kan()
            self._draw(seat, rinshan=True)
            return
        assert isinstance(action, (Pon, Chi))
        for t in action.tiles:
            self._remove(seat, t)
        kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
        meld = Meld(kind, tuple(sorted(action.tiles + (tile,))), tile, rel)
        self.melds[seat].append(meld)
        if kind is MeldKind.PON:
            self._check_pao(seat, tile >> 2, source)
        self.events.append(Called(seat, meld, source))
        self.turn = seat
        self.drawn = None
        self._rinshan = False
        self._after_call = True
        self._kuikae = self._kuikae_kinds(tile, action.tiles, kind is MeldKind.CHI)
        self.phase = Phase.TURN

    def _check_pao(self, seat: int, kind: int, source: int) -> None:
        """S9: the feeder of the last dragon (wind) set of daisangen (daisuushii) is liable."""
        if not self.rules.pao or kind < 27:
            return
        sets = {m.tiles[0] >> 2 for m in self.melds[seat] if m.kind is not MeldKind.CHI}
        if kind >= 31 and all(d in sets for d in (31, 32, 33)):
            self._pao[seat] = (source, 0)
        elif kind < 31 and all(w in sets for w in (27, 28, 29, 30)):
            self._pao[seat] = (source, 1)
