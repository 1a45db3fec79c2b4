"""``riichi play``: the game (the default command)."""

from __future__ import annotations

import argparse

NAME = "play"
HELP = "play a game against three AI opponents, or two with --players 3 (the default command)"

RULE_PRESETS = ("tenhou", "majsoul", "local", "tenhou3", "majsoul3")
LENGTHS = ("hanchan", "tonpuusen")
DIFFICULTIES = ("easy", "normal", "hard", "random", "tsumogiri", "greedy")
SPEEDS = ("instant", "fast", "normal")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int,
                        help="seed of the game this command starts (the same seed deals the same "
                             "tiles; a later New game deals new ones)")
    parser.add_argument("--rules", choices=RULE_PRESETS,
                        help="rules preset (default: tenhou; tenhou3 and majsoul3 are "
                             "three-player games)")
    parser.add_argument("--players", type=int, choices=(3, 4),
                        help="3 for three-player riichi (sanma, rules tenhou3 unless --rules "
                             "names another three-player preset)")
    parser.add_argument("--length", choices=LENGTHS, help="hanchan (default) or tonpuusen")
    parser.add_argument("--difficulty", choices=DIFFICULTIES,
                        help="every opponent's level (default: each seat's level in the "
                             "settings, normal; personalities stay the settings')")
    parser.add_argument("--autoplay", action="store_true", help="an AI plays your seat too")
    parser.add_argument("--speed", choices=SPEEDS, help="how fast opponents play")
    parser.add_argument("--glyphs", choices=("text", "kanji", "unicode"), help="tile glyphs")
    parser.add_argument("--theme", choices=("classic", "ansi", "light", "mono"),
                        help="colours (NO_COLOR in the environment selects mono)")
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the interface")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="continue the saved game at once (if another riichi still has "
                             "it open, e.g. after a dropped SSH connection, you are asked "
                             "whether to take it over)")
    parser.add_argument("--no-save", dest="save", action="store_false",
                        help="do not keep an autosave of this game")
    parser.add_argument("--seat", action="append", default=[], type=_seat,
                        metavar="N=LEVEL:PERSONALITY[:NAME] | N=mjai:CMD",
                        help="who plays seat N (1-3; 1 plays after you): our AI of LEVEL (easy, "
                             "normal, hard) and PERSONALITY (balanced, aggressive, defensive), "
                             "e.g. 1=hard:aggressive or 2=easy:defensive:Mei; or an external "
                             "mjai bot started with CMD and its seat number (our AI takes over "
                             "if it fails). Repeatable; the other seats are the settings' players")


def _seat(text: str) -> tuple[int, object]:
    from app.seats import parse_seat

    try:
        return parse_seat(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def options_from_args(args: argparse.Namespace):
    from app.options import PlayOptions

    direct = any(
        getattr(args, name, None) not in (None, False)
        for name in ("seed", "rules", "length", "difficulty", "autoplay", "players")
    )
    rules = _rules(args.rules, getattr(args, "players", None))
    mjai: dict[int, str] = {}
    opponents: dict[int, object] = {}
    for seat, player in getattr(args, "seat", None) or []:
        if seat in mjai or seat in opponents:
            raise SystemExit(f"riichi play: error: seat {seat} is given twice (--seat)")
        if isinstance(player, str):
            mjai[seat] = player
        else:
            opponents[seat] = player
    if mjai and rules in ("tenhou3", "majsoul3"):
        raise SystemExit("riichi play: error: mjai bots (--seat) play four-player games only "
                         "(mjai has no agreed three-player form)")
    return PlayOptions(
        seed=args.seed,
        rules=rules,
        length=args.length,
        difficulty=args.difficulty,
        autoplay=args.autoplay,
        speed=args.speed,
        glyphs=args.glyphs,
        theme=args.theme,
        language=args.lang,
        direct=direct,
        resume=args.resume,
        save=args.save,
        mjai=mjai,
        opponents=opponents,
    )


def _rules(rules: str | None, players: int | None) -> str | None:
    """The preset for ``--rules`` and ``--players`` (P1); a clear error when they disagree."""
    from engine.rules import PRESETS, default_preset

    if players is None:
        return rules
    if rules is None:
        return default_preset(players)
    if PRESETS[rules].players != players:
        raise SystemExit(f"riichi play: error: --rules {rules} is a "
                         f"{PRESETS[rules].players}-player preset, not for --players {players}")
    return rules


def run(args: argparse.Namespace) -> int:
    from app.app import RiichiApp
    from app.logs import log_to_file

    log_to_file()
    RiichiApp(options_from_args(args)).run()
    return 0
