"""The command line: `python main.py [play | check | simulate | tournament | rules | replay |
verify]`.

It speaks the system's language (the locale: LANGUAGE, LC_ALL, LC_MESSAGES,
LANG), or the one `--lang CODE` names, before or after the command
(`python main.py rules classic --lang fi`); `play --lang` opens the game in
that language for the session. JSON output (`simulate --json`) stays as it is.

Exit statuses (docs/playing.md, "The command line", lists them): 0 done; 1 the
input was refused (a rule file, a replay log, a log that does not
re-execute); 2 the command line itself is wrong; 3 the replay log could not
be written (`simulate --log`); 130 stopped with Ctrl-C.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.files.plain_text import printable
from game.i18n import LANGUAGES, _, ngettext, say
from game.native import engine_kind
from game.play.seats import KNOWN_LEVELS

if TYPE_CHECKING:
    import argparse

    from game.engine.ruleset import RuleSet
    from game.play.sim import MatchDidNotEnd

# The commands' modules are imported by the command that needs them: the game
# itself (the default) opens its window without loading the rules engine, the
# bots or the log, which its menu does not need (bench/startup.py times it).

MAX_ERRORS_SHOWN = 50


def print_errors(errors, file=None) -> None:
    """One escaped line per error, the first MAX_ERRORS_SHOWN of them, then how many more."""
    for error in errors[:MAX_ERRORS_SHOWN]:
        print(printable(error, None), file=file)
    if len(errors) > MAX_ERRORS_SHOWN:
        print(_("and {n} more").format(n=len(errors) - MAX_ERRORS_SHOWN), file=file)


DONE, REFUSED, USAGE, CANNOT_WRITE, INTERRUPTED = 0, 1, 2, 3, 130


def _parser() -> argparse.ArgumentParser:
    import argparse

    # --lang is read before the parser is made (its help is in that language);
    # every command takes it too, so it may come after the command's arguments.
    language = argparse.ArgumentParser(add_help=False)
    language.add_argument(
        "--lang",
        metavar="CODE",
        default=argparse.SUPPRESS,
        help=_("the language to speak: {codes} (default: the system's)").format(
            codes=", ".join(LANGUAGES)
        ),
    )
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description=_("Couch UNO: UNO for one screen and a sofa full of people."),
        parents=[language],
    )
    commands = parser.add_subparsers(dest="command")
    # The rule set and its house rules, for the commands that play games.
    layers = argparse.ArgumentParser(add_help=False)
    layers.add_argument(
        "--rules",
        action="append",
        required=True,
        metavar="NAME",
        help=_("a rule set under rules/ or a path; repeat to layer house rules"),
    )
    commands.add_parser("play", help=_("open the game (the default)"), parents=[language])
    replay = commands.add_parser(
        "replay", help=_("watch a replay log with every hand face up"), parents=[language]
    )
    replay.add_argument("file", metavar="FILE", help=_("a log written by `simulate --log`"))
    verify = commands.add_parser(
        "verify",
        help=_("check replay logs by playing every match again on the engine"),
        parents=[language],
    )
    verify.add_argument("files", nargs="+", metavar="LOG")

    check = commands.add_parser(
        "check", help=_("check rule files; one line per error"), parents=[language]
    )
    check.add_argument("files", nargs="+", metavar="FILE")

    describe = commands.add_parser(
        "rules", help=_("print a rule set (with house rules) in plain words"), parents=[language]
    )
    describe.add_argument("names", nargs="+", metavar="NAME", help=_("a base, then house rules"))

    sim = commands.add_parser(
        "simulate", help=_("let bots play and print figures"), parents=[language, layers]
    )
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bots",
        default="basic",
        help=_("one level for every seat or a comma list per seat ({levels})").format(
            levels=", ".join(KNOWN_LEVELS)
        ),
    )
    sim.add_argument(
        "--rounds-only", action="store_true", help=_("each game is a single round, not a match")
    )
    sim.add_argument("--log", metavar="FILE", help=_("write every game's replay log (JSON Lines)"))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object"))

    tour = commands.add_parser(
        "tournament",
        help=_("bot levels against each other: win shares, points, ratings"),
        parents=[language, layers],
    )
    tour.add_argument("--players", type=int, default=2)
    tour.add_argument(
        "--bots",
        required=True,
        metavar="LIST",
        help=_("a comma list, one level per seat; seats rotate every game ({levels})").format(
            levels=", ".join(KNOWN_LEVELS)
        ),
    )
    tour.add_argument("--games", type=int, default=400)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=None, help=_("processes (default: all cores)"))
    tour.add_argument(
        "--rounds-only", action="store_true", help=_("each game is a single round, not a match")
    )
    tour.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return parser


def language_asked(argv: list[str]) -> str | None:
    """The code `--lang CODE` or `--lang=CODE` names (the last one wins), if any."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    return found


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    asked = language_asked(argv)
    try:
        i18n.set_language(asked if asked is not None else i18n.system_language())
    except i18n.UnknownLanguage as err:
        print(f"python main.py: {printable(str(err), None)}", file=sys.stderr)
        return USAGE
    if not argv:
        # The game itself: no command line to read, so none to build (its
        # dozen commands take some milliseconds the first frame waits for).
        return _play()
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
        return _play(args.file, asked)
    if args.command == "verify":
        return _verify(args.files)
    return _play(language=asked)


