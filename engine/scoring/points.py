"""Base points, limits and payments (rules S4-S7); the limit table is data.

>>> base_points(3, 30, preset_rules())
(960, None)
>>> base_points(5, 30, preset_rules())
(2000, 'mangan')
>>> pay(2000, dealer=False)
(8000, 4000, 2000)
"""

from __future__ import annotations

from engine.rules import RuleSet

MANGAN = 2000
YAKUMAN_BASE = 8000
#: (lowest han, base points, name) — S4.
HAN_LIMITS = (
    (13, 8000, "kazoe yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, 2000, "mangan"),
)
#: Kiriage mangan (S7): (han, fu) pairs paid as mangan when the rule is on.
KIRIAGE = frozenset({(4, 30), (3, 60)})
YAKUMAN_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman",
                 4: "quadruple yakuman", 5: "quintuple yakuman", 6: "sextuple yakuman"}
#: Payment multipliers (S5): ron = base x 6 (dealer) / 4; tsumo: dealer 2, non-dealers 1.
RON_DEALER, RON_OTHER = 6, 4
TSUMO_FROM_DEALER, TSUMO_FROM_OTHER, TSUMO_DEALER_EACH = 2, 1, 2
HONBA_RON, HONBA_TSUMO_EACH = 300, 100


def preset_rules() -> RuleSet:
    return RuleSet()


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def yakuman_limit_name(multiples: int) -> str:
    return YAKUMAN_NAMES.get(multiples, f"{multiples}x yakuman")


def base_points(han: int, fu: int, rules: RuleSet) -> tuple[int, str | None]:
    """Base points and limit name of a non-yakuman hand (S4, S7)."""
    for low, base, name in HAN_LIMITS:
        if han >= low:
            if low == 13 and not rules.kazoe_yakuman:
                return 6000, "sanbaiman"
            return base, name
    if rules.kiriage_mangan and (han, fu) in KIRIAGE:
        return MANGAN, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= MANGAN:
        return MANGAN, "mangan"
    return base, None


def pay(base: int, dealer: bool, players: int = 4, tsumo_loss: bool = True
        ) -> tuple[int, int, int]:
    """(ron, tsumo_dealer, tsumo_other) for a base (S5); a dealer's tsumo_dealer is 0 and
    tsumo_other is what each player pays. Three players without tsumo loss (P1) split the
    missing seat's share between the two payers: a dealer tsumo is 3a each, a non-dealer's
    2.5a from the dealer and 1.5a from the other (each rounded up to 100).

    >>> pay(2000, False, players=3, tsumo_loss=False)
    (8000, 5000, 3000)
    """
    if players == 3 and not tsumo_loss:
        if dealer:
            return _up100(base * RON_DEALER), 0, _up100(base * 3)
        return (_up100(base * RON_OTHER), _up100(-(-5 * base // 2)),
                _up100(-(-3 * base // 2)))
    if dealer:
        return _up100(base * RON_DEALER), 0, _up100(base * TSUMO_DEALER_EACH)
    return (_up100(base * RON_OTHER), _up100(base * TSUMO_FROM_DEALER),
            _up100(base * TSUMO_FROM_OTHER))


def payments(ron: int, tsumo_dealer: int, tsumo_other: int, tsumo: bool, dealer: bool,
             honba: int = 0, players: int = 4, honba_points: int = 100) -> dict[str, int]:
    """Who pays what, honba included (S6): ``{"discarder": n}``, ``{"each": n}`` (dealer tsumo)
    or ``{"dealer": n, "non_dealer": n}`` (each non-dealer pays ``non_dealer``). Each honba is
    ``honba_points`` per payer: the discarder pays it for all (300 with four players, 200 with
    three, P1).

    >>> payments(7700, 0, 0, False, False, honba=2, players=3)
    {'discarder': 8100}
    """
    if players == 4 and honba_points == 100:  # the common case, as it always was
        if not tsumo:
            return {"discarder": ron + HONBA_RON * honba}
        if dealer:
            return {"each": tsumo_other + HONBA_TSUMO_EACH * honba}
        return {"dealer": tsumo_dealer + HONBA_TSUMO_EACH * honba,
                "non_dealer": tsumo_other + HONBA_TSUMO_EACH * honba}
    per = honba_points * honba
    if not tsumo:
        return {"discarder": ron + per * (players - 1)}
    if dealer:
        return {"each": tsumo_other + per}
    return {"dealer": tsumo_dealer + per, "non_dealer": tsumo_other + per}


def total_of(ron: int, tsumo_dealer: int, tsumo_other: int, tsumo: bool, dealer: bool,
             players: int = 4) -> int:
    """What the winner receives (before honba and sticks): three players have one payer less
    (P1)."""
    if not tsumo:
        return ron
    if dealer:
        return (players - 1) * tsumo_other
    return tsumo_dealer + (players - 2) * tsumo_other


def nagashi_mangan(dealer: bool, rules: RuleSet, honba: int = 0) -> dict[str, int]:
    """Y27 nagashi mangan at an exhaustive draw: mangan paid as a tsumo, honba included; with
    ``RuleSet.nagashi_as_draw_payment`` it is a draw payment, so no honba is added. Raises
    ``RulesError`` when the rules have no nagashi mangan."""
    from engine.errors import RulesError

    if not rules.nagashi_mangan:
        raise RulesError("nagashi mangan is off under these rules (nagashi_mangan=false)")
    ron, td, to = pay(MANGAN, dealer)
    return payments(ron, td, to, True, dealer, 0 if rules.nagashi_as_draw_payment else honba)
