"""Regenerate docs/house-rules.md: classic against each house rule, by simulation.

    python tools/house_rule_lab.py [--rounds 10000] [--players 4] [--seed 1] [--base NAME]

`--base flip` measures only the lines on that base and keeps the others as
the page has them; `--out PATH` writes another file than the page.

Every line is measured by the rule lab (game/play/rule_lab.py `LabRun`), the one
the New game screen's "What does this do?" runs: basic bots, single rounds,
the same deals for every mix, spread over every core. So the page and the
screen give the same figures for the same rounds and seed, and a table can
see what a house rule does to the game before adopting it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.play.rule_lab import Figures, LabRun  # noqa: E402
from game.rules.errors import RuleFileError  # noqa: E402
from game.rules.loader import layer_base, load_rules  # noqa: E402
from game.rules.names import available_rule_sets, resolve_name  # noqa: E402

DOC = Path(__file__).resolve().parents[1] / "docs" / "house-rules.md"
# House rules that only change a two-player game are measured with two seats,
# next to classic with two seats.
TWO_SEATS = {"house/reverse-no-skip-2p"}
COLUMNS = 8
Mix = tuple[tuple[str, ...], int]


def asked_mixes(players: int) -> list[Mix]:
    """Every line of the page: the bases, then each house rule on its own base,
    then UNO Flip with each house rule that goes on it (and is not its own)."""
    mixes: list[Mix] = [(("classic",), players), (("classic",), 2), (("uno112",), players)]
    mixes += [(("flip",), players), (("flip",), 2)]
    houses = [name for name in available_rule_sets() if name.startswith("house/")]
    for name in houses:
        base = layer_base(resolve_name(name)) or "classic"
        mixes.append(((base, name), 2 if name in TWO_SEATS else players))
    for name in houses:
        if (layer_base(resolve_name(name)) or "classic") != "flip":
            mixes.append((("flip", name), 2 if name in TWO_SEATS else players))
    return mixes


def playable(mixes: list[Mix]) -> list[Mix]:
    """The mixes that load, each at a seat count its rules allow."""
    found = []
    for names, seats in mixes:
        try:
            counts = load_rules(list(names)).model.allowed_counts()
        except RuleFileError as err:
            print(f"skipping {' + '.join(names)}: {err}", file=sys.stderr)
            continue
        found.append((names, seats if seats in counts else counts[0]))
    return found


def row(figures: Figures) -> str:
    return (
        f"| {' + '.join(figures.rules)} | {figures.players} | {figures.turns_per_round:.1f} "
        f"| {figures.first_player_wins:.1%} | {figures.cards_drawn_per_turn:.2f} "
        f"| {figures.ends_on_number:.1%} | {figures.ends_on_action:.1%} "
        f"| {figures.leader_wins:.1%} |"
    )


def measure(mixes: list[Mix], rounds: int, seed: int) -> dict[Mix, Figures]:
    """Every mix's figures from one lab run, its progress told on stderr."""
    with LabRun(mixes, rounds, seed=seed) as run:
        told = 0.0
        while not run.poll():
            if time.monotonic() - told > 10:
                done, asked = run.progress
                print(f"{done:,} of {asked:,} rounds", file=sys.stderr, flush=True)
                told = time.monotonic()
            time.sleep(0.2)
        return run.wait()


def _rows_on_page(doc: Path) -> dict[Mix, str]:
    """The page's table rows by (rules, seats), to keep the lines not measured."""
    if not doc.exists():
        return {}
    rows = {}
    for line in doc.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and len(cells) == COLUMNS and cells[1].isdigit():
            rows[(tuple(cells[0].split(" + ")), int(cells[1]))] = line
    return rows


def _turns(line: str) -> float:
    return float(line.strip("|").split("|")[2])


def _notable(rows: list[tuple[Mix, str]]) -> list[str]:
    base_turns = {
        (names[0], players): _turns(line) for (names, players), line in rows if len(names) == 1
    }
    lines = []
    for (names, players), line in rows:
        base = base_turns.get((names[0], players))
        if len(names) == 1 or not base:
            continue
        change = _turns(line) / base - 1
        if abs(change) > 0.10:
            how = "shorter" if change < 0 else "longer"
            lines.append(f"- {names[-1]}: rounds {abs(change):.0%} {how} than {names[0]}.")
    return lines or ["- nothing: every house rule keeps rounds within 10% of its base."]


def page(rounds: int, seed: int, rows: list[tuple[Mix, str]]) -> str:
    return "\n".join(
        [
            "# House rules by the numbers",
            "",
            f"Each line: {rounds:,} single rounds with basic bots (seed {seed}), measured by",
            "the rule lab (`game/play/rule_lab.py`), the same one the New game screen's",
            '"What does this do?" runs ([playing.md](playing.md#trying-a-mix-first)). '
            "Regenerate with",
            "`python tools/house_rule_lab.py`. House rules that need the 112-card deck are",
            "measured on `uno112`; a rule about two players, with two seats. UNO Flip's lines",
            "follow, with every house rule that goes on it (`--base flip` measures just those).",
            "Rules that only change scoring or the match (loser-scores, rounds-won, teams,",
            "app-2-4) show the same single rounds as their base: their effect is on the",
            "match, not the round. The last column is how often whoever has fewest cards",
            "once five turns are over goes on to win the round (a tie shares it).",
            "",
            "| rules | seats | turns per round | first player wins | cards drawn per turn "
            "| rounds ending on a number | on an action or wild | leader after 5 turns wins |",
            "|---|---|---|---|---|---|---|---|",
            *[line for _, line in rows],
            "",
            "What stands out (rounds more than 10% longer or shorter than the base's at the",
            "same seat count):",
            "",
            *_notable(rows),
            "",
            "The first player's share shows how much being first matters: a fair game",
            "would give 1/seats (25% with four).",
            "",
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", help="measure only the lines on this base")
    parser.add_argument("--out", type=Path, default=DOC, help="the page to write")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    mixes = playable(asked_mixes(args.players))
    kept = _rows_on_page(args.out) if args.base else {}
    measured = [mix for mix in mixes if not args.base or mix[0][0] == args.base]
    found = measure(measured, args.rounds, args.seed)
    rows = []
    for mix in mixes:
        line = row(found[mix]) if mix in found else kept.get(mix)
        if line is not None:
            rows.append((mix, line))
    args.out.write_text(page(args.rounds, args.seed, rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
