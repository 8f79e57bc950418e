"""A short, bounded self-test of a rule set: `check` plays it before accepting it
(`check_files`).

A rule set can be valid setting by setting and still unplayable: no card can
ever be played, rounds only stop at the turn limit, or a match would need
millions of rounds to reach its target. `self_test` plays a few seeded rounds
with random bots (the loop of `simulate`, game/play/sim.py) at the smallest and
the largest table the rules allow, within a fixed budget of actions, and
says in words what would go wrong at a real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.bots import make_bot
from game.engine import new_game
from game.engine.ruleset import RuleSet
from game.engine.scoring import SCHEMES
from game.files.resources import RULES_DIR
from game.play.sim import MAX_MATCH_ACTIONS, play_out_round
from game.rules.errors import RuleError
from game.rules.loader import each_loaded

SEEDS = (1, 2, 3)
# A turn is a play or a draw; around it come colour choices, UNO calls,
# catches and passes. A round that takes more actions than this per turn of
# its turn limit would never stop.
ACTIONS_PER_TURN = 4
# What a whole match may take: half of what `simulate` plays before it gives
# up on a match, so that a match a little longer than the estimate still ends.
MATCH_ACTIONS = MAX_MATCH_ACTIONS // 2


def check_files(paths: Sequence[str], rules_dir: Path = RULES_DIR) -> list[RuleError]:
    """Every error in each file, as `check` reports them: what does not load
    (game/rules/loader.py `each_loaded`), then, for what loads, what keeps it
    from playing (`self_test`): accepted means playable."""
    errors: list[RuleError] = []
    for found in each_loaded(paths, rules_dir):
        if isinstance(found, RuleError):
            if found not in errors:
                errors.append(found)
            continue
        shown, rules = found
        errors.extend(RuleError(shown, 1, 1, problem) for problem in self_test(rules))
    return errors


def self_test(rules: RuleSet) -> list[str]:
    """What keeps these rules from playing to an end, in words; [] when they play.

    The work is bounded: at most len(SEEDS) rounds at each of two table sizes,
    each stopped after ACTIONS_PER_TURN x turn_limit (+ the deal) actions."""
    counts = rules.model.allowed_counts()
    turn_limit = rules.model.round_end.turn_limit
    cap = ACTIONS_PER_TURN * turn_limit + 1_000
    rounds = 0
    won = 0  # rounds a player won by going out, not at the turn limit
    played = 0  # cards played from a hand
    actions = 0
    best_gain = 0  # points scored by the round's top scorer, summed over rounds
    for players in sorted({counts[0], counts[-1]}):
        for seed in SEEDS:
            state, events = new_game(rules, players, seed, single_round=True)
            bots = [make_bot("random", seed * 101 + seat) for seat in range(players)]
            try:
                actions += play_out_round(state, bots, events, max_actions=cap)
            except RuntimeError:
                return [
                    f"self-test: a round for {players} players (seed {seed}) did not end within"
                    f" {cap} actions: these rules let play go on without end"
                ]
            rounds += 1
            played += sum(1 for event in events if event["t"] == "play")
            for event in events:
                if event["t"] == "round_end":
                    won += not event.get("blocked")
                    best_gain += max(event["points"].values(), default=0)
    if played == 0:
        return [
            f"self-test: no card could be played in {rounds} rounds with random players:"
            " hands only grow"
        ]
    if won == 0:
        return [
            f"self-test: none of {rounds} rounds with random players ended with a player going"
            f" out; each stopped at the turn limit ({turn_limit}) or with nothing left to draw"
        ]
    return match_problems(rules, rounds, actions, best_gain)


def _sharing(rules: RuleSet, players: int) -> int:
    """How many sides the points of a round may be shared out between at
    `players` seats: the seats (or teams) where only a round's winner scores, else 1."""
    scoring = rules.model.scoring
    if not SCHEMES[scoring.scheme].winner_scores:
        return 1
    return players // 2 if scoring.teams else players


def match_problems(rules: RuleSet, rounds: int, actions: int, gain: int) -> list[str]:
    """What `rounds` rounds measured (`actions` taken, `gain` points scored
    by their top scorers) say of a whole match: [] when it ends in time."""
    counts = rules.model.allowed_counts()
    targets = [(t, n) for n in counts if (t := rules.target_for(n)) is not None]
    if not targets:
        return []
    target = max(t for t, _n in targets)
    if gain == 0:
        return [
            f"self-test: no round of {rounds} scored a point, so a match to {target} cannot end"
        ]
    # `gain` is what each round's top scorer scored. Where only a round's
    # winner scores, one seat winning every round reaches the target soonest;
    # with the wins shared out every side (a seat, or a team) may come close
    # before one reaches it, so the match may be that many times longer.
    rounds_needed = max(t * _sharing(rules, n) for t, n in targets) * rounds / gain
    if rules.model.scoring.at_target == "eliminated":
        rounds_needed *= max(counts) - 1
    actions_needed = rounds_needed * actions / rounds
    if actions_needed > MATCH_ACTIONS:
        return [
            f"self-test: a match to {target} could take about {rounds_needed:,.0f} rounds"
            f" ({actions_needed:,.0f} actions; at most {MATCH_ACTIONS:,}): lower the target"
            " or give the cards more points"
        ]
    return []
