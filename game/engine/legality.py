"""What a seat may do now: the answers of each decision kind, and what any
seat may do out of turn.

`legal_actions` asks the open decision's kind for its answers
(decisions.REGISTRY) and adds what any seat may do out of turn: call UNO,
catch a seat that forgot, play an identical card (`turn.jump_in`). Why
anything else is refused, in a player's words, is refusals.py: it words the
first of these same checks that fails, so what is offered and what a
refusal says cannot disagree. The checks are here or on the state
(`GameState.matches`, `play_allowed`, `cannot_finish_on`), never in words.

The hot path (`play_options`, run on every turn) reads the match as the card
table's lookup that `GameState.matches` is made of, and asks the remaining
checks only of cards that match.
"""

from __future__ import annotations

from game.engine.actions import SEAT_ACTIONS, Action, Play
from game.engine.decisions import ANSWERS, REGISTRY
from game.engine.pending import Decision
from game.engine.state import GameState

# --- the cards a decision allows ------------------------------------------------------


def play_options(state: GameState, seat: int, candidates: list[int]) -> list[Action]:
    """The Play actions for those `candidates` the seat may play now: each
    matches, passes its own restriction and is not a last card the rules
    forbid (the checks `refusals.play_refusal` words, in its order)."""
    cards = state.cards
    color, symbol = state.color, cards.symbol_id[state.discard[-1]]
    plays_for = state.plays[seat]
    last_card = state.flags.finish_forbidden and len(state.hands[seat]) == 1
    actions: list[Action] = []
    if not last_card and not cards.any_refusable:
        # Nothing but the match can refuse a card here.
        classes = cards.match_classes
        if classes is None:
            fits = cards.fits_row(color, symbol)  # see state.matches
            for card in candidates:
                if fits[card]:
                    actions += plays_for[card]
        else:
            fit = cards.fit_map(color, symbol)
            for card in candidates:
                if fit[classes[card]]:
                    actions += plays_for[card]
        return actions
    fits = cards.fits_row(color, symbol)
    refusable = cards.refusable
    for card in candidates:
        if not fits[card]:
            continue
        # refusals.play_refusal's checks, without building its words for the common "yes"
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


def stacks_on_top(state: GameState, card: int) -> bool:
    """Whether `card`'s kind may stack on the top card's (its `stacks_on`)."""
    kinds = state.cards.kind
    return kinds[state.top].name in kinds[card].model.stacks_on


def stack_cards(state: GameState, seat: int) -> list[int]:
    """The cards `seat` may answer the cards it owes with, by stacking."""
    if not state.flags.any_stacking:
        return []
    return [
        c
        for c in state.hands[seat]
        if stacks_on_top(state, c) and not state.cannot_finish_on(seat, c)
    ]


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


# --- the answers of the turn's decisions ----------------------------------------------
# (declared with their application in turn.py and their refusals in refusals.py)


def play_answers(state: GameState, decision: Decision) -> list[Action]:
    """An ordinary turn: play what fits, or draw (pass when nothing is left)."""
    seat = decision.seat
    actions = play_options(state, seat, state.hands[seat])
    if not actions or state.flags.draw_when_playable:
        mine = SEAT_ACTIONS[seat]
        actions.append(mine.draw if state.can_draw() else mine.pass_)
    return actions


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


def penalty_answers(state: GameState, decision: Decision) -> list[Action]:
    seat = decision.seat
    mine = SEAT_ACTIONS[seat]
    actions: list[Action] = [mine.accept]
    if challenge_open(state):
        actions.append(mine.challenge)
    if decision.options:
        actions += _play_actions(state, seat, stack_cards(state, seat))
    return actions


def more_answers(state: GameState, decision: Decision) -> list[Action]:
    seat = decision.seat
    actions = _play_actions(state, seat, followers(state, seat))
    actions.append(SEAT_ACTIONS[seat].pass_)
    return actions


def next_round_answers(state: GameState, decision: Decision) -> list[Action]:
    return [SEAT_ACTIONS[decision.seat].next_round]


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


def jump_in_open(state: GameState, decision: Decision) -> bool:
    """An identical card may be played out of turn now (`turn.jump_in`). A wild
    on top counts too: another of the same wild is identical to it, and a
    jumped-in Wild Draw Four cancels the first like any action card."""
    owed = state.penalty
    return (
        REGISTRY[decision.kind].jump_in
        and (owed is None or owed.resume_seat is None)
        and bool(state.discard)
    )


def _identical(state: GameState, seat: int) -> list[int]:
    # By the face in play: a two-sided card's other face is not compared.
    names = state.cards.face_names
    name = names[state.discard[-1]]
    return [c for c in state.hands[seat] if names[c] == name]


def _jump_in_actions(state: GameState, seat: int, decision: Decision) -> list[Action]:
    if state.eliminated[seat] or not jump_in_open(state, decision):
        return []
    # A card played out of turn is still a play: its own restriction and the finishing rule
    # hold as on its owner's turn (refusals._jump_in_refusal words the same).
    refusable = state.cards.refusable
    identical = [
        c
        for c in _identical(state, seat)
        if not (refusable[c] and not state.play_allowed(seat, c))
        and not state.cannot_finish_on(seat, c)
    ]
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
