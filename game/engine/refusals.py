"""Why an action is refused, in a player's words.

`why_illegal` answers for what any seat may try out of turn (call UNO,
catch a seat, play an identical card) and otherwise asks the open
decision's kind (decisions.REGISTRY), whose `refusal` is one of the
functions below (declared with its answers in turn.py and dealing.py).
Each takes the checks legality.py offers actions by, in the same order,
and words the first that fails, so a refusal never disagrees with
`legal_actions`: `play_refusal` is the matching rule, a card's own
restriction and the finishing rule, as `legality.play_options` applies them.

Nothing here decides what is legal; it is run only when an action was not
offered, so it stays off the hot path (and out of the compiled engine).
"""

from __future__ import annotations

from game.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.engine.cards import CardTable
from game.engine.conditions import block_of
from game.engine.decisions import REGISTRY
from game.engine.legality import challenge_open, followers, jump_in_open, stacks_on_top
from game.engine.pending import Decision, PlayContext
from game.engine.said import Said, listed, said, said_n
from game.engine.state import GameState

# --- one card, against the top card ----------------------------------------------


def play_refusal(state: GameState, seat: int, card: int) -> str | None:
    """Why `seat` may not put `card` on the discard pile now, or None if it may:
    the card must match, pass its own restriction where the rules refuse
    rather than allow a bluff, and not be a last card the rules forbid."""
    if not state.matches(card):
        return _no_match(state, card)
    return _refusal_of_match(state, seat, card)


def _refusal_of_match(state: GameState, seat: int, card: int) -> str | None:
    """`play_refusal` for a card known to match."""
    cards = state.cards
    if cards.refusable[card] and not state.play_allowed(seat, card):
        return _restriction_text(state, seat, card)
    if state.cannot_finish_on(seat, card):
        return _last_card_refusal(cards, card)
    return None


def _last_card_refusal(cards: CardTable, card: int) -> str:
    """The finishing rule (`GameState.cannot_finish_on`), worded."""
    return said(
        "You may not go out on {card}: these rules want a number card as the last one.",
        card=cards.labels[card],
    )


def _no_match(state: GameState, card: int) -> str:
    """ "Red 1 doesn't match Blue Draw Two — play blue, a Draw Two, or a wild." """
    cards = state.cards
    top = state.top
    ways: list[object] = []
    color = cards.color_name(state.color)
    if color is not None:
        ways.append(color)
    if cards.color[top] >= 0:
        ways.append(_a(_symbol_label(cards, top)))
    if any(own < 0 for own in cards.color):
        ways.append(said("a wild"))
    shown: object = cards.labels[top]
    if cards.color[top] < 0 and color is not None:
        shown = said("{card} ({color})", card=shown, color=color)
    return said(
        "{card} doesn't match {top} — play {ways}.",
        card=cards.labels[card],
        top=shown,
        ways=listed(ways, "or"),
    )


def _symbol_label(cards: CardTable, card: int) -> str:
    """What matches by symbol: "7" for a number, "Draw Two" for an action card."""
    label = cards.labels[card]
    color = cards.color_name(cards.color[card])
    prefix = f"{color} ".lower() if color is not None else ""
    return label[len(prefix) :] if label.lower().startswith(prefix) else label


def _a(word: str) -> Said:
    """ "a 7", "an 8": English wants to know; another language says it its way."""
    sound = word.lower()
    vowel = sound[:1] in ("a", "e", "i", "o", "u") or sound.startswith("8") or sound in ("11", "18")
    return said("an {card}", card=word) if vowel else said("a {card}", card=word)


def _restriction_text(state: GameState, seat: int, card: int) -> str:
    """ "Wild Draw Four may be played only without a red card": the conditions
    the seat fails, in the words of each condition."""
    cards = state.cards
    spec = cards.kind[card]
    color = cards.color_name(state.color)
    ctx = PlayContext(actor=seat, card=card)
    parts: list[object] = [
        block_of(fn).refusal_text(want, color)
        for fn, want in spec.play_only_if
        if fn(state, ctx) != want
    ]
    return said("{card} may be played {when}.", card=cards.labels[card], when=_all(parts))


