"""The command line: `python main.py [play | check | simulate | tournament | rules | replay |
verify]`.

Exit statuses (the README's command-line table lists them): 0 done; 1 the
input was refused (a rule file, a replay log, a log that does not
re-execute); 2 the command line itself is wrong; 3 the replay log could not
be written (`simulate --log`); 130 stopped with Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from game.bots import BOTS, make_bot
from game.engine.rng import Rng
from game.log import LogError, LogWriter
from game.native import engine_kind
from game.plain_text import printable
from game.rules.errors import RuleFileError
from game.rules.loader import NameRefused, load_rules, names_for_folder
from game.sim import Tally, play_match

MAX_ERRORS_SHOWN = 50


def print_errors(errors, file=None) -> None:
    """One escaped line per error, the first MAX_ERRORS_SHOWN of them, then how many more."""
    for error in errors[:MAX_ERRORS_SHOWN]:
        print(printable(error, None), file=file)
    if len(errors) > MAX_ERRORS_SHOWN:
        print(f"and {len(errors) - MAX_ERRORS_SHOWN} more", file=file)


DONE, REFUSED, USAGE, CANNOT_WRITE, INTERRUPTED = 0, 1, 2, 3, 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="Couch UNO: UNO for one screen and a sofa full of people.",
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("play", help="open the game (the default)")
    replay = commands.add_parser("replay", help="watch a replay log with every hand face up")
    replay.add_argument("file", metavar="FILE", help="a log written by `simulate --log`")
    verify = commands.add_parser(
        "verify", help="check replay logs by playing every match again on the engine"
    )
    verify.add_argument("files", nargs="+", metavar="LOG")

    check = commands.add_parser("check", help="check rule files; one line per error")
    check.add_argument("files", nargs="+", metavar="FILE")

    describe = commands.add_parser(
        "rules", help="print a rule set (with house rules) in plain words"
    )
    describe.add_argument("names", nargs="+", metavar="NAME", help="a base, then house rules")

    sim = commands.add_parser("simulate", help="let bots play and print figures")
    sim.add_argument(
        "--rules",
        action="append",
        required=True,
        metavar="NAME",
        help="a rule set under rules/ or a path; repeat to layer house rules",
    )
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bots",
        default="basic",
        help=f"one level for every seat or a comma list per seat ({', '.join(BOTS)})",
    )
    sim.add_argument(
        "--rounds-only", action="store_true", help="each game is a single round, not a match"
    )
    sim.add_argument("--log", metavar="FILE", help="write every game's replay log (JSON Lines)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    tour = commands.add_parser(
        "tournament", help="bot levels against each other: win shares, points, ratings"
    )
    tour.add_argument(
        "--rules",
        action="append",
        required=True,
        metavar="NAME",
        help="a rule set under rules/ or a path; repeat to layer house rules",
    )
    tour.add_argument("--players", type=int, default=2)
    tour.add_argument(
        "--bots",
        required=True,
        metavar="LIST",
        help=f"a comma list, one level per seat; seats rotate every game ({', '.join(BOTS)})",
    )
    tour.add_argument("--games", type=int, default=400)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    tour.add_argument(
        "--rounds-only", action="store_true", help="each game is a single round, not a match"
    )
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "check":
        return _check(args.files)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "rules":
        return _describe(args.names)
    if args.command == "replay":
        return _play(args.file)
    if args.command == "verify":
        return _verify(args.files)
    return _play()


def _play(replay: str | None = None) -> int:
    """Open the game window (or play back a replay log) until the player quits."""
    import asyncio

    if replay is not None:
        from game.log import open_log

        try:
            open_log(replay).close()
        except LogError as err:
            print(err, file=sys.stderr)
            return REFUSED
    import game.app

    return asyncio.run(game.app.main(replay=replay))  # main.py turns Ctrl-C into status 130


def _verify(files: list[str]) -> int:
    """One line per match that does not re-execute exactly; a line per good file."""
    from game.log import verify_file

    failed = False
    for path in files:
        report = verify_file(path)
        for problem in report.problems:
            print(problem)
        if report.problems:
            failed = True
        else:
            matches = "1 match" if report.matches == 1 else f"{report.matches} matches"
            print(f"{printable(path)}: {matches}, every event re-executed exactly")
    return REFUSED if failed else DONE


def _check(files: list[str]) -> int:
    from game.rules.loader import check_files

    errors = check_files(files)
    print_errors(errors)
    return 1 if errors else 0


def _describe(names: list[str]) -> int:
    from game.rules.describe import describe

    try:
        rules = load_rules(names)
    except RuleFileError as err:
        print_errors(err.errors, file=sys.stderr)
        return 1
    print(printable(describe(rules), None, keep_newlines=True))
    return 0


def _bot_levels(spec: str, players: int) -> list[str]:
    levels = [level.strip() for level in spec.split(",") if level.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} seats")
    for level in levels:
        if level not in BOTS:
            raise ValueError(f"unknown bot '{level}' (known: {', '.join(sorted(BOTS))})")
    return levels


def _simulate(args) -> int:
    names, folder = list(args.rules), None
    if args.log:
        # The log names its rules as a shared file must: from its own folder.
        folder = Path(args.log).parent
        try:
            names = names_for_folder(names, folder)
        except NameRefused as err:
            print(printable(err, None), file=sys.stderr)
            return USAGE
    try:
        rules = load_rules(names, folder=folder)
    except RuleFileError as err:
        print_errors(err.errors, file=sys.stderr)
        return 1
    if args.players not in rules.model.allowed_counts():
        print(
            f"these rules are for {rules.model.players_text()} players, not {args.players}",
            file=sys.stderr,
        )
        return 2
    try:
        levels = _bot_levels(args.bots, args.players)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2

    try:
        log = LogWriter(args.log) if args.log else None
    except OSError as err:
        print(
            f"cannot write the log {printable(args.log)}: {_os_reason(err, args.log)}",
            file=sys.stderr,
        )
        return CANNOT_WRITE
    seeds = Rng(args.seed)
    tally = Tally(args.players)
    started = time.perf_counter()
    status, stopped = DONE, None
    try:
        for _ in range(args.games):
            game_seed = seeds.next_u64() >> 1
            bots = [make_bot(level, game_seed + 1 + seat) for seat, level in enumerate(levels)]
            result = play_match(rules, args.players, game_seed, bots, single_round=args.rounds_only)
            if log is not None:
                log.write_match(result.events)
            tally.add_match(result)
    except KeyboardInterrupt:
        status, stopped = INTERRUPTED, "interrupted"
    except OSError as err:
        reason = _os_reason(err, args.log)
        status, stopped = CANNOT_WRITE, f"cannot write the log {printable(args.log)}: {reason}"
    finally:
        if log is not None:
            log.close()
    seconds = time.perf_counter() - started
    if stopped is not None:
        whole = "; the log holds them whole" if log is not None else ""
        print(
            f"{stopped}: stopped after {tally.games} of {args.games} games{whole}", file=sys.stderr
        )

    summary = {
        "rules": args.rules,
        "players": args.players,
        "bots": levels,
        "games": tally.games,
        "seconds": round(seconds, 3),
        "games_per_second": round(tally.games / seconds, 2) if seconds else None,
        "engine": engine_kind(),  # compiled or python: it decides games_per_second
        "wins": tally.wins,
        **tally.summary(),
    }
    if args.json:
        print(json.dumps(summary))
        return status
    unit = "rounds" if args.rounds_only else "matches"
    print(f"rules:                {' + '.join(args.rules)}  ({args.players} seats, {args.bots})")
    print(f"games:                {summary['games']} {unit}, {summary['rounds']} rounds")
    print(f"seconds:              {summary['seconds']}")
    print(f"games per second:     {summary['games_per_second']}  ({summary['engine']} engine)")
    print(f"mean turns per round: {summary['turns_per_round']:.1f}")
    print(f"cards drawn per turn: {summary['cards_drawn_per_turn']:.2f}")
    print(f"first player wins:    {summary['first_player_win_share']:.1%} of rounds")
    ends = ", ".join(f"{k} {v:.1%}" for k, v in summary["round_ends_on"].items())
    print(f"rounds end on:        {ends}")
    wins = "  ".join(f"seat {i}: {w}" for i, w in enumerate(summary["wins"]))
    print(f"wins per seat:        {wins}")
    return status


def _os_reason(err: OSError, path: str) -> str:
    """Why `path` could not be written, in words (no errno, no traceback)."""
    from game.atomic import NotAFile

    if isinstance(err, IsADirectoryError) or Path(path).is_dir():
        return "it is a folder"
    if isinstance(err, NotAFile):
        return "it is not a regular file"
    return (err.strerror or str(err)).lower()


def _tournament(args) -> int:
    from game import tournament

    try:
        rules = load_rules(args.rules)
    except RuleFileError as err:
        print_errors(err.errors, file=sys.stderr)
        return REFUSED
    if args.players not in rules.model.allowed_counts():
        print(
            f"these rules are for {rules.model.players_text()} players, not {args.players}",
            file=sys.stderr,
        )
        return USAGE
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    unknown = [level for level in levels if level not in BOTS]
    if unknown:
        print(f"unknown bot '{printable(unknown[0])}' (known: {', '.join(BOTS)})", file=sys.stderr)
        return USAGE
    if len(levels) != args.players:
        print(
            f"--bots names {len(levels)} levels for {args.players} seats: name one per seat",
            file=sys.stderr,
        )
        return USAGE
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return USAGE
    setup = tournament.Setup(
        rules=tuple(args.rules),
        players=args.players,
        levels=tuple(levels),
        games=args.games,
        seed=args.seed,
        rounds_only=args.rounds_only,
        team_size=2 if rules.model.scoring.teams else 1,
    )
    started = time.perf_counter()
    shown = [started]
    # On a terminal the line updates in place; in a log, a line a minute.
    live = sys.stderr.isatty()
    every = 2.0 if live else 60.0

    def progress(done: int, total: int, seconds: float) -> None:
        now = time.perf_counter()
        if now - shown[0] < every and not (live and done == total and seconds > every):
            return
        shown[0] = now
        left = seconds / done * (total - done)
        line = f"{done}/{total} games, {seconds:.0f} s, about {left:.0f} s to go"
        if live:
            print(f"\r{line} ", end="" if done < total else "\n", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    standings = tournament.run(setup, args.jobs, progress)
    data = tournament.summary(setup, standings, time.perf_counter() - started)
    if args.json:
        print(json.dumps(data))
    else:
        tournament.print_table(data)
    return DONE
