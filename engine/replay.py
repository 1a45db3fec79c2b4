"""Replay recorded games through the engine and compare every outcome with the record (our perft,
after libriichi's validator).

For each recorded round the wall is rebuilt in the agreed layout (``engine.wall``): the dealt
hands in ``tiles[0:52]``, the record's live draws in order from index 52, its rinshan draws in
``dead[0..3]``, dora and ura indicators in their places, every other tile after. The game runs in
a :class:`engine.game.Game` whose rounds use those walls; each recorded decision is submitted as an
action (every other pending seat passes), so the engine itself decides what is legal, who may
call, which round comes next, and what everything scores. With ``check`` each round's result is
compared with the record: winners and from whom, pao, han, fu, points, limit, yaku (Tenhou ids),
score changes, the kind of draw, tenpai, the next round's start, the final scores and the final
game points (:func:`game_points_rules` says which rounding a record's points follow).

Anything the engine refuses, or any difference, is a :class:`Mismatch` naming the file, the round
and the turn (index of the recorded action in the round); replay never raises on a bad record.

>>> from engine.records import read_record                       # doctest: +SKIP
>>> report = replay_game(read_record("game.mjlog"))              # doctest: +SKIP
>>> report.rounds, report.mismatches                             # doctest: +SKIP
(13, ())
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from engine import actions as A
from engine.actions import Action
from engine.errors import RulesError
from engine.events import DrawKind, Event, RoundDrawn
from engine.events import Win as WinEvent
from engine.game import Game, RoundStart
from engine.meld import Meld, MeldKind
from engine.record_walls import build_wall, seeded_walls
from engine.records.model import (
    Call,
    Discard,
    Draw,
    GameRecord,
    Nuki,
    RecordError,
    RoundEnd,
    RoundRecord,
    tile_code,
)
from engine.records.model import Win as RecordedWin
from engine.rules import RuleSet
from engine.standings import final_scores, ranking
from engine.table import Phase
from engine.tiles import Reds
from engine.wall import Wall

_DRAW_KINDS = {
    RoundEnd.EXHAUSTIVE: DrawKind.EXHAUSTIVE,
    RoundEnd.NAGASHI_MANGAN: DrawKind.NAGASHI,
    RoundEnd.NINE_TERMINALS: DrawKind.NINE_TERMINALS,
    RoundEnd.FOUR_WINDS: DrawKind.FOUR_WINDS,
    RoundEnd.FOUR_KANS: DrawKind.FOUR_KANS,
    RoundEnd.FOUR_RIICHI: DrawKind.FOUR_RIICHI,
    RoundEnd.TRIPLE_RON: DrawKind.TRIPLE_RON,
}
_LIMITS = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4}


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One disagreement between the engine and a record. ``turn`` is the index of the recorded
    action in the round (``None`` for the round's result or the game's flow)."""

    source: str
    round: str
    round_number: int
    turn: int | None
    what: str

    def __str__(self) -> str:
        turn = "result" if self.turn is None else f"turn {self.turn}"
        return f"{self.source}: round {self.round_number} ({self.round}), {turn}: {self.what}"


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """What replaying one file gave: the complete rounds replayed, the mismatches, and the
    record's own problem (a cut file) if any."""

    source: str
    rounds: int
    mismatches: tuple[Mismatch, ...]
    problem: str | None = None
    games: int = 1
    notes: tuple[str, ...] = ()  # what the check could not compare, and why
    # the engine game the replay built (its events hold the engine's own results, e.g. for
    # ``engine.records.record_from_game``); None when no round could be replayed
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def _name(index: int, honba: int) -> str:
    return f"{'ESWN'[(index // 4) % 4]}{index % 4 + 1}-{honba}"


def _codes(tiles: Iterable[int], reds: Reds) -> tuple[int, ...]:
    return tuple(sorted(tile_code(t, reds) for t in tiles))


def _pick(legal: tuple[Action, ...], want: Action, reds: Reds) -> Action | None:
    """The legal action equal to ``want``, or one of the same type that differs only in which
    copy of a tile (same kind, same red-ness) it uses."""
    if want in legal:
        return want
    for a in legal:
        if isinstance(want, A.Discard | A.Riichi):
            if isinstance(a, type(want)) and tile_code(a.tile, reds) == tile_code(want.tile, reds):
                return a
        elif isinstance(want, A.Chi | A.Pon):
            if isinstance(a, type(want)) and _codes(a.tiles, reds) == _codes(
                    want.tiles, reds) and tile_code(a.called, reds) == tile_code(want.called, reds):
                return a
        elif isinstance(want, A.Kan) and isinstance(a, A.Kan) and a.kind is want.kind and _codes(
                a.tiles, reds) == _codes(want.tiles, reds):
            return a
        elif isinstance(want, A.Nuki) and isinstance(a, A.Nuki):
            return a  # P1: every North is the same
    return None


