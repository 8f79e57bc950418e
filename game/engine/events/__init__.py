"""The events the engine writes, and the replay-log format they make.

One TypedDict per kind of event (in this package's modules: `match`, a
match and its rounds; `turn`, a turn; `hands`, cards moved between hands
and piles), and in it every field: its type, whether it
is always there (`NotRequired` when not), the values it may hold (the check
its type is `Annotated` with, game/engine/event_fields.py) and what it means
(`means`). This is the one declaration of the format: the engine's code is
type-checked against it (mypy), a log line is validated against it (pydantic
runs the checks; game/log/format.py builds the validator once), and
docs/replay-format.md lists the same events and fields
(tests/engine/test_event_schema.py holds the page to it).

Beside each type, its `EventKind` (game/engine/event_kinds.py): what the
readers of events (the narrator, the table, the bots, the replay reader)
need to know of it, and who sees the cards of each field. A type without
one, a declaration naming a field the type has not, or a field of cards
(game/engine/event_fields.py `CARD_TYPES`) without its `cards=` entry fails
as this package is imported.

An event is a plain dict (the log line is its JSON, keys in the order the
engine writes them), so these types cost the engine nothing as it plays.
"""

# No `from __future__ import annotations`: TypedDict sees `NotRequired` only
# in annotations evaluated when the class is made (each module of this
# package is written so). pydantic reads TypedDicts of typing_extensions
# only, before Python 3.12.
from typing import get_args, get_type_hints

from game.engine.event_fields import holds_cards
from game.engine.event_kinds import EVENT_KINDS, Saying, SeenBy
from game.engine.events.hands import HandEvents, HandsEvent
from game.engine.events.match import MatchEvents, RoundEndEvent
from game.engine.events.turn import TurnEvents

# Every event of the format: each module's events, each declared there.
Event = MatchEvents | TurnEvents | HandEvents

# Where the engine writes an action's events: the list they are appended to,
# or None where nothing will read them (a playout on a copy made with
# `GameState.clone(events=False)`). Then no event is built at all, which
# saves about a seventh of what an action costs on the Python source and a
# fifth compiled; so every writer asks first:
#     if events is not None:
#         events.append({"t": "turn", "p": seat})
EventSink = list[Event] | None


def _kind_name(event_type: type) -> str:
    (kind,) = get_args(get_type_hints(event_type)["t"])
    return str(kind)


# Every kind of event by its `t`: a match's, a turn's, then those of hands and piles.
EVENT_TYPES: dict[str, type] = {_kind_name(kind): kind for kind in get_args(Event)}


def _check_declarations() -> None:
    """Every event type has its declaration, and each field a declaration
    names is one of the event's: a reader that looks it up finds it."""
    if set(EVENT_KINDS) != set(EVENT_TYPES):
        missing = sorted(set(EVENT_TYPES) - set(EVENT_KINDS))
        extra = sorted(set(EVENT_KINDS) - set(EVENT_TYPES))
        raise ValueError(f"events without a declaration: {missing}; without a type: {extra}")
    for name, kind in EVENT_KINDS.items():
        types = get_type_hints(EVENT_TYPES[name], include_extras=True)
        fields = set(types)
        named = {*kind.concerns, *kind.when, *([kind.actor] if kind.actor else [])}
        if isinstance(kind.says, Saying):
            named |= set(kind.says.seats.values())
        for seen in [*kind.cards.values(), kind.moves_hands]:
            if isinstance(seen, SeenBy):
                named |= {*seen.fields, *seen.face_up_when}
        named |= set(kind.cards)
        if not named <= fields:
            raise ValueError(f"event {name!r} declares fields it has not: {sorted(named - fields)}")
        # Who sees a card is declared, never guessed: a field of cards
        # without an entry would be shown to every seat.
        unsaid = sorted(
            f for f, type_ in types.items() if holds_cards(type_) and f not in kind.cards
        )
        if unsaid:
            raise ValueError(
                f"event {name!r} does not say who sees the cards in {unsaid}"
                " (`cards=` in its EventKind, game/engine/event_kinds.py)"
            )


_check_declarations()

__all__ = ["EVENT_TYPES", "Event", "EventSink", "HandsEvent", "RoundEndEvent"]
