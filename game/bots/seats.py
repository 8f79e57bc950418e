"""Who is who at the table, for one seat: the seat that plays after it, its
partner, and whom to pick when a decision picks a seat. One place for each,
read by every bot level, the playouts and the hint.

Whom to pick goes by what the pick is for (game/engine/purposes.py), never
by the kind's name, so a card with a kind of its own is answered sensibly:
- `SWAP` (take their hand): the smallest hand, never a partner's while
  another is offered;
- `HURT` (they draw, or are slowed): the opponent closest to going out, the
  one who plays soonest among equals;
- `HELP` (they gain): the partner, else the one furthest behind (the most
  cards), the one who plays last among equals.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.purposes import Purpose
from game.engine.ruleset import RuleSet
from game.engine.scoring import partner_seat
from game.engine.view import View


def next_seat(view: View, seat: int) -> int:
    """The next seat in play after `seat` in the direction of play."""
    players = view["players"]
    eliminated = view["eliminated"]
    step = view["direction"]
    nxt = (seat + step) % players
    while eliminated[nxt] and nxt != seat:
        nxt = (nxt + step) % players
    return nxt


def partner_of(seat: int, players: int, rules: RuleSet | None) -> int | None:
    """`seat`'s partner: the seat across the table, when the rules play in teams."""
    return partner_seat(rules is not None and rules.model.scoring.teams, seat, players)


def pick_seat(
    purpose: Purpose,
    options: Sequence[int],
    sizes: Sequence[int],
    me: int,
    direction: int,
    partner: int | None = None,
) -> int:
    """Whom `me` picks among `options` (seats) for `purpose`, by the hand sizes."""
    players = len(sizes)

    def soon(seat: int) -> int:  # how many turns until `seat` plays
        return (seat - me) * direction % players

    if purpose is Purpose.HELP:
        if partner is not None and partner in options:
            return partner
        return max(options, key=lambda s: (sizes[s], soon(s)))
    if purpose is Purpose.HURT:
        return min(options, key=lambda s: (s == partner, sizes[s], soon(s)))
    # SWAP: the fewest cards; a partner's hand is better left alone.
    return min(options, key=lambda s: (sizes[s] + (50 if s == partner else 0), s))