class _RoundPlayer:
    """Submits one recorded round's actions to the game and compares its result."""

    def __init__(self, game: Game, record: GameRecord, number: int, r: RoundRecord,
                 out: list[Mismatch]):
        self.g = game
        self.rec = record
        self.n = number
        self.r = r
        self.out = out
        self.reds = record.rules.red_fives
        self.events: list[Event] = []
        self.t = game.table  # this round's table

    def miss(self, turn: int | None, what: str) -> None:
        self.out.append(Mismatch(self.rec.source, self.r.name, self.n, turn, what))

    def submit(self, turn: int | None, seat: int, want: Action) -> bool:
        if self.t.over:
            self.miss(turn, f"the record has seat {seat} {want}, but the engine already ended "
                            f"the round")
            return False
        legal = self.t.pending().get(seat)
        if legal is None:
            waiting = ", ".join(map(str, sorted(self.t.pending()))) or "nobody"
            self.miss(turn, f"the record has seat {seat} {want}, but the engine waits for "
                            f"seat(s) {waiting} ({self.t.describe()})")
            return False
        action = _pick(legal, want, self.reds)
        if action is None:
            self.miss(turn, f"the engine refuses {want} by seat {seat} ({self.t.describe()})")
            return False
        try:
            self.events.extend(self.g.submit(seat, action))
        except RulesError as exc:  # IllegalAction: should not happen after the check above
            self.miss(turn, f"the engine refuses {want} by seat {seat}: {exc}")
            return False
        except Exception as exc:  # noqa: BLE001 - an engine crash is reported like any disagreement
            self.miss(turn, f"the engine failed on {want} by seat {seat}: "
                            f"{type(exc).__name__}: {exc}")
            return False
        return True

    def pass_all(self, turn: int | None, keep: frozenset[int] = frozenset()) -> bool:
        """Every pending seat not in ``keep`` passes on a discard or kan (the record shows no
        call or ron from it)."""
        while self.in_calls():
            seats = [s for s in sorted(self.t.pending()) if s not in keep]
            if not seats:
                return True
            if not self.submit(turn, seats[0], A.PASS):
                return False
        return True

    def in_calls(self) -> bool:
        return self.t.phase in (Phase.CALLS, Phase.CHANKAN)

    def play(self) -> bool:
        """Submit the recorded actions; False after the first refusal."""
        for turn, ev in enumerate(self.r.events):
            match ev:
                case Draw(seat, tile, _):
                    if self.in_calls() and not self.pass_all(turn):
                        return False
                    t = self.t
                    if t.over or t.turn != seat or t.drawn != tile:
                        drawn = "no tile" if t.drawn is None else f"tile {t.drawn}"
                        self.miss(turn, f"the record has seat {seat} draw tile {tile}; the "
                                        f"engine has seat {t.turn} with {drawn} "
                                        f"({t.describe()})")
                        return False
                case Discard(seat, tile, _, riichi):
                    if not self.submit(turn, seat, A.Riichi(tile) if riichi else A.Discard(tile)):
                        return False
                case Nuki(seat, tile):
                    if self.in_calls() and not self.pass_all(turn):
                        return False
                    if not self.submit(turn, seat, A.Nuki(tile)):
                        return False
                case Call(seat, meld):
                    want = _call_action(meld)
                    if meld.kind in (MeldKind.CHI, MeldKind.PON, MeldKind.DAIMINKAN):
                        if not self.in_calls():
                            self.miss(turn, f"the record has seat {seat} call {meld.kind.value}"
                                            f", but the engine offers no call "
                                            f"({self.t.describe()})")
                            return False
                        if not self.pass_all(turn, keep=frozenset({seat})):
                            return False
                    elif self.in_calls() and not self.pass_all(turn):
                        return False
                    if not self.submit(turn, seat, want):
                        return False
        return True

    def finish(self) -> bool:
        """Submit the round's recorded end (tsumo, ron, nine terminals or nothing)."""
        o = self.r.outcome
        assert o is not None
        end_turn = len(self.r.events)
        if o.end is RoundEnd.WIN or o.end is RoundEnd.TRIPLE_RON:
            tsumo = [w for w in o.wins if w.tsumo]
            if tsumo:
                return self.submit(end_turn, tsumo[0].seat, A.TSUMO)
            ronners = {w.seat for w in o.wins}
            if o.end is RoundEnd.TRIPLE_RON:
                ronners = set(self.t.pending())
            if not self.in_calls():
                self.miss(end_turn, f"the record has seat(s) {sorted(ronners)} ron, but the "
                                    f"engine offers no ron ({self.t.describe()})")
                return False
            while self.in_calls() and self.t.pending():
                # winners answer first: the table may settle as soon as a ron is certain
                seats = sorted(self.t.pending(), key=lambda s: (s not in ronners, s))
                seat = seats[0]
                if not self.submit(end_turn, seat, A.RON if seat in ronners else A.PASS):
                    return False
            return True
        if o.end is RoundEnd.NINE_TERMINALS:
            last = self.r.events[-1] if self.r.events else None
            seat = last.seat if isinstance(last, Draw) else self.t.turn
            return self.submit(end_turn, seat, A.ABORT)
        return self.pass_all(end_turn)

    def compare(self) -> None:
        o = self.r.outcome
        assert o is not None
        if not self.t.over:
            self.miss(None, f"the record ends the round ({o.end.value}) but the engine goes on "
                            f"({self.t.describe()})")
            return
        wins = [e for e in self.events if isinstance(e, WinEvent)]
        drawn = [e for e in self.events if isinstance(e, RoundDrawn)]
        if self.t.dora_count != len(self.r.dora):  # D3: kan dora timing
            self.miss(None, f"dora indicators revealed by the end: record {len(self.r.dora)}, "
                            f"engine {self.t.dora_count}")
        if o.end is RoundEnd.WIN:
            if drawn or len(wins) != len(o.wins):
                got = f"a draw ({drawn[0].kind.value})" if drawn else f"{len(wins)} win(s)"
                self.miss(None, f"the record has {len(o.wins)} win(s), the engine {got}")
                return
            for w, e in zip(o.wins, wins, strict=True):
                self._compare_win(w, e)
            return
        if wins or not drawn:
            self.miss(None, f"the record has a draw ({o.end.value}), the engine "
                            f"{len(wins)} win(s)")
            return
        d = drawn[0]
        if d.kind is not _DRAW_KINDS[o.end]:
            self.miss(None, f"draw kind: record {o.end.value}, engine {d.kind.value}")
        if tuple(d.deltas) != o.deltas:
            self.miss(None, f"draw payments: record {o.deltas}, engine {tuple(d.deltas)}")
        if o.tenpai is not None and o.end is RoundEnd.EXHAUSTIVE:
            tenpai = tuple(s for s in range(len(d.tenpai)) if d.tenpai[s])
            if tenpai != o.tenpai:
                self.miss(None, f"tenpai seats: record {o.tenpai}, engine {tenpai}")

    def _compare_win(self, w: RecordedWin, e: WinEvent) -> None:
        who = f"win of seat {w.seat}"
        if (e.seat, e.from_seat) != (w.seat, w.from_seat):
            self.miss(None, f"{who} from {w.from_seat}: the engine has seat {e.seat} win from "
                            f"{e.from_seat}")
            return
        res = e.result
        diffs = []
        if e.pao != w.pao:
            diffs.append(f"pao {w.pao} vs {e.pao}")
        if w.han is not None and res.han != w.han:
            diffs.append(f"han {w.han} vs {res.han}")
        if w.fu is not None and res.fu != w.fu:
            diffs.append(f"fu {w.fu} vs {res.fu}")
        if w.points is not None and res.total != w.points:
            diffs.append(f"points {w.points} vs {res.total}")
        limit = 5 if res.yakuman or res.limit == "kazoe yakuman" else _LIMITS.get(res.limit, -1)
        if w.limit is not None and limit != w.limit:
            diffs.append(f"limit {w.limit} vs {res.limit}")
        if w.yaku:
            mine = sorted((y, h) for y, h in res.tenhou_yaku_ids if h)
            if sorted(w.yaku) != mine:
                diffs.append(f"yaku {sorted(w.yaku)} vs {mine}")
        if tuple(e.deltas) != w.deltas:
            diffs.append(f"score changes {w.deltas} vs {tuple(e.deltas)}")
        if diffs:
            self.miss(None, f"{who} (record vs engine): " + "; ".join(diffs))


