"""Regenerate docs/house-rules.md: classic against each house rule, by simulation.

    python tools/house_rule_lab.py [--rounds 10000] [--players 4] [--seed 1] [--base NAME]

`--base flip` measures only the lines on that base and keeps the others as
the page has them.

Each line is the same rule lab `python main.py simulate --rounds-only`
prints, with basic bots, so a table can see what a house rule does to the
game before adopting it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import make_bot  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.rules.errors import RuleFileError  # noqa: E402
from game.rules.loader import layer_base, load_rules  # noqa: E402
from game.rules.names import available_rule_sets, resolve_name  # noqa: E402
from game.sim import Tally, play_match  # noqa: E402

DOC = Path(__file__).resolve().parents[1] / "docs" / "house-rules.md"
# House rules that only change a two-player game are measured with two seats,
# next to classic with two seats.
TWO_SEATS = {"house/reverse-no-skip-2p"}


def lab(names: list[str], players: int, rounds: int, seed: int) -> dict:
    rules = load_rules(names)
    seeds = Rng(seed)
    tally = Tally(players)
    for _ in range(rounds):
        game_seed = seeds.next_u64() >> 1
        bots = [make_bot("basic", game_seed + 1 + s) for s in range(players)]
        tally.add_match(play_match(rules, players, game_seed, bots, single_round=True))
    return tally.summary()


def _rows_on_page() -> dict[tuple[str, int], str]:
    """The page's table rows by (rules, seats), to keep the lines not measured."""
    if not DOC.exists():
        return {}
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 7 and cells[1].isdigit():
            rows[(cells[0], int(cells[1]))] = line
    return rows


def _turns(row: str) -> float:
    return float(row.strip("|").split("|")[2])


def _notable(rows: list[tuple[list[str], int, str]]) -> list[str]:
    base_turns = {
        (names[0], players): _turns(row) for names, players, row in rows if len(names) == 1
    }
    lines = []
    for names, players, row in rows:
        base = base_turns.get((names[0], players))
        if len(names) == 1 or not base:
            continue
        change = _turns(row) / base - 1
        if abs(change) > 0.10:
            how = "shorter" if change < 0 else "longer"
            lines.append(f"- {names[-1]}: rounds {abs(change):.0%} {how} than {names[0]}.")
    return lines or ["- nothing: every house rule keeps rounds within 10% of its base."]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", help="measure only the lines on this base")
    args = parser.parse_args()
    mixes = [(["classic"], args.players), (["classic"], 2), (["uno112"], args.players)]
    mixes.append((["flip"], args.players))  # the base of its own house rules
    mixes.append((["flip"], 2))
    houses = [name for name in available_rule_sets() if name.startswith("house/")]
    for name in houses:
        base = layer_base(resolve_name(name)) or "classic"
        mixes.append(([base, name], 2 if name in TWO_SEATS else args.players))
    # UNO Flip with each house rule that goes on it (and is not its own).
    for name in houses:
        if (layer_base(resolve_name(name)) or "classic") != "flip":
            mixes.append((["flip", name], 2 if name in TWO_SEATS else args.players))
    kept = _rows_on_page() if args.base else {}
    results: list[tuple[list[str], int, str]] = []
    for names, seats in mixes:
        try:
            rules = load_rules(names)
        except RuleFileError as err:
            print(f"skipping {names}: {err}", file=sys.stderr)
            continue
        players = seats
        if players not in rules.model.allowed_counts():
            players = rules.model.allowed_counts()[0]
        if args.base and names[0] != args.base:
            row = kept.get((" + ".join(names), players))
            if row is not None:
                results.append((names, players, row))
            continue
        summary = lab(names, players, args.rounds, args.seed)
        ends = summary["round_ends_on"]
        action_end = 1 - ends.get("number", 0)
        row = (
            f"| {' + '.join(names)} | {players} | {summary['turns_per_round']:.1f} "
            f"| {summary['first_player_win_share']:.1%} | {summary['cards_drawn_per_turn']:.2f} "
            f"| {ends.get('number', 0):.1%} | {action_end:.1%} |"
        )
        results.append((names, players, row))
        print(row, flush=True)
    rows = [row for _, _, row in results]
    text = [
        "# House rules by the numbers",
        "",
        f"Each line: {args.rounds:,} single rounds with basic bots (seed {args.seed}), the",
        "figures `simulate --rounds-only` prints. Regenerate with",
        "`python tools/house_rule_lab.py`. House rules that need the 112-card deck are",
        "measured on `uno112`; a rule about two players, with two seats. UNO Flip's lines",
        "follow, with every house rule that goes on it (`--base flip` measures just those).",
        "Rules that only change scoring or the match (loser-scores, rounds-won, teams,",
        "app-2-4) show the same single rounds as their base: their effect is on the",
        "match, not the round.",
        "",
        "| rules | seats | turns per round | first player wins | cards drawn per turn "
        "| rounds ending on a number | on an action or wild |",
        "|---|---|---|---|---|---|---|",
        *rows,
        "",
        "What stands out (rounds more than 10% longer or shorter than the base's at the",
        "same seat count):",
        "",
        *_notable(results),
        "",
        "The first player's share shows how much being first matters: a fair game",
        "would give 1/seats (25% with four).",
        "",
    ]
    DOC.write_text("\n".join(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
