"""The command line: `python main.py [play | check | simulate | tournament | rules | replay]`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import nullcontext
from pathlib import Path

from game.bots import BOTS, make_bot
from game.engine.rng import Rng
from game.native import engine_kind
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from game.sim import Tally, play_match


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="Couch UNO: UNO for one screen and a sofa full of people.",
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("play", help="open the game (the default)")
    replay = commands.add_parser("replay", help="watch a replay log with every hand face up")
    replay.add_argument("file", metavar="FILE", help="a log written by `simulate --log`")

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
    return _play()


def _play(replay: str | None = None) -> int:
    """Open the game window (or play back a replay log) until the player quits."""
    import asyncio

    if replay is not None and not Path(replay).is_file():
        print(f"no such replay log: {replay}", file=sys.stderr)
        return 2
    import game.app

    return asyncio.run(game.app.main(replay=replay))


def _check(files: list[str]) -> int:
    from game.rules.loader import check_files

    errors = check_files(files)
    for error in errors:
        print(error)
    return 1 if errors else 0


def _describe(names: list[str]) -> int:
    from game.rules.describe import describe

    try:
        rules = load_rules(names)
    except RuleFileError as err:
        for error in err.errors:
            print(error, file=sys.stderr)
        return 1
    print(describe(rules))
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
    try:
        rules = load_rules(args.rules)
    except RuleFileError as err:
        for error in err.errors:
            print(error, file=sys.stderr)
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

    seeds = Rng(args.seed)
    tally = Tally(args.players)
    started = time.perf_counter()
    with Path(args.log).open("w", encoding="utf-8") if args.log else nullcontext() as log:
        for _ in range(args.games):
            game_seed = seeds.next_u64() >> 1
            bots = [make_bot(level, game_seed + 1 + seat) for seat, level in enumerate(levels)]
            result = play_match(rules, args.players, game_seed, bots, single_round=args.rounds_only)
            tally.add_match(result)
            if log is not None:
                log.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in result.events)
    seconds = time.perf_counter() - started

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
        return 0
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
    return 0


def _tournament(args) -> int:
    from game import tournament

    try:
        rules = load_rules(args.rules)
    except RuleFileError as err:
        for error in err.errors:
            print(error, file=sys.stderr)
        return 1
    if args.players not in rules.model.allowed_counts():
        print(
            f"these rules are for {rules.model.players_text()} players, not {args.players}",
            file=sys.stderr,
        )
        return 2
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    unknown = [level for level in levels if level not in BOTS]
    if unknown:
        print(f"unknown bot '{unknown[0]}' (known: {', '.join(BOTS)})", file=sys.stderr)
        return 2
    if len(levels) != args.players:
        print(
            f"--bots names {len(levels)} levels for {args.players} seats: name one per seat",
            file=sys.stderr,
        )
        return 2
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return 2
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
    return 0