def _all(parts: list[object]) -> object:
    """Conditions joined by "and" ("only with ... and only when ...")."""
    joined = parts[0]
    for part in parts[1:]:
        joined = said("{first} and {then}", first=joined, then=part)
    return joined


def _color_refusal(state: GameState, action: Play) -> str | None:
    """A wild played by itself names the colour; any other card does not."""
    cards = state.cards
    card = action.card
    if cards.needs_color[card]:
        if action.color not in cards.colors:
            return said(
                "Name a colour for {card}: {colors}.",
                card=cards.labels[card],
                colors=", ".join(cards.colors),
            )
        return None
    if action.color is not None:
        return said("{card} names no colour.", card=cards.labels[card])
    return None


def _stack_refusal(state: GameState, seat: int, card: int) -> str | None:
    """Why `card` cannot answer the cards `seat` owes by stacking, or None."""
    cards = state.cards
    if not stacks_on_top(state, card):
        return said(
            "{card} does not stack on {top}.",
            card=cards.labels[card],
            top=cards.labels[state.top],
        )
    if state.cannot_finish_on(seat, card):
        return _last_card_refusal(cards, card)
    return None


# --- the refusals of the turn's decisions ---------------------------------------------
# (declared with their answers in turn.py and dealing.py)


def play_refusal_of(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        return _card_refusal(state, seat, action) or _not_now(action)
    if kind is Draw:
        if not state.can_draw():
            return said("There is nothing left to draw: pass.")
        return said("You have a card to play; these rules do not let you draw instead.")
    if kind is Pass:
        if state.can_draw():
            return said("Draw a card first, or play one.")
        return said("You have a card to play.")
    return _not_now(action)


def _unheld(state: GameState, seat: int, card: int) -> str | None:
    """The refusal of a card `seat` does not hold (every kind of play asks first)."""
    if card not in state.hands[seat]:
        return said("That card is not in your hand.")
    return None


def _card_refusal(
    state: GameState, seat: int, action: Play, candidates: list[int] | None = None
) -> str | None:
    """Why this play is refused: a card not held, not among `candidates`
    (when a decision narrows them; the caller words that), or refused by
    `play_refusal` or the colour it names."""
    if (unheld := _unheld(state, seat, action.card)) is not None:
        return unheld
    return play_refusal(state, seat, action.card) or _color_refusal(state, action)


def drawn_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    if type(action) is Play:
        assert isinstance(action, Play)
        if (unheld := _unheld(state, seat, action.card)) is not None:
            return unheld
        mode = state.flags.play_drawn
        if mode == "none":
            return said("Drawing ended your turn: pass.")
        if action.card not in state.choosable(seat):
            return said("After drawing, only the drawn card may be played.")
        return _card_refusal(state, seat, action) or _not_now(action)
    if type(action) is Draw:
        if state.flags.unlimited_draw and not state.can_draw():
            return said("There is nothing left to draw: pass.")
        if state.flags.unlimited_draw:
            return said("You have drawn as many cards as these rules allow: play or pass.")
        return said("You have drawn already: play the card or pass.")
    return _not_now(action)


def penalty_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    owed = state.penalty
    count = 0 if owed is None else owed.count
    cards = state.cards
    if type(action) is Play:
        assert isinstance(action, Play)
        if (unheld := _unheld(state, seat, action.card)) is not None:
            return unheld
        if not decision.options:
            if challenge_open(state):
                return said_n(
                    "You owe {n} card: take it or challenge.",
                    "You owe {n} cards: take them or challenge.",
                    count,
                )
            return said_n("You owe {n} card: take it.", "You owe {n} cards: take them.", count)
        return (
            _stack_refusal(state, seat, action.card)
            or _color_refusal(state, action)
            or _not_now(action)
        )
    if type(action) is Challenge:
        if owed is not None and owed.challengeable and owed.stacked:
            return said("A stacked draw cannot be challenged.")
        return said("{card} cannot be challenged.", card=cards.labels[state.top])
    if type(action) in (Draw, Pass):
        return said_n(
            "You owe {n} card: take it, or answer the draw.",
            "You owe {n} cards: take them, or answer the draw.",
            count,
        )
    return _not_now(action)


def more_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    if type(action) is Play:
        assert isinstance(action, Play)
        if (unheld := _unheld(state, seat, action.card)) is not None:
            return unheld
        mode = state.rules.model.turn.multi_play.mode
        label = state.cards.labels[action.card]
        if state.cards.color[action.card] < 0:
            return said("{card} cannot join a play of several cards.", card=label)
        if action.card not in followers(state, seat):
            if mode == "same_symbol":
                return said(
                    "{card} cannot join: only cards of the same number or symbol may, "
                    "or pass to stop.",
                    card=label,
                )
            if mode == "same_color":
                return said(
                    "{card} cannot join: only cards of the same colour may, or pass to stop.",
                    card=label,
                )
            if mode == "color_combo":
                return said(
                    "{card} cannot join: only cards of the same colour or number may, "
                    "or pass to stop.",
                    card=label,
                )
            return said("{card} cannot join: only cards that fit may, or pass to stop.", card=label)
        return _color_refusal(state, action) or _not_now(action)
    return said("Add a card to the play, or pass to stop.")


def next_round_refusal(state: GameState, decision: Decision, action: Action) -> str:
    return said("The round is over: start the next one.")


def _not_now(action: Action) -> str:
    return {
        Play: said("That card cannot be played now."),
        Draw: said("You cannot draw now."),
        Pass: said("You cannot pass now."),
        Accept: said("There are no cards to take."),
        Challenge: said("There is nothing to challenge."),
        Choose: said("There is nothing to choose."),
        NextRound: said("The round is not over."),
    }.get(type(action), said("That is not one of the choices now."))


# --- explaining a refusal -----------------------------------------------------


def why_illegal(state: GameState, action: Action) -> str:
    """A sentence for a player whose choice was refused."""
    if state.over:
        return said("The match is over.")
    seat = action.seat
    decision = state.pending
    kind = type(action)
    if kind is Catch:
        return _catch_refusal(state, action)
    if kind is CallUno:
        return _uno_refusal(state, seat)
    if decision is None:
        return said("Nobody is to act now.")
    if decision.seat != seat:
        if kind is Play and state.flags.jump_in:
            assert isinstance(action, Play)
            return _jump_in_refusal(state, seat, decision, action)
        return said("It is {name}'s turn.", name=state.names[decision.seat])
    return REGISTRY[decision.kind].refusal(state, decision, action)


def _catch_refusal(state: GameState, action: Action) -> str:
    assert isinstance(action, Catch)
    target = action.target
    if state.uno_window < 0:
        return said("There is nobody to catch.")
    if target == action.seat:
        return said("You cannot catch yourself.")
    if target != state.uno_window:
        return said("{name} has nothing to be caught for.", name=state.names[target])
    return said("You are out of the match.")


def _uno_refusal(state: GameState, seat: int) -> str:
    if state.uno_called[seat]:
        return said("You have called UNO already.")
    return said("UNO is called with two cards, before playing the second-to-last.")


def _jump_in_refusal(state: GameState, seat: int, decision: Decision, action: Play) -> str:
    cards = state.cards
    if (unheld := _unheld(state, seat, action.card)) is not None:
        return unheld
    if not jump_in_open(state, decision):
        return said("It is {name}'s turn.", name=state.names[decision.seat])
    top = state.discard[-1]
    if cards.face_names[action.card] != cards.face_names[top]:
        return said(
            "It is {name}'s turn: only a card identical to {card} may be played out of turn.",
            name=state.names[decision.seat],
            card=cards.labels[top],
        )
    return (
        _refusal_of_match(state, seat, action.card)
        or _color_refusal(state, action)
        or said("It is {name}'s turn.", name=state.names[decision.seat])
    )
