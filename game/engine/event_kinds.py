"""What each kind of event means to those who read it, declared once.

game/engine/events/ declares each event's fields (the replay-log format)
and, beside each, an `EventKind`: what the readers of events need to know of
it. Each reader looks the kind up instead of keeping its own list of names:

- `actor`: the field naming the seat whose action wrote it (a catch is its
  catcher's), or None; `turn_move`: it is that seat's own move on its turn
  (a player's "since your last turn" starts after it), only `when` its
  fields hold those values (a draw is, when it is the turn's own draw);
- `concerns`: the fields naming a seat it happens to (their recap keeps it);
- `says`: what the narrator says (game/table/narrate.py), a declared choice:
  `Saying(...)`, words naming the seats of some fields, which the narrator
  says as they are; `OWN_WORDS`, the narrator's own words, from what it
  remembers (a method there); or `NOTHING_TO_SAY` (the table shows it);
  `story`: its line joins the round's story (a new round's line does not);
- `table`: it changes what the table shows, so the table model takes it in
  (game/table/model.py); else the model ignores it, deliberately;
  `pile`: after it the draw pile's top card may be another card;
- `animated`: the table moves cards or plays a sound for it, its own way
  (game/table/animator.py); else the table only holds `hold` seconds;
- `hand_order`: whether it shows the order of a hand (the re-execution
  relies on it, game/log/reexec.py);
- `teaches`: a seat learns something from it of the cards it cannot see or
  of the table (game/bots/knowledge.py); else it teaches nothing;
- `written_by`: the answers that can write it first (game/log/actions.py),
  and `by_effects`: an effect may write it first, after whichever answer set
  the effect off;
- `cards`: each of its fields that holds cards, and who sees them
  (`EVERYONE`, `EACH_OWN`, `NOBODY`, or `seen_by(...)` the seats named in
  some fields); `moves_hands`: it moves whole hands without naming their
  cards, and the seats named see their new hands (a swap). The engine's
  `seen_events` (game/engine/seen.py) hides by these, and a phone asks it
  which events showed its seat cards alone (game/phones/private.py). A field
  whose type holds cards and has no entry here fails as the format is
  imported (game/engine/events/__init__.py).

tests/test_event_kinds.py fails while a reader lacks an entry for a kind
declared to need one, or keeps an entry for one declared not to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Literal

from game.engine.actions import Action

Tone = Literal["plain", "gold", "warn", "hit"]


class Saying:
    """Words the narrator says of an event: `template` (a gettext msgid,
    extracted through the `Saying` keyword) with each placeholder the name of
    the seat in one of the event's fields: `Saying("{name} passes", name="p")`."""

    __slots__ = ("seats", "template", "tone")

    def __init__(self, template: str, *, tone: Tone = "plain", **seats: str) -> None:
        self.template = template
        self.tone: Tone = tone
        self.seats: Mapping[str, str] = MappingProxyType(dict(seats))

    def __repr__(self) -> str:
        return f"Saying({self.template!r})"


class Narration(Enum):
    """The narrator's answer for a kind with no `Saying`."""

    OWN_WORDS = "own words"  # a method of the narrator's, from what it remembers
    NOTHING_TO_SAY = "nothing to say"  # the table shows it; no line


OWN_WORDS = Narration.OWN_WORDS
NOTHING_TO_SAY = Narration.NOTHING_TO_SAY


class HandOrder(Enum):
    """Whether an event shows the order of a hand's cards."""

    NONE = "none"
    SEAT = "seat"  # the hand of the seat in `p`, as it is held (a reveal, a discard)
    EVERY = "every"  # hands listed as held, or moved whole (a redistribution, a swap)


class Sight(Enum):
    """Who sees the cards of a field, where it is not the seats of some fields."""

    EVERYONE = "everyone"  # face up: a play, the cut, the draft discard
    EACH_OWN = "each own"  # one list per seat (every hand): each seat sees its own
    NOBODY = "nobody"  # face down to every seat


EVERYONE = Sight.EVERYONE
EACH_OWN = Sight.EACH_OWN
NOBODY = Sight.NOBODY


@dataclass(frozen=True, slots=True)
class SeenBy:
    """Cards only the seats named in `fields` see (a draw's drawer, a
    reveal's challenger) - unless the event's fields hold the values of
    `face_up_when`, when they are put face up for all (a draft card turned
    onto the draft discard)."""

    fields: tuple[str, ...]
    face_up_when: Mapping[str, object] = field(default_factory=dict)

    def sees(self, event: Mapping[str, object], seat: int) -> bool:
        if self.face_up_when and all(
            event.get(key) == value for key, value in self.face_up_when.items()
        ):
            return True
        return any(event.get(name) == seat for name in self.fields)


def seen_by(*fields: str, face_up_when: Mapping[str, object] | None = None) -> SeenBy:
    """Cards seen only by the seats in `fields`: `seen_by("p")`."""
    return SeenBy(fields, MappingProxyType(dict(face_up_when or {})))


Seen = Sight | SeenBy


@dataclass(frozen=True, slots=True)
class ShownHand:
    """An event that shows one seat's whole hand to another seat alone (a
    challenge's reveal): the fields naming the hand's owner, the seat it is
    shown to, and its cards. A screen shows that hand to that seat only."""

    owner: str
    to: str
    cards: str


@dataclass(frozen=True, slots=True)
class EventKind:
    name: str
    says: Saying | Narration
    table: bool
    teaches: bool
    actor: str | None = None
    turn_move: bool = False
    when: Mapping[str, object] = field(default_factory=dict)
    concerns: tuple[str, ...] = ()
    story: bool = True
    pile: bool = False
    animated: bool = False
    hold: float = 0.0
    hand_order: HandOrder = HandOrder.NONE
    written_by: tuple[type[Action], ...] = ()
    by_effects: bool = True
    cards: Mapping[str, Seen] = field(default_factory=dict)
    moves_hands: SeenBy | None = None
    shows_hand: ShownHand | None = None

    def moved(self, event: Mapping[str, object]) -> int | None:
        """The seat whose own move on its turn `event` is, or None."""
        if not self.turn_move or self.actor is None:
            return None
        if any(event.get(key) != value for key, value in self.when.items()):
            return None
        seat = event.get(self.actor)
        return seat if isinstance(seat, int) else None

    def happens_to(self, event: Mapping[str, object], seat: int) -> bool:
        """Whether `event` happens to `seat` (they draw, are skipped, picked...)."""
        return any(event.get(key) == seat for key in self.concerns)


EVENT_KINDS: dict[str, EventKind] = {}


def declare_event(kind: EventKind) -> EventKind:
    if kind.name in EVENT_KINDS:
        raise ValueError(f"event {kind.name!r} is declared twice")
    if kind.animated and kind.hold:
        raise ValueError(f"event {kind.name!r}: an animated event's animation says how long")
    EVENT_KINDS[kind.name] = kind
    return kind


def kinds_where(wanted: Callable[[EventKind], bool]) -> frozenset[str]:
    """The names of the kinds declared as `wanted` says (`lambda kind: kind.pile`)."""
    return frozenset(name for name, kind in EVENT_KINDS.items() if wanted(kind))
