"""A move in words, as every screen names it: "Play the Red 7", "Draw",
"Take the cards", "Catch Bo". The table's hint line and a phone's buttons
both say moves this way (game/scenes/table_hint.py, game/phones/offer.py)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Accept, CallUno, Catch, Challenge, Draw, NextRound, Pass, Play
from game.engine.actions import Action, Choose
from game.engine.cards import CardTable
from game.i18n import _
from game.ui.card_book import CardBook


def action_words(action: Action, cards: CardTable, names: Sequence[str], book: CardBook) -> str:
    """`action` in the players' words. A `Choose` is named by its option alone
    (a colour, a player, a card or the kind's own word for it)."""
    if isinstance(action, Play):
        label = book.label(cards.names[action.card])
        if action.color is not None:
            color = book.color_label(action.color)
            return _("Play the {card}, naming {color}").format(card=label, color=color)
        return _("Play the {card}").format(card=label)
    if isinstance(action, Choose):
        return option_words(action.value, cards, names, book)
    words = {
        Draw: _("Draw"),
        Pass: _("Pass"),
        Accept: _("Take the cards"),
        Challenge: _("Challenge"),
        CallUno: _("Call UNO"),
        NextRound: _("Next round"),
    }.get(type(action))
    if words is not None:
        return words
    if isinstance(action, Catch):
        return _("Catch {name}").format(name=names[action.target])
    return type(action).__name__


def option_words(value: str | int, cards: CardTable, names: Sequence[str], book: CardBook) -> str:
    """One option of a choice: a seat by its player's name, a colour or a card
    by its label, and any other word as it stands."""
    if isinstance(value, int):
        return names[value] if 0 <= value < len(names) else str(value)
    if value in cards.by_name:
        return book.label(value)
    if value in cards.colors:
        return book.color_label(value)
    return value
