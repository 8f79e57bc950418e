"""Every event the engine declares is known to everything that reads events:
the narrator, the table model, the table's animation, a bot's memory and the
replay reader each have an entry for it, or its declaration says, as a
choice, that they have nothing to do with it (game/engine/event_kinds.py).

Adding an event is its type and its `EventKind` (game/engine/events/), its
words and the code that writes it; a reader left without an entry it is
declared to need fails here, not as a line silently missing from the
history.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

import pygame
import pytest
from typing_extensions import TypedDict

from game.bots.knowledge import LEARNT_FROM
from game.engine import events as event_format
from game.engine.actions import Choose
from game.engine.event_fields import Card, Cards, Seat
from game.engine.event_kinds import (
    EVENT_KINDS,
    NOBODY,
    NOTHING_TO_SAY,
    OWN_WORDS,
    EventKind,
    Saying,
    seen_by,
)
from game.engine.events import EVENT_TYPES
from game.engine.seen import seen_events, shown_alone
from game.rules.loader import load_rules
from game.table.animator import ANIMATES
from game.table.model import TAKES_IN
from game.table.narrate import OWN, concerns
from game.table.view import TableView
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook

# Each reader with a table of entries by event: (who, its entries, which kinds need one).
Reader = tuple[str, Mapping[str, object], Callable[[EventKind], bool]]
READERS: list[Reader] = [
    ("the narrator's own words (OWN, game/table/narrate.py)", OWN, lambda k: k.says is OWN_WORDS),
    ("the table model (TAKES_IN, game/table/model.py)", TAKES_IN, lambda k: k.table),
    ("the table's animation (ANIMATES, game/table/animator.py)", ANIMATES, lambda k: k.animated),
    ("a bot's memory (LEARNT_FROM, game/bots/knowledge.py)", LEARNT_FROM, lambda k: k.teaches),
]


def gaps(kinds: Mapping[str, EventKind]) -> list[str]:
    """What the readers lack, or keep against the declaration, for `kinds`."""
    found = []
    for reader, entries, needs in READERS:
        wanted = {name for name, kind in kinds.items() if needs(kind)}
        found += [f"{reader} has no entry for {name!r}" for name in sorted(wanted - set(entries))]
        found += [
            f"{reader} has an entry for {name!r}, declared to need none"
            for name in sorted(set(entries) - wanted)
        ]
    for name, kind in kinds.items():
        if not kind.written_by and not kind.by_effects:
            found.append(f"the replay reader cannot tell what writes {name!r} first")
    return found


def test_every_event_type_is_declared_and_every_declaration_has_its_type():
    assert set(EVENT_KINDS) == set(EVENT_TYPES)


def test_every_reader_has_an_entry_for_each_event_declared_to_need_one():
    assert gaps(EVENT_KINDS) == []


# --- a new event ------------------------------------------------------------------

GIFT = EventKind("gift", OWN_WORDS, table=True, teaches=True, animated=True)


def test_a_new_event_that_a_reader_lacks_fails_naming_each_reader():
    found = gaps({**EVENT_KINDS, "gift": GIFT})
    assert len(found) == len(READERS)
    for (reader, _entries, _needs), gap in zip(READERS, found, strict=True):
        assert gap == f"{reader} has no entry for 'gift'"


def test_an_entry_kept_for_an_event_declared_to_need_none_fails():
    silent = EventKind("play", NOTHING_TO_SAY, table=True, teaches=True, animated=True)
    found = gaps({**EVENT_KINDS, "play": silent})
    assert found == [
        "the narrator's own words (OWN, game/table/narrate.py) has an entry for "
        "'play', declared to need none"
    ]


def test_an_event_written_by_nothing_fails():
    lost = EventKind("lost", NOTHING_TO_SAY, table=False, teaches=False, by_effects=False)
    assert gaps({**EVENT_KINDS, "lost": lost}) == [
        "the replay reader cannot tell what writes 'lost' first"
    ]


class PickedEvent(TypedDict):
    t: Literal["picked"]
    p: Seat
    player: Seat


PICKED = EventKind(
    "picked",
    Saying("{name} picks {other}", name="p", other="player"),
    table=False,
    teaches=False,
    actor="p",
    turn_move=True,
    concerns=("p", "player"),
    hold=0.4,
    written_by=(Choose,),
    by_effects=False,
)


@pytest.fixture
def picked(monkeypatch):
    """The `picked` event declared for the length of a test, as a card's own
    event would be: its type and its declaration, nothing else."""
    monkeypatch.setitem(EVENT_KINDS, "picked", PICKED)
    monkeypatch.setitem(EVENT_TYPES, "picked", PickedEvent)
    return {"t": "picked", "p": 0, "player": 1}


def test_a_new_event_declared_with_its_words_needs_nothing_of_any_reader(picked):
    assert gaps(EVENT_KINDS) == []
    event_format._check_declarations()


def test_a_new_event_declared_with_its_words_is_told_held_and_recapped(picked):
    pygame.init()
    names = ["Ana", "Bo", "Cy"]
    view = TableView(CardArt(), 3, names, 108, book=CardBook(load_rules(["classic"])))
    view.feed({"t": "round", "n": 1, "dealer": 2})
    held = view.feed(picked)
    assert held == pytest.approx(0.4 * view.animator.scale)
    told = view.narrator.round_story[-1]
    assert (told.text, told.mover) == ("Ana picks Bo", 0)
    assert concerns(picked, 1) and not concerns(picked, 2)
    assert view.narrator.since_last_move(1).lines[-1].mine
    assert view.model.events == 2  # taken in, changing nothing the table shows


def test_a_declaration_naming_a_field_its_type_has_not_fails_as_the_format_loads(picked):
    EVENT_KINDS["picked"] = EventKind(
        "picked", Saying("{name} picks", name="who"), table=False, teaches=False
    )
    with pytest.raises(ValueError, match=r"'picked' declares fields it has not: \['who'\]"):
        event_format._check_declarations()


def test_an_event_type_without_a_declaration_fails_as_the_format_loads(picked):
    del EVENT_KINDS["picked"]
    with pytest.raises(ValueError, match=r"events without a declaration: \['picked'\]"):
        event_format._check_declarations()


# --- who sees an event's cards -----------------------------------------------------


class PeekEvent(TypedDict):
    """A card's own event: `p` shows `to` its cards, and buries one face down."""

    t: Literal["peek"]
    p: Seat
    to: Seat
    cards: Cards
    buried: Card


