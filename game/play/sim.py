"""Bots playing whole matches: the loop behind `simulate`, tests and benchmarks.

Out-of-turn moments (an open UNO catch window) are offered to every seat
that has an out-of-turn action, in seating order from the seat to act,
before the seat to act decides; each bot may take one action or let it pass.

Bots that remember what they saw (`watches`) are told every action with the
events as their seat saw them (`seen_events`); `seat_bots` and `tell_bots`
are how any driver does it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import (
    apply_in_place,
    fresh_legal_actions,
    legal_actions,
    new_game,
    out_of_turn_seats,
    view,
)
from game.engine.decisions import Ask, asks
from game.engine.ruleset import RuleSet
from game.engine.seen import seen_events


@dataclass
class MatchResult:
    winner: int
    scores: list[int]
    events: Sequence[Mapping[str, Any]]


def seat_bots(state, bots) -> list:
    """Tell each bot where it sits; return the seats whose bots watch the game."""
    for seat, bot in enumerate(bots):
        bot.sit(state.rules, seat)
    return [seat for seat, bot in enumerate(bots) if bot.watches]


def tell_bots(bots, watchers: list[int], action, events: Sequence[Mapping[str, Any]]) -> None:
    """Show one action's events to every watching bot, as its seat saw them
    (`bots` is indexed by seat: a list, or a mapping of the bot seats)."""
    for seat in watchers:
        bots[seat].observe(action, seen_events(events, seat))


# What a whole match may take before it is given up on. The rule checks keep
# a rule set's matches far below it (game/play/selftest.py, MATCH_ACTIONS).
MAX_MATCH_ACTIONS = 2_000_000


class MatchDidNotEnd(RuntimeError):
    """The bots played `actions` actions and the match (or round) went on."""

    def __init__(self, actions: int) -> None:
        super().__init__(actions)  # its only argument: it crosses a process pool whole
        self.actions = actions

    def __str__(self) -> str:
        return f"the match did not end within {self.actions:,} actions"


# A watcher sees the state after each action with the events so far and the
# index where that action's events begin; it returns True once it has seen
# enough, and is not called again (what it costs is paid only while it looks).
Watch = Callable[[Any, list, int], bool]


def play_out(
    state, bots, events: list, max_actions: int | None = None, watch: Watch | None = None
) -> int:
    """Let the bots play `state` to its end, appending the events; returns actions taken."""
    limit = MAX_MATCH_ACTIONS if max_actions is None else max_actions
    return _drive(state, bots, events, limit, whole_match=True, watch=watch)


def play_out_round(state, bots, events: list, max_actions: int | None = None) -> int:
    """Let the bots play the current round to its end (the match may go on)."""
    limit = MAX_MATCH_ACTIONS if max_actions is None else max_actions
    return _drive(state, bots, events, limit, whole_match=False)


def _drive(
    state, bots, events: list, max_actions: int, whole_match: bool, watch: Watch | None = None
) -> int:
    taken = 0
    players = state.players
    # The state changes in place, so one `look` per seat serves the whole game.
    looks = [functools.partial(view, state, seat) for seat in range(players)]
    jump_in = state.flags.jump_in
    choosers = [bot.choose for bot in bots]
    watchers = seat_bots(state, bots)
    while not state.over:
        decision = state.pending
        if not whole_match and asks(decision) is Ask.ROUND_OVER:
            break
        if state.uno_window >= 0 or jump_in:
            for seat in out_of_turn_seats(state):
                if seat == state.to_act:
                    continue  # a jump-in made it this seat's turn
                offered = legal_actions(state, seat)
                if offered:
                    choice = bots[seat].interject(looks[seat], offered)
                    if choice is not None:
                        new = apply_in_place(state, choice, trusted=True)
                        done = len(events)
                        events.extend(new)
                        if watch is not None and watch(state, events, done):
                            watch = None
                        if watchers:
                            tell_bots(bots, watchers, choice, new)
                        taken += 1
                        if state.over or not out_of_turn_seats(state):
                            break
            if state.over:
                break
            decision = state.pending
        seat = decision.seat
        choice = choosers[seat](looks[seat], fresh_legal_actions(state, seat))
        done = len(events)
        apply_in_place(state, choice, True, events)  # trusted; append to events
        if watchers:
            tell_bots(bots, watchers, choice, events[done:])
        if watch is not None and watch(state, events, done):
            watch = None
        taken += 1
        if taken > max_actions:
            raise MatchDidNotEnd(max_actions)
    return taken


def play_match(
    rules: RuleSet,
    players: int,
    seed: int,
    bots,
    *,
    single_round: bool = False,
    watch: Watch | None = None,
) -> MatchResult:
    """`watch`: see `Watch` (the rule lab's leader after five turns is one)."""
    state, events = new_game(rules, players, seed, single_round=single_round)
    tell_bots(bots, seat_bots(state, bots), None, events)
    play_out(state, bots, events, watch=watch)
    assert state.winner is not None, "a match played out has a winner"
    return MatchResult(state.winner, list(state.scores), events)


@dataclass
class Tally:
    """What a table wants to know before adopting a rule, counted from events."""

    players: int
    games: int = 0
    rounds: int = 0
    turns: int = 0
    cards_drawn: int = 0
    first_player_wins: int = 0
    wins: list[int] = field(default_factory=list)
    last_card: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players

    def add_match(self, result: MatchResult) -> None:
        self.games += 1
        self.wins[result.winner] += 1
        first = None
        last_play = None
        for event in result.events:
            kind = event["t"]
            if kind == "turn":
                self.turns += 1
            elif kind == "draw":
                self.cards_drawn += len(event["cards"])
            elif kind == "play":
                last_play = event["card"]
            elif kind == "start":
                first = event["first"]
            elif kind == "round_end":
                self.rounds += 1
                if event["winner"] == first:
                    self.first_player_wins += 1
                if last_play is not None and not event.get("blocked"):
                    # A two-sided card ends the round on its face in play.
                    face = last_play.partition("/")[0].split(":", 1)[1]
                    kind_name = "number" if face.isdigit() else face
                    self.last_card[kind_name] = self.last_card.get(kind_name, 0) + 1
                last_play = None

    def summary(self) -> dict:
        rounds = max(1, self.rounds)
        return {
            "rounds": self.rounds,
            "turns_per_round": self.turns / rounds,
            "first_player_win_share": self.first_player_wins / rounds,
            "cards_drawn_per_turn": self.cards_drawn / max(1, self.turns),
            "round_ends_on": {k: v / rounds for k, v in sorted(self.last_card.items())},
        }