def _call_action(meld: Meld) -> Action:
    own = tuple(sorted(t for t in meld.tiles if t != meld.called))
    match meld.kind:
        case MeldKind.CHI:
            return A.Chi(own, meld.called)  # type: ignore[arg-type]
        case MeldKind.PON:
            return A.Pon(own, meld.called)  # type: ignore[arg-type]
        case MeldKind.DAIMINKAN:
            return A.Kan(MeldKind.DAIMINKAN, own, meld.called)
        case MeldKind.KAKAN:
            return A.Kan(MeldKind.KAKAN, (meld.added,))  # type: ignore[arg-type]  # set by kakan
        case MeldKind.ANKAN:
            return A.Kan(MeldKind.ANKAN, tuple(sorted(meld.tiles)))
    raise TypeError(meld)


def _start(r: RoundRecord, dealer_streak: int) -> RoundStart:
    """The record's start of round ``r``; the dealer streak (L13) is the engine's own count, as
    records do not keep it."""
    return RoundStart(r.index, r.scores, r.honba, r.sticks, dealer_streak)


def _flow_differs(wanted: RoundStart, r: RoundRecord, record: GameRecord,
                  number: int) -> Mismatch | None:
    """How the round the engine wants next differs from the record's next (the game flow:
    rotation, honba, sticks, scores), or None."""
    have = (wanted.index, wanted.honba, wanted.sticks, wanted.scores)
    if have == (r.index, r.honba, r.sticks, r.scores):
        return None
    return Mismatch(
        record.source, r.name, number, None,
        f"the engine starts round {_name(wanted.index, wanted.honba)} with {wanted.sticks} "
        f"sticks and scores {wanted.scores}; the record starts {r.name} with {r.sticks} sticks "
        f"and scores {r.scores}",
    )


