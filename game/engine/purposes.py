"""What a decision is for: what its answer does, and to whom. A bot or the
hint weighs an answer by its purpose, not by the kind's name, so a new kind
with a known purpose is answered sensibly with no table of its own.

A kind declares its purpose (game/engine/decisions.py); a decision may carry
a purpose of its own, set by the effect that opened it: `player` ("pick
another seat") opened for a hand swap is `SWAP`, opened for "the chosen
player draws" is `HURT`. An effect says what it does to the chosen seat by
its parameters' `on_chosen` (game/engine/block_types.py).

A module of its own, importing nothing, so that every record may name a
purpose (`pending.Decision`)."""

from __future__ import annotations

from enum import StrEnum


class Purpose(StrEnum):
    TURN = "turn"  # one's own turn: play a card, draw or pass
    OWED = "owed"  # cards owed: take them, stack or challenge
    NAME_COLOR = "name_color"  # the colour in force from now
    SWAP = "swap"  # the chosen seat's hand becomes the chooser's, and the other way
    HURT = "hurt"  # the chosen seat draws, or is slowed
    HELP = "help"  # the chosen seat gains (a card given, a turn)
    KEEP = "keep"  # keep the card looked at, or take one blind
    SHED = "shed"  # play more cards of the hand now, or not
    LAST_ACTS = "last_acts"  # which card goes down next: the last one down acts
    NEXT_ROUND = "next_round"  # the round is over: start the next


# The purposes that pick a seat: who the chosen seat is to the chooser.
PICKS_A_SEAT = frozenset({Purpose.SWAP, Purpose.HURT, Purpose.HELP})