def _play(replay: str | None = None, language: str | None = None) -> int:
    """Open the game window (or play back a replay log) until the player quits."""
    if replay is not None:
        from game.log import LogError, open_log

        try:
            open_log(replay).close()
        except LogError as err:
            print(err, file=sys.stderr)
            return REFUSED
    import game.app

    return game.app.run_frames(
        game.app.main(replay=replay, language=language)
    )  # main.py turns Ctrl-C into status 130


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
            words = ngettext(
                "{path}: {n} match, every event re-executed exactly",
                "{path}: {n} matches, every event re-executed exactly",
                report.matches,
            )
            print(words.format(path=printable(path), n=report.matches))
    return REFUSED if failed else DONE


def _check(files: list[str]) -> int:
    from game.play.selftest import check_files

    errors = check_files(files)
    print_errors(errors)
    return 1 if errors else 0


def _describe(names: list[str]) -> int:
    from game.rules.describe import describe
    from game.rules.errors import RuleFileError
    from game.rules.loader import load_rules

    try:
        rules = load_rules(names)
    except RuleFileError as err:
        print_errors(err.errors, file=sys.stderr)
        return 1
    print(printable(describe(rules), None, keep_newlines=True))
    return 0


def _bot_levels(spec: str, players: int) -> list[str]:
    from game.bots import BOTS

    levels = [level.strip() for level in spec.split(",") if level.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(
            _("--bots names {levels} levels for {players} seats").format(
                levels=len(levels), players=players
            )
        )
    for level in levels:
        if level not in BOTS:
            raise ValueError(
                _("unknown bot '{level}' (known: {known})").format(
                    level=level, known=", ".join(sorted(BOTS))
                )
            )
    return levels


def _simulation_rules(args) -> tuple[RuleSet, list[str]] | int:
    """The rules and bot levels `simulate` was asked for, or the status to exit with."""
    from game.rules.errors import RuleFileError
    from game.rules.loader import load_rules
    from game.rules.names import NameRefused, names_for_folder

    names, folder = list(args.rules), None
    if args.log is not None and not args.log.strip():
        print(_("--log needs the name of a file to write"), file=sys.stderr)
        return USAGE
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
            _("these rules are for {allowed} players, not {players}").format(
                allowed=say(rules.model.players_text()), players=args.players
            ),
            file=sys.stderr,
        )
        return 2
    try:
        levels = _bot_levels(args.bots, args.players)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    if args.games < 1:
        print(_("--games must be at least 1"), file=sys.stderr)
        return 2
    return rules, levels


def _cannot_write_log(path: str, err: OSError) -> str:
    return _("cannot write the log {path}: {reason}").format(
        path=printable(path), reason=_os_reason(err, path)
    )


