"""A move in words, as every screen names it: "Play the Red 7", "Draw",
"Take the cards", "Catch Bo", and an answer to a question by its option:
a colour, a player, a card, or the kind's own word for it ("Keep it").
The table's hint line and a phone's buttons and hint all say moves this way
(game/table/hint.py, game/phones/offer.py, game/phones/hints.py)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Accept, CallUno, Catch, Challenge, Draw, NextRound, Pass, Play
from game.engine.actions import Action, Choose
from game.engine.cards import CardTable
from game.engine.decisions import Ask, DecisionKind
from game.engine.said import Said
from game.i18n import _, capitalized, say
from game.ui.card_book import CardBook


def hint_line(why: Said, move: str, book: CardBook, named: str = "") -> str:
    """A hint in words: the move, then why. When the reason says `named`
    (the card played), or opens with it (an option's "Play them all"), the
    move goes without saying. Worded when asked: a switch of language
    re-words it."""
    reason = say(why, book.engine_words())
    if named and (named in reason or reason.casefold().startswith(named.casefold())):
        return _("Hint: {why}").format(why=capitalized(reason))
    return _("Hint: {move} — {why}").format(move=move, why=reason)


def action_words(
    action: Action,
    cards: CardTable,
    names: Sequence[str],
    book: CardBook,
    kind: DecisionKind | None = None,
) -> str:
    """`action` in the players' words; a `Choose` answers a decision of `kind`."""
    if isinstance(action, Play):
        label = book.label(cards.face_names[action.card])
        if action.color is not None:
            color = book.color_label(action.color)
            return _("Play the {card}, naming {color}").format(card=label, color=color)
        return _("Play the {card}").format(card=label)
    if isinstance(action, Choose):
        return option_words(action.value, kind, cards, names, book)
    own = kind.answer_words.get(type(action)) if kind is not None else None
    if own is not None:
        return say(own, book.engine_words())  # the kind's own word ("Done")
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


def option_words(
    value: str | int,
    kind: DecisionKind | None,
    cards: CardTable,
    names: Sequence[str],
    book: CardBook,
) -> str:
    """One option of a decision of `kind`, named as the kind asks it."""
    ask = kind.ask if kind is not None else None
    if ask is Ask.PLAYER and isinstance(value, int):
        return names[value]
    if ask is Ask.CARDS and isinstance(value, int):
        return book.label(cards.face_names[value])
    if ask is Ask.COLOR and isinstance(value, str):
        return book.color_label(value)
    if kind is not None and str(value) in kind.labels:
        return say(kind.labels[str(value)], book.engine_words())
    return str(value)
