"""Whole matches played by bots, checked after every action: the engine of
the property tests (tests/engine/test_properties*.py).

`play_game(rules, players, seed, levels, on_step=Checker(rules))` plays a
match the way `game.play.sim` drives one; the `Checker` asserts after every
action that cards are conserved and that the seat to act has a legal
action, and `Checker.check_log` that the match's log re-executes
(`game.log.Reexecution`) to the engine's table, at the end and at two
points on the way.
"""

from __future__ import annotations

import functools

from game.bots import make_bot
from game.engine import Play, apply, legal_actions, new_game, view
from game.engine.rng import Rng
from game.log import Incomplete, LogError, Reexecution, reexecute

# Far beyond any game seen: the longest option mixes take ~40,000 actions.
MAX_ACTIONS = 100_000


# --- bots and the game loop --------------------------------------------------------


class EagerRandomBot:
    """The random bot, except that it plays (7 times in 8) when it can.

    Used for random seats when the rules let a seat draw instead of playing:
    the plain random bot then draws about as often as it plays, hands grow
    without end and a match can run for millions of actions. That is the
    bot's doing, not the engine's; this bot keeps such games finite."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.inner = make_bot("random", seed)

    def choose(self, look, actions):
        plays = [a for a in actions if type(a) is Play]
        if plays and self.rng.below(8):
            return plays[self.rng.below(len(plays))]
        return self.inner.choose(look, actions)

    def interject(self, look, actions):
        return self.inner.interject(look, actions)


def make_bots(rules, levels: list[str], seed: int) -> list:
    eager = rules.model.turn.draw_when_playable
    bots = []
    for seat, level in enumerate(levels):
        bot_seed = seed + 1 + seat
        if level == "random" and eager:
            bots.append(EagerRandomBot(bot_seed))
        else:
            bots.append(make_bot(level, bot_seed, rules))
    return bots


def next_action(state, bots):
    """The table's next action, much as `game.play.sim` drives it: each other seat,
    in order from the seat to act, may interject (an UNO call, a catch);
    if none does, the seat to act decides."""
    players = state.players
    to_act = state.to_act
    for step in range(1, players):
        seat = (to_act + step) % players
        offered = legal_actions(state, seat)
        if offered:
            choice = bots[seat].interject(functools.partial(view, state, seat), offered)
            if choice is not None:
                return choice
    seat = state.to_act
    offered = legal_actions(state, seat)
    return bots[seat].choose(functools.partial(view, state, seat), offered)


def play_game(rules, players: int, seed: int, levels: list[str], on_step=None, **game_kw):
    """Play a match with bots; `on_step(state, action, events)` after each action.
    Returns (final state, all events, the actions taken)."""
    state, events = new_game(rules, players, seed, **game_kw)
    if on_step is not None:
        on_step(state, None, events)
    bots = make_bots(rules, levels, seed)
    actions = []
    while not state.over:
        action = next_action(state, bots)
        state, new = apply(state, action, in_place=True)
        actions.append(action)
        events.extend(new)
        if on_step is not None:
            on_step(state, action, new)
        assert len(actions) <= MAX_ACTIONS, f"the match did not end in {MAX_ACTIONS} actions"
    return state, events, actions


# --- the checks ----------------------------------------------------------------------


def check_conservation(state) -> None:
    held = [card for hand in state.hands for card in hand]
    # A draft sets cards aside: the card being looked at and the draft discard.
    aside = list(state.draft_discard) + ([state.draft_card] if state.draft_card >= 0 else [])
    everything = sorted(held + list(state.draw_pile) + list(state.discard) + aside)
    assert everything == list(range(state.cards.size)), (
        f"cards not conserved: {len(everything)} of {state.cards.size} ids, "
        f"duplicates {sorted({c for c in everything if everything.count(c) > 1})}"
    )


def check_can_act(state) -> None:
    if state.over:
        assert state.pending is None or not legal_actions(state, state.pending.seat)
        return
    seat = state.to_act
    assert seat is not None, "the match is not over but nobody is to act"
    assert legal_actions(state, seat), f"seat {seat} is to act but has no legal action"


def table_of_engine(state) -> dict:
    """The table by card names. Hands and the draw pile are compared as
    multisets: which of two identical cards a seat played (so the order of
    its hand), or the order a Shuffle Hands redeal left in the draw pile,
    the log does not always tell."""
    names = state.cards.names
    decision = state.pending
    return {
        "hands": [sorted(names[c] for c in hand) for hand in state.hands],
        "discard": [names[c] for c in state.discard],
        "draw_pile": sorted(names[c] for c in state.draw_pile),
        "color": state.cards.color_name(state.color),
        "direction": state.direction,
        "scores": list(state.scores),
        "round": state.round_no,
        "dealer": state.dealer,
        "pending": None if decision is None else (decision.kind, decision.seat),
        "uno": (list(state.uno_called), state.uno_window),
        "eliminated": list(state.eliminated),
    }


class Checker:
    """Runs every per-action check, and keeps what the log must re-execute to."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.events: list[dict] = []
        self.tables: dict[int, dict] = {}  # events so far -> the engine's table then
        self.steps = 0
        self.round_ends = 0

    def __call__(self, state, action, events) -> None:
        self.events.extend(events)
        self.round_ends += sum(1 for event in events if event["t"] == "round_end")
        check_conservation(state)
        check_can_act(state)
        # An action may write nothing (a choice that opens another): the log
        # shows the table as the last action that wrote something left it.
        self.tables.setdefault(len(self.events), table_of_engine(state))
        self.steps += 1

    def check_log(self, state) -> None:
        """The whole log re-executes to the final state; so do two prefixes of
        it (an interrupted log) to the state the engine had there."""
        try:
            again = reexecute(self.events, self.rules)
        except LogError as err:
            raise AssertionError(f"the log does not re-execute: {err}") from None
        assert table_of_engine(again) == table_of_engine(state)
        assert again.over and again.winner == state.winner
        ends = sorted(self.tables)
        for cut in {ends[len(ends) // 3], ends[2 * len(ends) // 3]}:
            if cut == len(self.events):
                continue
            prefix = Reexecution(enumerate(self.events[:cut], start=1), rules=self.rules)
            try:
                shown = sum(1 for _ in prefix)
            except Incomplete:
                pass
            except LogError as err:
                raise AssertionError(f"the log's first {cut} events: {err}") from None
            else:
                raise AssertionError(f"the first {cut} events ({shown}) made a whole match")
            assert prefix.state is not None
            assert table_of_engine(prefix.state) == self.tables[cut], f"after {cut} events"