def _simulate(args) -> int:
    from game.bots import make_bot
    from game.engine.cards import kind_label
    from game.engine.rng import Rng
    from game.log import LogWriter
    from game.log.format import MAX_LOG_BYTES
    from game.play.sim import MatchDidNotEnd, Tally, play_match

    chosen = _simulation_rules(args)
    if isinstance(chosen, int):
        return chosen
    rules, levels = chosen
    try:
        log = LogWriter(args.log) if args.log else None
    except OSError as err:
        print(_cannot_write_log(args.log, err), file=sys.stderr)
        return CANNOT_WRITE
    seeds = Rng(args.seed)
    tally = Tally(args.players)
    started = time.perf_counter()
    status, stopped = DONE, None
    try:
        for _game in range(args.games):
            game_seed = seeds.next_u64() >> 1
            bots = [make_bot(level, game_seed + 1 + seat) for seat, level in enumerate(levels)]
            result = play_match(rules, args.players, game_seed, bots, single_round=args.rounds_only)
            if log is not None:
                log.write_match(result.events)
            tally.add_match(result)
    except KeyboardInterrupt:
        status, stopped = INTERRUPTED, _("interrupted")
    except MatchDidNotEnd as err:
        status, stopped = REFUSED, _endless(err)
    except OSError as err:
        status, stopped = CANNOT_WRITE, _cannot_write_log(args.log, err)
    finally:
        if log is not None:
            try:
                log.close()
            except OSError as err:
                status, stopped = CANNOT_WRITE, _cannot_write_log(args.log, err)
    seconds = time.perf_counter() - started
    if stopped is not None:
        if log is None:
            words = _("{why}: stopped after {n} of {games} games")
        elif log.kept:
            words = _("{why}: stopped after {n} of {games} games; the log holds them whole")
        else:
            words = _("{why}: stopped after {n} of {games} games; the log was left as it was")
        print(words.format(why=stopped, n=tally.games, games=args.games), file=sys.stderr)
    if log is not None and log.kept and log.too_large_to_read:
        print(
            _(
                "warning: the log {path} is {size} MiB, and verify and replay read logs of "
                "at most {limit} MiB: simulate fewer games per log"
            ).format(
                path=printable(args.log),
                size=f"{log.size / (1024 * 1024):.1f}",
                limit=MAX_LOG_BYTES // (1024 * 1024),
            ),
            file=sys.stderr,
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
    if args.rounds_only:
        games = _("{n} rounds, {rounds} rounds")
    else:
        games = _("{n} matches, {rounds} rounds")
    # --json keeps the kinds' ids; people read each kind as its rule file calls it.
    kinds = rules.kinds
    # Kinds called alike (a two-sided deck's Reverse on each side) are one line.
    by_label: dict[str, float] = {}
    for k, v in summary["round_ends_on"].items():
        label = kind_label(kinds[k], i18n.language()) if k in kinds else k
        by_label[label] = by_label.get(label, 0.0) + v
    ends = ", ".join(f"{label} {v:.1%}" for label, v in by_label.items())
    wins = "  ".join(
        _("seat {n}: {wins}").format(n=i, wins=w) for i, w in enumerate(summary["wins"])
    )
    figures = [
        (
            _("rules:"),
            _("{rules}  ({players} seats, {bots})").format(
                # As typed: a path or a level list may hold what a terminal obeys.
                rules=" + ".join(printable(name) for name in args.rules),
                players=args.players,
                bots=printable(args.bots),
            ),
        ),
        (_("games:"), games.format(n=summary["games"], rounds=summary["rounds"])),
        (_("seconds:"), str(summary["seconds"])),
        (
            _("games per second:"),
            _("{rate}  ({engine} engine)").format(
                rate=summary["games_per_second"], engine=summary["engine"]
            ),
        ),
        (_("mean turns per round:"), f"{summary['turns_per_round']:.1f}"),
        (_("cards drawn per turn:"), f"{summary['cards_drawn_per_turn']:.2f}"),
        (
            _("first player wins:"),
            _("{share} of rounds").format(share=f"{summary['first_player_win_share']:.1%}"),
        ),
        (_("rounds end on:"), ends),
        (_("wins per seat:"), wins),
    ]
    width = max(len(name) for name, _value in figures) + 1
    for name, value in figures:
        print(f"{name:<{width}}{value}")
    return status


def _os_reason(err: OSError, path: str) -> str:
    """Why `path` could not be written, in words (no errno, no traceback)."""
    from game.files.atomic import NotAFile

    if isinstance(err, IsADirectoryError) or Path(path).is_dir():
        return _("it is a folder")
    if isinstance(err, NotAFile):
        return _("it is not a regular file")
    from game.files.os_words import os_problem

    return say(os_problem(err))


def _endless(err: MatchDidNotEnd) -> str:
    """A match the bots played past the limit, in words (the rule checks keep
    a rule set from getting here; a modded engine block might not)."""
    return _(
        "a game did not end within {actions} actions: these rules may not let a match end"
        " (python main.py check FILE says what keeps it going)"
    ).format(actions=f"{err.actions:,}")


def _tournament(args) -> int:
    from game.bots import BOTS
    from game.play import tournament
    from game.play.sim import MatchDidNotEnd
    from game.rules.errors import RuleFileError
    from game.rules.loader import load_rules

    try:
        rules = load_rules(args.rules)
    except RuleFileError as err:
        print_errors(err.errors, file=sys.stderr)
        return REFUSED
    if args.players not in rules.model.allowed_counts():
        print(
            _("these rules are for {allowed} players, not {players}").format(
                allowed=say(rules.model.players_text()), players=args.players
            ),
            file=sys.stderr,
        )
        return USAGE
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    unknown = [level for level in levels if level not in BOTS]
    if unknown:
        print(
            _("unknown bot '{level}' (known: {known})").format(
                level=printable(unknown[0]), known=", ".join(BOTS)
            ),
            file=sys.stderr,
        )
        return USAGE
    if len(levels) != args.players:
        print(
            ngettext(
                "--bots names {n} level for {players} seats: name one per seat",
                "--bots names {n} levels for {players} seats: name one per seat",
                len(levels),
            ).format(n=len(levels), players=args.players),
            file=sys.stderr,
        )
        return USAGE
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        print(_("--games and --jobs must be at least 1"), file=sys.stderr)
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
        line = _("{done}/{total} games, {seconds} s, about {left} s to go").format(
            done=done, total=total, seconds=f"{seconds:.0f}", left=f"{left:.0f}"
        )
        if live:
            print(f"\r{line} ", end="" if done < total else "\n", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    try:
        standings = tournament.run(setup, args.jobs, progress)
    except MatchDidNotEnd as err:
        print(_endless(err), file=sys.stderr)
        return REFUSED
    data = tournament.summary(setup, standings, time.perf_counter() - started)
    if args.json:
        print(json.dumps(data))
    else:
        tournament.print_table(data)
    return DONE
