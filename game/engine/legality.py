"""What a seat may do now, and why anything else is refused.

`legal_actions` asks the open decision's kind for its answers
(decisions.REGISTRY) and adds what any seat may do out of turn: call UNO,
catch a seat that forgot, play an identical card (`turn.jump_in`).
`why_illegal` asks the same kind why an action is not among them. Both go
through the checks below, so what is offered and what a refusal says come
from one place: `play_refusal` is the matching rule, a card's own
restriction and the finishing rule, and the lists of playable cards are
that check run over the cards a decision allows.

The hot path (`play_options`, run on every turn) inlines the first check,
the match, as the card table's lookup that `GameState.matches` is made of,
and asks `play_refusal`'s remaining checks only of cards that match.
"""

from __future__ import annotations

from game.engine.actions import (
    SEAT_ACTIONS,
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
from game.engine.decisions import ANSWERS, REGISTRY
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
        return said(
            "You may not go out on {card}: these rules want a number card as the last one.",
            card=cards.labels[card],
        )
    return None


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


# --- the cards a decision allows ------------------------------------------------------


def play_options(state: GameState, seat: int, candidates: list[int]) -> list[Action]:
    """The Play actions for those `candidates` the seat may play now
    (`play_refusal` over each, its match check inlined)."""
    cards = state.cards
    fits = cards.fits[state.color][cards.symbol_id[state.discard[-1]]]  # see state.matches
    plays_for = state.plays[seat]
    last_card = state.flags.finish_forbidden and len(state.hands[seat]) == 1
    actions: list[Action] = []
    if not last_card and not cards.any_refusable:
        # Nothing but the match can refuse a card here.
        for card in candidates:
            if fits[card]:
                actions += plays_for[card]
        return actions
    refusable = cards.refusable
    for card in candidates:
        if not fits[card]:
            continue
        # _refusal_of_match, without building its words for the common "yes"
        if refusable[card] and not state.play_allowed(seat, card):
            continue
        if last_card and state.cannot_finish_on(seat, card):
            continue
        actions += plays_for[card]
    return actions


def _play_actions(state: GameState, seat: int, cards_to_play: list[int]) -> list[Action]:
    plays_for = state.plays[seat]
    actions: list[Action] = []
    for card in cards_to_play:
        actions.extend(plays_for[card])
    return actions


def may_draw_again(state: GameState) -> bool:
    if not state.flags.unlimited_draw:
        return False
    cap = state.rules.model.turn.draw.cap
    return (cap is None or len(state.drawn) < cap) and state.can_draw()


def _stack_refusal(state: GameState, seat: int, card: int) -> str | None:
    """Why `card` cannot answer the cards `seat` owes by stacking, or None."""
    cards = state.cards
    kinds = cards.kind
    top = state.top
    if kinds[top].name not in kinds[card].model.stacks_on:
        return said(
            "{card} does not stack on {top}.", card=cards.labels[card], top=cards.labels[top]
        )
    if state.cannot_finish_on(seat, card):
        return said(
            "You may not go out on {card}: these rules want a number card as the last one.",
            card=cards.labels[card],
        )
    return None


def stack_cards(state: GameState, seat: int) -> list[int]:
    if not state.flags.any_stacking:
        return []
    return [c for c in state.hands[seat] if _stack_refusal(state, seat, c) is None]


def challenge_open(state: GameState) -> bool:
    owed = state.penalty
    rules = state.rules.model.challenge
    return (
        owed is not None
        and owed.challengeable
        and rules.enabled
        and (not owed.stacked or rules.when_stacked)
    )


def followers(state: GameState, seat: int) -> list[int]:
    """Cards that may join a play of several cards, going by its first card."""
    rules = state.rules.model.turn.multi_play
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    played = ctx.cards
    if rules.max_cards is not None and len(played) >= rules.max_cards:
        return []
    cards = state.cards
    first = played[0]
    color, symbol = cards.color[first], cards.symbol[first]
    if rules.mode == "color_combo":
        # On a red 3, more red cards and the 3s of other colours: the combo is
        # judged against the card the turn started on.
        color, symbol = ctx.prev_color, cards.symbol[ctx.base_top]
    found = []
    for card in state.hands[seat]:
        own = cards.color[card]
        if own < 0:
            continue  # wilds never ride along
        same_symbol = cards.symbol[card] == symbol
        same_color = own == color
        if (
            (rules.mode == "same_symbol" and same_symbol)
            or (rules.mode == "same_color" and same_color)
            or (rules.mode == "color_combo" and (same_color or same_symbol))
        ) and not state.cannot_finish_on(seat, card):
            found.append(card)
    return found


# --- the answers and refusals of the turn's decisions ---------------------------------
# (declared with their application in turn.py)


def play_answers(state: GameState, decision: Decision) -> list[Action]:
    """An ordinary turn: play what fits, or draw (pass when nothing is left)."""
    seat = decision.seat
    actions = play_options(state, seat, state.hands[seat])
    if not actions or state.flags.draw_when_playable:
        mine = SEAT_ACTIONS[seat]
        actions.append(mine.draw if state.can_draw() else mine.pass_)
    return actions


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


def _card_refusal(
    state: GameState, seat: int, action: Play, candidates: list[int] | None = None
) -> str | None:
    """Why this play is refused: a card not held, not among `candidates`
    (when a decision narrows them; the caller words that), or refused by
    `play_refusal` or the colour it names."""
    if action.card not in state.hands[seat]:
        return said("That card is not in your hand.")
    return play_refusal(state, seat, action.card) or _color_refusal(state, action)


def drawn_answers(state: GameState, decision: Decision) -> list[Action]:
    seat = decision.seat
    mine = SEAT_ACTIONS[seat]
    # Drawn cards stay in the hand until the turn ends: nothing between the
    # draw and the seat's answer takes cards away.
    actions = play_options(state, seat, state.choosable(seat))
    if may_draw_again(state):
        actions.append(mine.draw)
    actions.append(mine.pass_)
    return actions


def drawn_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    if type(action) is Play:
        assert isinstance(action, Play)
        if action.card not in state.hands[seat]:
            return said("That card is not in your hand.")
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


def penalty_answers(state: GameState, decision: Decision) -> list[Action]:
    seat = decision.seat
    mine = SEAT_ACTIONS[seat]
    actions: list[Action] = [mine.accept]
    if challenge_open(state):
        actions.append(mine.challenge)
    if decision.options:
        actions += _play_actions(state, seat, stack_cards(state, seat))
    return actions


def penalty_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    owed = state.penalty
    count = 0 if owed is None else owed.count
    cards = state.cards
    if type(action) is Play:
        assert isinstance(action, Play)
        if action.card not in state.hands[seat]:
            return said("That card is not in your hand.")
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


def more_answers(state: GameState, decision: Decision) -> list[Action]:
    seat = decision.seat
    actions = _play_actions(state, seat, followers(state, seat))
    actions.append(SEAT_ACTIONS[seat].pass_)
    return actions


def more_refusal(state: GameState, decision: Decision, action: Action) -> str:
    seat = decision.seat
    if type(action) is Play:
        assert isinstance(action, Play)
        if action.card not in state.hands[seat]:
            return said("That card is not in your hand.")
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


def next_round_answers(state: GameState, decision: Decision) -> list[Action]:
    return [SEAT_ACTIONS[decision.seat].next_round]


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


# --- legal actions ------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """Everything `seat` may do now, in turn or out of turn."""
    cached = state.legal_cache.get(seat)
    if cached is None:
        cached = state.legal_cache[seat] = tuple(fresh_legal_actions(state, seat))
    return cached


def fresh_legal_actions(state: GameState, seat: int) -> list[Action]:
    """`legal_actions` without the cache, for a driver that asks once per action."""
    decision = state.pending
    if decision is None:
        return []
    actions: list[Action]
    if decision.seat == seat:
        actions = ANSWERS[decision.kind](state, decision)
        if len(state.hands[seat]) == 2 and not state.uno_called[seat]:
            # UNO is called before playing the second-to-last card: with any play.
            for action in actions:
                if type(action) is Play:
                    actions.append(SEAT_ACTIONS[seat].call_uno)
                    break
    elif state.flags.jump_in:
        actions = _jump_in_actions(state, seat, decision)
    else:
        actions = []
    window = state.uno_window
    if window >= 0:
        if window == seat:
            actions.append(SEAT_ACTIONS[seat].call_uno)
        elif not state.eliminated[seat]:
            actions.append(SEAT_ACTIONS[seat].catch[window])
    return actions


def _jump_in_open(state: GameState, decision: Decision) -> bool:
    """An identical card may be played out of turn now (`turn.jump_in`)."""
    owed = state.penalty
    return (
        REGISTRY[decision.kind].jump_in
        and (owed is None or owed.resume_seat is None)
        and bool(state.discard)
        and state.cards.color[state.discard[-1]] >= 0
    )


def _identical(state: GameState, seat: int) -> list[int]:
    names = state.cards.names
    name = names[state.discard[-1]]
    return [c for c in state.hands[seat] if names[c] == name]


def _jump_in_actions(state: GameState, seat: int, decision: Decision) -> list[Action]:
    if state.eliminated[seat] or not _jump_in_open(state, decision):
        return []
    identical = [c for c in _identical(state, seat) if not state.cannot_finish_on(seat, c)]
    return _play_actions(state, seat, identical)


def out_of_turn_seats(state: GameState) -> list[int]:
    """Seats other than the one to act that may have something to do now."""
    decision = state.pending
    if state.over or decision is None:
        return []
    to_act = decision.seat
    others = [(to_act + step) % state.players for step in range(1, state.players)]
    if state.uno_window >= 0:
        return others
    if state.flags.jump_in and state.discard and REGISTRY[decision.kind].jump_in:
        return [s for s in others if _identical(state, s)]
    return []


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
    if action.card not in state.hands[seat]:
        return said("That card is not in your hand.")
    if not _jump_in_open(state, decision):
        return said("It is {name}'s turn.", name=state.names[decision.seat])
    top = state.discard[-1]
    if cards.names[action.card] != cards.names[top]:
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