PEEK = EventKind(
    "peek",
    Saying("{name} shows {other} a hand", name="p", other="to"),
    table=False,
    teaches=False,
    concerns=("p", "to"),
    by_effects=True,
    cards={"cards": seen_by("p", "to"), "buried": NOBODY},
)


@pytest.fixture
def peek(monkeypatch):
    monkeypatch.setitem(EVENT_KINDS, "peek", PEEK)
    monkeypatch.setitem(EVENT_TYPES, "peek", PeekEvent)
    return {"t": "peek", "p": 0, "to": 2, "cards": ["red:1", "red:2"], "buried": "blue:5"}


def test_a_new_event_holding_cards_without_saying_who_sees_them_fails_as_the_format_loads(
    peek,
):
    EVENT_KINDS["peek"] = EventKind("peek", NOTHING_TO_SAY, table=False, teaches=False)
    with pytest.raises(ValueError, match=r"'peek' does not say who sees the cards in "):
        event_format._check_declarations()


def test_a_new_event_is_hidden_as_its_declaration_says_and_no_other_way(peek):
    event_format._check_declarations()
    (shown,) = seen_events([peek], 2)
    assert shown["cards"] == ["red:1", "red:2"] and shown["buried"] is None
    (hidden,) = seen_events([peek], 1)
    assert hidden["cards"] == [None, None] and hidden["buried"] is None
    assert peek["cards"] == ["red:1", "red:2"], "the original is left alone"
    assert [shown_alone(peek, seat) for seat in range(3)] == [True, False, True]


def test_every_field_of_cards_says_who_sees_it():
    """The engine's own events: the fields of cards and who sees them."""
    sights = {
        name: {field: str(seen) for field, seen in kind.cards.items()}
        for name, kind in EVENT_KINDS.items()
        if kind.cards
    }
    assert set(sights) == {
        "play", "draw", "reveal", "cut", "deal", "draft", "start", "hands", "discard", "flip"
    }  # fmt: skip
    assert sights["reveal"] == {"cards": str(seen_by("to"))}
    assert EVENT_KINDS["swap"].moves_hands == seen_by("p", "with")


# --- what the declarations say ----------------------------------------------------


def test_each_saying_names_a_seat_for_every_placeholder_and_no_other():
    for name, kind in EVENT_KINDS.items():
        if isinstance(kind.says, Saying):
            placeholders = set(re.findall(r"\{(\w+)\}", kind.says.template))
            assert placeholders == set(kind.says.seats), name


def test_the_narrator_says_nothing_only_where_that_is_declared():
    """No event falls through to silence: each is said, in a `Saying` or the
    narrator's own words, or declared to have nothing to say."""
    silent = {name for name, kind in EVENT_KINDS.items() if kind.says is NOTHING_TO_SAY}
    assert silent == {"game", "deal", "turn"}


def test_a_turn_move_names_its_actor():
    for name, kind in EVENT_KINDS.items():
        assert not kind.turn_move or kind.actor is not None, name


# --- a pick that writes a card's own event ----------------------------------------


def test_a_pick_writes_the_event_its_kind_names(picked, monkeypatch, target_kind):
    """A card's kind that picks a seat may write its own event ("Ana picks Bo
    to draw two"), declared with the fields `p` and `player`: the pick
    writes it, and a replay reads the answer back from it."""
    from game.engine import decisions
    from game.engine.choice_effects import declare_pick
    from game.engine.purposes import Purpose
    from tests.support.kind_examples import reach

    _, state = reach("target")
    for table in (decisions.REGISTRY, decisions.ANSWERS, decisions.APPLY):
        table.pop("target")  # type: ignore[call-overload]
    kind = declare_pick("target", "pick who draws two", Purpose.HURT, event="picked")  # type: ignore[arg-type]
    seat, chosen = state.pending.seat, state.pending.options[0]
    events: list = []
    kind.apply[Choose](state, events, Choose(seat, chosen))
    assert events == [{"t": "picked", "p": seat, "player": chosen}]
    assert kind.reads[Choose](state, Choose(seat, chosen), events[0])


def test_a_pick_naming_an_event_of_other_fields_fails_as_it_is_declared(monkeypatch):
    from game.engine import decisions
    from game.engine.choice_effects import declare_pick
    from game.engine.purposes import Purpose

    monkeypatch.setattr(decisions, "KIND_NAMES", (*decisions.KIND_NAMES, "aimed"))
    with pytest.raises(ValueError, match="'swap' is no event of fields p and player"):
        declare_pick("aimed", "pick", Purpose.HURT, event="swap")  # type: ignore[arg-type]
    assert "aimed" not in decisions.REGISTRY