def replay_game(record: GameRecord, check: bool = True) -> ReplayReport:
    """Replay every round of ``record`` (and the actions of a cut final round); with ``check``
    compare results, the game flow and the final scores. Never raises on a bad record.

    The game deals the record's walls and stops between rounds; each round starts from the
    record (so one disagreement does not hide the rounds after it) once the engine's wanted
    start (``Game.next_round``) has been compared with it."""
    out: list[Mismatch] = []
    rounds = list(record.rounds)
    playable = rounds + ([record.cut] if record.cut is not None else [])
    walls: list[Wall] = seeded_walls(record, playable) or []
    for i, r in enumerate(playable if not walls else ()):
        try:
            walls.append(build_wall(r))
        except RecordError as exc:  # replay the rounds before it
            out.append(Mismatch(record.source, r.name, i, None, f"bad record: {exc}"))
            playable = playable[:i]
            rounds = rounds[:i]
            break
    if not playable:
        return ReplayReport(record.source, 0, tuple(out), record.problem)

    def recorded(number: int, start: RoundStart) -> Wall:
        return walls[number]  # the game deals round i of the record as its deal number i

    game = Game(record.rules, 0, start=_start(playable[0], 0), walls=recorded, auto_deal=False)
    for i, r in enumerate(playable):
        if i > 0:
            if game.yame_pending:  # G4: the record plays on, so the dealer did not stop
                game.submit(game.dealer, A.AgariYame(False))
            wanted = game.next_round  # None: the engine ended the game or not the round
            if check and wanted is None and game.over:
                out.append(Mismatch(record.source, r.name, i, None,
                                    f"the engine ended the game; the record plays {r.name}"))
            if check and wanted is not None:
                # reported unless the round before already differed
                note = _flow_differs(wanted, r, record, i)
                if note is not None and not any(m.round_number == i - 1 for m in out):
                    out.append(note)
            game.start_round(_start(r, game.dealer_streak))
        player = _RoundPlayer(game, record, i, r, out)
        ok = player.play()
        if r.outcome is None:
            break  # the cut round: its actions were checked, it has no result
        if ok:
            ok = player.finish()
        if ok and check:
            player.compare()
    notes: list[str] = []
    whole = record.cut is None and len(rounds) == len(record.rounds)
    if check and record.final_scores is not None and whole and _check_end(
            game, record, out) and record.final_points is not None:
        _check_game_points(game, record, out, notes)
    return ReplayReport(record.source, len(rounds), tuple(out), record.problem,
                        notes=tuple(notes), game=game)


def _check_end(game: Game, record: GameRecord, out: list[Mismatch]) -> bool:
    """Compare the end of the game and the final scores; False when the engine did not end it."""
    last = record.rounds[-1]
    n = len(record.rounds) - 1
    if game.yame_pending:  # the record ends here, so the dealer stopped (G4)
        game.submit(game.dealer, A.AgariYame(True))
    if game.result is None:  # the round is not over, or the engine wants another
        out.append(Mismatch(record.source, last.name, n, None,
                            "the record ends the game here; the engine plays on"))
        return False
    points = tuple(game.result.points)
    if points != record.final_scores:
        out.append(Mismatch(record.source, last.name, n, None,
                            f"final scores: record {record.final_scores}, engine {points}"))
    return True


