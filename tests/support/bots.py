"""A driver for bot tests: the simulator's loop, step by step, with a hook
before every decision a bot takes (so a test can look at the bot's
knowledge against the real table, or ask it the same question twice)."""

from __future__ import annotations

import functools

from game.bots import make_bot
from game.bots.expert import ExpertBot
from game.engine import apply_in_place, legal_actions, new_game, out_of_turn_seats, view
from game.play.sim import seat_bots, tell_bots

MAX_ACTIONS = 20_000
# The expert searches with a small budget in tests: the same code, less time.
EXPERT_STEPS = 300


def bots_for(rules, levels: list[str], seed: int) -> list:
    bots = [make_bot(level, seed * 31 + seat, rules) for seat, level in enumerate(levels)]
    for bot in bots:
        if isinstance(bot, ExpertBot):
            bot.steps = EXPERT_STEPS
    return bots


def play(
    rules,
    levels: list[str],
    seed: int,
    *,
    rounds: int = 1,
    before=None,
    after=None,
    players=None,
    first_bot=None,
):
    """Play `rounds` rounds (or to the end of the match) with bots of `levels`;
    `before(state, seat, bot, actions, out_of_turn)` runs before each bot
    decides, `after(state, action, events)` after each action (and once for
    the events of the deal, with action None); `first_bot` replaces seat 0's.
    Returns (state, events)."""
    players = players or len(levels)
    state, events = new_game(rules, players, seed)
    bots = bots_for(rules, levels, seed)
    if first_bot is not None:
        bots[0] = first_bot
    watchers = seat_bots(state, bots)
    tell_bots(bots, watchers, None, events)
    if after is not None:
        after(state, None, events)
    taken = 0
    played_rounds = 0
    while not state.over:
        if state.pending.kind == "next_round":
            played_rounds += 1
            if played_rounds >= rounds:
                break
        action = None
        for seat in out_of_turn_seats(state):
            if seat == state.to_act:
                continue
            offered = legal_actions(state, seat)
            if offered:
                if before is not None:
                    before(state, seat, bots[seat], offered, True)
                action = bots[seat].interject(functools.partial(view, state, seat), offered)
                if action is not None:
                    break
        if action is None:
            seat = state.to_act
            offered = legal_actions(state, seat)
            if before is not None:
                before(state, seat, bots[seat], offered, False)
            action = bots[seat].choose(functools.partial(view, state, seat), offered)
        new = apply_in_place(state, action)
        events.extend(new)
        tell_bots(bots, watchers, action, new)
        if after is not None:
            after(state, action, new)
        taken += 1
        assert taken < MAX_ACTIONS, "the game did not end"
    return state, events
