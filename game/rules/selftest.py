"""A short, bounded self-test of a rule set: `check` plays it before accepting it.

A rule set can be valid setting by setting and still unplayable: no card can
ever be played, rounds only stop at the turn limit, or a match would need
millions of rounds to reach its target. `self_test` plays a few seeded rounds
with random bots (the loop of `simulate`, game/sim.py) at the smallest and
the largest table the rules allow, within a fixed budget of actions, and
says in words what would go wrong at a real table.
"""

from __future__ import annotations

from game.bots import make_bot
from game.engine import new_game
from game.engine.ruleset import RuleSet
from game.sim import play_out_round

SEEDS = (1, 2, 3)
# A turn is a play or a draw; around it come colour choices, UNO calls,
# catches and passes. A round that takes more actions than this per turn of
# its turn limit would never stop.
ACTIONS_PER_TURN = 4
# What a whole match may take; `simulate` gives up on a match at 2,000,000.
MATCH_ACTIONS = 1_000_000


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
    return _match_problems(rules, rounds, actions, best_gain)


def _match_problems(rules: RuleSet, rounds: int, actions: int, gain: int) -> list[str]:
    counts = rules.model.allowed_counts()
    targets = [t for t in (rules.target_for(n) for n in counts) if t is not None]
    if not targets:
        return []
    target = max(targets)
    if gain == 0:
        return [
            f"self-test: no round of {rounds} scored a point, so a match to {target} cannot end"
        ]
    rounds_needed = target * rounds / gain
    if rules.model.scoring.at_target == "eliminated":
        rounds_needed *= max(counts) - 1
    actions_needed = rounds_needed * actions / rounds
    if actions_needed > MATCH_ACTIONS:
        return [
            f"self-test: a match to {target} would take about {rounds_needed:,.0f} rounds"
            f" ({actions_needed:,.0f} actions; at most {MATCH_ACTIONS:,}): lower the target"
            " or give the cards more points"
        ]
    return []