#: A game played on Tenhou names its room first in its rule name (般南喰赤, 鳳東喰赤...).
_TENHOU_ROOMS = "般上特鳳"

#: G7: the uma of Tenhou's East-only games in the 2009 logs: +10/+5/-5/-10 ("5-10"), where its
#: south games and its later East-only games have +20/+10/-10/-20 (Phoenix East games of March
#: and June 2009, GO type 161, against a 2020 East game; the date of the change is not known).
TENHOU_2009_TONPUU_UMA = (10, 5, -5, -10)


def game_points_rules(record: GameRecord) -> tuple[RuleSet | None, str]:
    """The rules that give ``record``'s final game points (uma and oka, G7), with a note; ``None``
    when the record's rules cannot say.

    A record's own rules are used, except for games played on Tenhou (rule name starting with a
    Tenhou room), whose game points follow Tenhou's rules of the log's era:
    - rounding: one decimal in logs since 2022 (``exact``), whole numbers before
      (``round_points``: the final points rounded to the thousand, halves away from zero, then
      minus 30; first place takes what makes the sum zero). Any decimal in the points means
      ``exact``; when all four are whole numbers the two rules give the same result unless the
      record is of the older era.
    - uma: East-only games of 2009 have +10/+5/-5/-10 (``TENHOU_2009_TONPUU_UMA``), later ones
      the rules' +20/+10/-10/-20. An East-only record is of the older era when its own final
      points give its own game points with that uma and not with the rules' (the era shows in
      the record, as the rounding does); the engine's points are then checked with it.
    Checked on every game of mjlog/ and tenhou6/ and on two Phoenix East games of 2009. A game
    that did not start from the rules' starting points (a private lobby, e.g. lobby 10011:
    30000 each, its own uma) has game points the record's rules cannot give: not compared.
    """
    rules = record.rules
    first = record.rounds[0] if record.rounds else record.cut
    if first is not None and first.index == 0 and first.honba == 0 and first.sticks == 0 and (
            first.scores != (rules.starting_points,) * len(first.scores)):
        return None, (f"final game points not compared: the game starts with {first.scores}, "
                      f"not the rules' {rules.starting_points} each, so its uma and oka are not "
                      "the rules'")
    room = record.disp.removeprefix("三")[:1]  # P1: Tenhou's three-player rule names
    if room and room in _TENHOU_ROOMS:
        points = record.final_points or ()
        era = "exact" if any(p != int(p) for p in points) else "round_points"
        rules = rules.replace(score_rounding=era)
        if rules.length == "tonpuusen" and rules.uma != TENHOU_2009_TONPUU_UMA:
            old = rules.replace(uma=TENHOU_2009_TONPUU_UMA)
            if _gives_own_points(record, old) and not _gives_own_points(record, rules):
                return old, f"Tenhou game points ({era}, the 2009 East-only uma 5-10)"
        return rules, f"Tenhou game points ({era})"
    return rules, f"game points by the record's rules ({rules.score_rounding})"


def _gives_own_points(record: GameRecord, rules: RuleSet) -> bool:
    """Whether ``rules`` turn the record's own final scores into its own final game points."""
    if record.final_scores is None or record.final_points is None:
        return False
    scores = list(record.final_scores)
    mine = final_scores(scores, ranking(scores), rules)
    return all(abs(a - b) <= 0.05 for a, b in zip(mine, record.final_points, strict=True))


def _check_game_points(game: Game, record: GameRecord, out: list[Mismatch],
                       notes: list[str]) -> None:
    assert game.result is not None and record.final_points is not None
    rules, note = game_points_rules(record)
    if rules is None:
        notes.append(note)
        return
    points = list(game.result.points)
    mine = final_scores(points, ranking(points), rules)
    if any(abs(a - b) > 0.05 for a, b in zip(mine, record.final_points, strict=True)):
        last = record.rounds[-1]
        out.append(Mismatch(record.source, last.name, len(record.rounds) - 1, None,
                            f"final game points: record {record.final_points}, engine "
                            f"{tuple(round(x, 1) for x in mine)} ({note})"))


def replay_games(records: Iterator[GameRecord], check: bool = True) -> Iterator[ReplayReport]:
    for record in records:
        yield replay_game(record, check)
