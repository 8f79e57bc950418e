"""What a seat's phone is shown and offered: its hand, the public table, and
every legal action of its seat, each in words.

Built from the engine alone, for one seat: `view(state, seat)`, the engine's
answer to what that seat may know, and `legal_actions(state, seat)`. Nothing
of another seat's hand can reach a phone, because nothing here reads one.
The actions are offered generically: whatever a decision kind or a rule set
offers is a numbered option in words (game/ui/action_words.py), grouped by
what the phone shows it as: a card of the hand to tap (a wild's colours as
the choices that card opens), a button, or one of a choice's options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import legal_actions, view
from game.engine.actions import Action, Choose, Play
from game.engine.decisions import REGISTRY, Ask, DecisionKind
from game.engine.state import GameState
from game.i18n import _, language, ngettext, say
from game.phones.story import SeatStory
from game.ui.action_words import action_words
from game.ui.card_book import CardBook


@dataclass(frozen=True, slots=True)
class PhoneLooks:
    """The player's settings a phone follows as the TV does."""

    patterns: bool = False  # colour-blind shapes
    large_text: bool = False


def every_face(state: GameState) -> set[str]:
    """Every face of the match's deck, on every side: all a phone may be shown."""
    return {face for table in state.tables or (state.cards,) for face in table.face_names}


def mark_image(color: str) -> str:
    """Where a phone gets a colour's colour-blind shape (painted with the faces)."""
    return f"/mark/{color}.png"


def every_color(state: GameState) -> set[str]:
    """Every colour of the match's deck, on every side."""
    return {color for table in state.tables or (state.cards,) for color in table.colors}


def card_image(card: str) -> str:
    """Where a phone gets a card face's picture (game/phones/server.py serves it)."""
    return "/card/" + card.replace(":", "~") + ".png"


def phone_state(
    state: GameState,
    seat: int,
    book: CardBook,
    looks: PhoneLooks,
    story: SeatStory | None = None,
) -> tuple[dict[str, Any], list[Action]]:
    """The message for `seat`'s phone, and the actions its options stand for
    (option i of the message is action i); the caller numbers the offer.
    `story` (the table's story as the seat saw it) gives the last lines and
    the round's result."""
    seen = view(state, seat)
    actions = list(legal_actions(state, seat))
    cards, names = state.cards, seen["names"]
    pending = seen["pending"]
    kind = REGISTRY[pending["kind"]] if pending is not None else None
    hand = seen["hand_cards"]
    order = sorted(range(len(hand)), key=lambda i: book.sort_key(hand[i]))
    slot = {seen["hand"][i]: position for position, i in enumerate(order)}
    options = []
    for action in actions:
        option: dict[str, Any] = {"words": action_words(action, cards, names, book, kind)}
        if isinstance(action, Play) and action.card in slot:
            option["card"] = slot[action.card]
            if action.color is not None:
                option["color"] = _swatch(book, action.color, looks)
        elif isinstance(action, Choose) and kind is not None:
            option["choice"] = option["words"]
            if kind.ask is Ask.COLOR and isinstance(action.value, str):
                option["color"] = _swatch(book, action.value, looks)
            elif kind.ask is Ask.CARDS and isinstance(action.value, int):
                option["image"] = card_image(cards.face_names[action.value])
        options.append(option)
    message = {
        "type": "state",
        "lang": language(),
        "looks": {"patterns": looks.patterns, "large_text": looks.large_text},
        "seat": seat,
        "players": [
            {
                "name": name,
                "cards": seen["hand_sizes"][other],
                "score": seen["scores"][other],
                "uno": seen["uno_called"][other],
                "out": seen["eliminated"][other],
                # What the seat sees of the hand: in UNO Flip the other side of
                # each card, as the TV shows it.
                "faces": [
                    _card(book, face) for face in sorted(seen["public"][other], key=book.sort_key)
                ],
                "words": _player_words(name, seen["hand_sizes"][other], seen["scores"][other]),
            }
            for other, name in enumerate(names)
        ],
        "table": {
            "direction": seen["direction"],
            "direction_words": _("Play goes clockwise")
            if seen["direction"] > 0
            else _("Play goes counter-clockwise"),
            "pile_words": ngettext(
                "Draw pile: {n} card", "Draw pile: {n} cards", seen["draw_pile"]
            ).format(n=seen["draw_pile"]),
            "top_words": _("On the pile: {card}").format(card=book.label(seen["top"]))
            if seen["top"]
            else "",
            "color_words": _("Colour: {color}").format(color=book.color_label(seen["color"]))
            if seen["color"]
            else "",
        },
        "story": story.recent() if story is not None else [],
        "result": story.result() if story is not None else None,
        "to_act": seen["to_act"],
        "your_turn": pending is not None and pending["seat"] == seat,
        "top": _card(book, seen["top"]),
        "color": _swatch(book, seen["color"], looks) if seen["color"] else None,
        "draw_pile": seen["draw_pile"],
        "hand": [_card(book, hand[i]) for i in order],
        "draft_card": _card(book, seen["draft_card"]),
        "options": options,
        "over": seen["over"],
        "prompt": _prompt(seen["to_act"], seat, names, kind, book),
        "words": phone_words(),
    }
    return message, actions


def phone_words() -> dict[str, str]:
    """What the page itself may have to say, in the game's language."""
    return {
        "taken": _("Another phone plays this seat now"),
        "refused": _("The table kept this seat for the phone it had"),
        "over": _("The match is over"),
        # {request} is the short name the TV's question shows for this phone.
        "asking": _(
            "This seat is another phone's: the TV asks whether this phone, {request}, may play it"
        ),
        "busy": _("The TV is asked about this seat already: trying again in a moment"),
        "flood": _("Too many messages: this phone was disconnected"),
        "too_fast": _("Too fast: tap again in a moment"),
        "hint": _("Hint"),
        "close": _("Close"),
        "story": _("What happened"),
        "hand": _("Your hand"),
        "players": _("Players"),
        "table": _("The table"),
        "playable": _("can be played"),
    }


def _player_words(name: str, cards: int, score: int) -> str:
    """A seat's chip in words, for a screen reader (the chip shows the same)."""
    held = ngettext("{n} card", "{n} cards", cards).format(n=cards)
    return _("{name}: {cards}, {score} points").format(name=name, cards=held, score=score)


def _prompt(
    to_act: int | None, seat: int, names: list[str], kind: DecisionKind | None, book: CardBook
) -> str:
    """What the seat is asked, or whom the table waits for."""
    if to_act != seat or kind is None:
        return _("Waiting for {name}").format(name=names[to_act]) if to_act is not None else ""
    if kind.question:
        return say(kind.question, book.engine_words())
    asked = {Ask.COLOR: _("Name a colour"), Ask.PLAYER: _("Pick a player")}.get(kind.ask)
    return asked or _("{name}, your turn").format(name=names[seat])


def _card(book: CardBook, card: str | None) -> dict[str, str] | None:
    if card is None:
        return None
    return {"label": book.label(card), "image": card_image(card)}


def _swatch(book: CardBook, color: str, looks: PhoneLooks) -> dict[str, str]:
    red, green, blue = book.color_rgb(color)
    swatch = {"label": book.color_label(color), "rgb": f"#{red:02x}{green:02x}{blue:02x}"}
    if looks.patterns:
        swatch["mark"] = mark_image(color)
    return swatch
