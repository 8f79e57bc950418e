"""The turn: playing, drawing, passing, cards owed, and the end of a round.

A turn is a decision of one seat. On an ordinary turn it plays a card that
matches the top card by colour or symbol, or a wild, or it draws; what it
may do after drawing is set by `turn:` in the rules. A played card's effects
run in order; an effect that needs an answer (name a colour, pick a player)
opens a decision and the rest wait. When the effects are done, play passes
to the next seat, past any seat a Skip took the turn from, or back to the
same seat after `play_again`.

Cards owed (Draw Two, Wild Draw Four) are a penalty aimed at a seat. When
that seat's turn comes it takes them and loses the turn, unless it may
answer: stack a card that the rules let stack on the top card, or challenge
a challengeable penalty.

A round ends when a seat plays its last card (a last Draw Two or Wild Draw
Four is still drawn, if the rules say so), or when every seat has passed in
a row with nothing left to draw (the lowest hand then wins). The scoring
scheme scores it.

The turn's decision kinds (play, drawn, penalty, more) are declared at the
end, with their answers from legality.py and their refusals from refusals.py.
"""

from __future__ import annotations

from typing import Final

from game.engine.actions import MAX_SEATS, Accept, Action, Challenge, Draw, Pass, Play
from game.engine.decisions import Ask, DecisionKind, Handler, declare
from game.engine.events import EventSink, RoundEndEvent
from game.engine.legality import (
    challenge_open,
    drawn_answers,
    followers,
    may_draw_again,
    more_answers,
    penalty_answers,
    play_answers,
    play_options,
    stack_cards,
)
from game.engine.pending import Decision, Penalty, PlayContext
from game.engine.purposes import Purpose
from game.engine.refusals import drawn_refusal, more_refusal, penalty_refusal, play_refusal_of
from game.engine.said import said
from game.engine.scoring import SCHEMES, match_result, team_of
from game.engine.state import GameState

# --- effects and turn order ---------------------------------------------------


def run_effects(state: GameState, events: EventSink) -> None:
    """Resolve the effects queued for `state.ctx`, until one opens a decision;
    then end the turn, or the round if its player went out."""
    queue = state.queue
    ctx = state.ctx
    assert ctx is not None, "effects run for a play"
    while queue:
        spec = queue.pop(0)
        if spec.when and not all(fn(state, ctx) == want for fn, want in spec.when):
            continue
        if spec.run(state, ctx, spec.params, events):
            return  # a decision is open; the answer resumes here
    if ctx.going_out or not state.hands[ctx.actor]:
        end_round(state, events, ctx.actor)
    else:
        end_turn(state, events)


def end_turn(state: GameState, events: EventSink) -> None:
    actor = state.actor
    if state.play_again:
        nxt = actor
        state.play_again = False
        state.skips = 0
    else:
        nxt = state.next_seat(actor)
        if state.skips:
            for _ in range(state.skips):
                if nxt == actor:
                    # Every other seat has lost its turn: skips added up (two Skips at
                    # two players) take no more, and never the turn of the card's player.
                    break
                if events is not None:
                    events.append({"t": "skip", "p": nxt})
                nxt = state.next_seat(nxt)
            state.skips = 0
    owed = state.penalty
    if owed is not None and owed.target != nxt:
        # The seat that owes cards is not the one to play next (a Wild Draw
        # Four that lets its player go again): it answers now, without stacking.
        owed.resume_seat = nxt
        _open_penalty(state, events, owed.target, can_stack=False)
        return
    begin_turn(state, events, nxt)


def _advance_from(state: GameState, events: EventSink, seat: int) -> None:
    state.actor = seat
    state.play_again = False
    state.skips = 0
    begin_turn(state, events, state.next_seat(seat))


def begin_turn(state: GameState, events: EventSink, seat: int) -> None:
    if state.turns > state.flags.turn_limit:
        _end_blocked_round(state, events)
        return
    state.actor = seat
    if state.drawn:
        state.drawn = []
    if state.uno_window == seat and state.uno_window_passed and state.flags.catch_until_own_turn:
        # A window that lasts until the seat's own next turn closes here.
        state.uno_window = -1
    owed = state.penalty
    if owed is not None and owed.target == seat:
        _open_penalty(state, events, seat, can_stack=True)
        return
    # Decisions are never changed once made, so the common one is shared.
    state.pending = _PLAY_DECISIONS[seat]
    if events is not None:
        events.append({"t": "turn", "p": seat})


_PLAY_DECISIONS: Final = tuple(Decision("play", seat) for seat in range(MAX_SEATS))
_DRAWN_DECISIONS: Final = tuple(Decision("drawn", seat) for seat in range(MAX_SEATS))


# --- cards owed ---------------------------------------------------------------


def _open_penalty(state: GameState, events: EventSink, seat: int, can_stack: bool) -> None:
    owed = state.penalty
    assert owed is not None, "a penalty is owed"
    can_stack = can_stack and owed.stackable
    can_answer = (
        challenge_open(state)
        or (can_stack and bool(stack_cards(state, seat)))
        # When identical cards may be played out of turn, someone may answer for the
        # seat: it takes its cards itself.
        or (state.flags.jump_in and owed.resume_seat is None)
    )
    if not can_answer:
        _take_penalty(state, events, seat, turn_announced=False)
        return
    state.pending = Decision("penalty", seat, ("stack",) if can_stack else ())
    if events is not None:
        events.append({"t": "turn", "p": seat})


def _take_penalty(state: GameState, events: EventSink, seat: int, turn_announced: bool) -> None:
    owed = state.penalty
    assert owed is not None, "a penalty is owed"
    state.penalty = None
    state.take_owed(seat, owed.count, owed.until_color, owed.until_side, "penalty", events)
    _after_penalty(state, events, seat, owed, owed.lose_turn, turn_announced)


def _after_penalty(
    state: GameState,
    events: EventSink,
    seat: int,
    owed: Penalty,
    lost_turn: bool,
    turn_announced: bool,
) -> None:
    if owed.resume_seat is not None:
        begin_turn(state, events, owed.resume_seat)
    elif lost_turn:
        if events is not None:
            events.append({"t": "skip", "p": seat})
        _advance_from(state, events, seat)
    else:
        state.pending = Decision("play", seat)
        if not turn_announced and events is not None:
            events.append({"t": "turn", "p": seat})


def _challenge(state: GameState, events: EventSink, seat: int) -> None:
    owed = state.penalty
    assert owed is not None, "a challenge answers a penalty"
    state.penalty = None
    if events is not None:
        names = state.cards.names
        events.append({"t": "challenge", "by": seat, "p": owed.source, "guilty": owed.guilty})
        # The challenger alone sees the challenged hand (the UI shows it privately).
        events.append(
            {
                "t": "reveal",
                "p": owed.source,
                "to": seat,
                "cards": [names[c] for c in state.hands[owed.source]],
            }
        )
    if owed.guilty:
        state.take_owed(
            owed.source, owed.count, owed.until_color, owed.until_side, "challenge", events
        )
        after = state.rules.model.challenge.after_guilty
        if owed.resume_seat is not None and after == "as_played":
            begin_turn(state, events, owed.resume_seat)
        else:
            # The caught card's player gets nothing more from it: the
            # challenger takes its turn.
            state.actor = seat
            state.pending = Decision("play", seat)
        return
    extra = state.rules.model.challenge.extra_if_innocent
    state.take_owed(
        seat, owed.count + extra, owed.until_color, owed.until_side, "challenge", events
    )
    lost = state.rules.model.challenge.innocent_loses_turn
    _after_penalty(state, events, seat, owed, lost, turn_announced=True)


# --- the end of a round ---------------------------------------------------------


def _end_blocked_round(state: GameState, events: EventSink) -> None:
    """A round nobody can finish: the lowest hand wins it."""
    state.pending = None
    winner = min(state.active_seats(), key=lambda s: (state.hand_points(s), s))
    end_round(state, events, winner, blocked=True)


def end_round(state: GameState, events: EventSink, winner: int, blocked: bool = False) -> None:
    scheme = SCHEMES[state.rules.model.scoring.scheme]
    points = scheme.fn(state, winner)
    for seat, gained in enumerate(points):
        state.scores[seat] += gained
    state.rounds_won[winner] += 1
    if events is not None:
        event: RoundEndEvent = {
            "t": "round_end",
            "winner": winner,
            "points": {str(s): points[s] for s in range(state.players)},
            "scores": list(state.scores),
        }
        if blocked:
            event["blocked"] = True
        side = state.cards.side_name
        if side is not None:
            event["side"] = side
        events.append(event)
    state.queue = []
    state.penalty = None
    state.uno_window = -1
    result = match_result(state, winner, events)
    if result is None:
        state.pending = Decision("next_round", winner)
        return
    state.pending = None
    state.over = True
    state.winner = result
    if events is None:
        return
    if state.rules.model.scoring.teams:
        team = list(team_of(state, result))
        events.append(
            {"t": "game_end", "winner": result, "scores": list(state.scores), "team": team}
        )
    else:
        events.append({"t": "game_end", "winner": result, "scores": list(state.scores)})


# --- playing --------------------------------------------------------------------


def play(state: GameState, events: EventSink, action: Play) -> bool:
    """A seat plays a card (on its turn, as a stack, or jumping in)."""
    seat = action.seat
    card = action.card
    color = action.color
    decision = state.pending
    assert decision is not None, "a Play answers an open decision"
    cards = state.cards
    # Judged on the hand and colour before the card leaves them.
    allowed = not cards.kind[card].play_only_if or state.play_allowed(seat, card)
    prev_color = state.color
    card = state.lay_down(seat, card, color, events)
    if state.drawn:
        state.drawn = []
    state.pending = None
    state.actor = seat
    hand = state.hands[seat]
    effects = cards.effects[card]
    if not effects and hand and not state.flags.multi_play:
        end_turn(state, events)
        return False
    state.ctx = ctx = PlayContext(
        seat,  # actor
        card,
        cards.color[card] < 0 and color is not None,  # color_named
        not hand,  # going_out
        False,  # first_card
        allowed,
        None,  # chosen
        prev_color,
        [],  # cards
        -1,  # base_top
        state.direction,  # prev_direction
        (),  # dump
        state.side,  # prev_side
    )
    if state.flags.multi_play and hand and decision.kind == "play":
        ctx.cards = [card]
        ctx.base_top = state.discard[-2]
        if followers(state, seat):
            state.pending = Decision("more", seat)
            return False
    state.queue = list(effects)
    run_effects(state, events)
    return False


def _play_more(state: GameState, events: EventSink, action: Play) -> bool:
    seat, card = action.seat, action.card
    card = state.lay_down(seat, card, action.color, events)
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    ctx.cards.append(card)
    ctx.card = card
    if not state.hands[seat]:
        ctx.going_out = True
    elif followers(state, seat):
        return False
    _finish_multi_play(state, events)
    return False


def _stop_more(state: GameState, events: EventSink, action: Pass) -> bool:
    _finish_multi_play(state, events)
    return False


def _finish_multi_play(state: GameState, events: EventSink) -> None:
    state.pending = None
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    effects = state.cards.effects
    if state.rules.model.turn.multi_play.effects == "every_card":
        state.queue = [spec for card in ctx.cards for spec in effects[card]]
    else:
        state.queue = list(effects[ctx.card])
    run_effects(state, events)


def jump_in(state: GameState, events: EventSink, seat: int) -> None:
    """An identical card played out of turn: play goes on from that seat."""
    decision = state.pending
    assert decision is not None, "a card played out of turn cuts into an open turn"
    if events is not None:
        events.append({"t": "jump_in", "p": seat, "over": decision.seat})
    if state.rules.model.turn.jump_in.cancels_action:
        # Only one of the two identical cards acts: what the covered card did
        # to the turn order (cards owed, seats skipped, the direction) is undone.
        state.penalty = None
        state.skips = 0
        ctx = state.ctx
        before = ctx.prev_direction if ctx is not None and ctx.card == state.top else 0
        if before and state.direction != before:
            state.direction = before
            if events is not None:
                events.append({"t": "direction", "direction": before})


# --- drawing and passing -----------------------------------------------------------


def _draw(state: GameState, events: EventSink, action: Draw) -> bool:
    seat = action.seat
    flags = state.flags
    if flags.draws_until_playable:
        cap = state.rules.model.turn.draw.cap
        drawn: list[int] = []
        while cap is None or len(drawn) < cap:
            got = state.take_cards(seat, 1, "turn", events)
            if not got:
                break
            drawn.extend(got)
            if state.matches(got[0]):
                break
    else:
        drawn = state.take_cards(seat, flags.draw_count, "turn", events)
    if state.drawn:
        state.drawn.extend(drawn)  # drawing again, where the rules allow it
    else:
        state.drawn = drawn
    state.turns += 1
    if play_options(state, seat, state.choosable(seat)) or may_draw_again(state):
        state.pending = _DRAWN_DECISIONS[seat]
        return False
    if events is not None:
        events.append({"t": "pass", "p": seat})
    _advance_from(state, events, seat)
    return False


def _pass(state: GameState, events: EventSink, action: Pass) -> bool:
    seat = action.seat
    if events is not None:
        events.append({"t": "pass", "p": seat})
    if not state.drawn and not state.can_draw():
        state.idle_passes += 1
        if state.idle_passes >= len(state.active_seats()):
            # Nobody can play and nothing is left to draw: the round is blocked.
            _end_blocked_round(state, events)
            return False
    _advance_from(state, events, seat)
    return False


# --- the turn's decisions -------------------------------------------------------------


def _accept(state: GameState, events: EventSink, action: Accept) -> bool:
    _take_penalty(state, events, action.seat, turn_announced=True)
    return False


def _challenge_action(state: GameState, events: EventSink, action: Challenge) -> bool:
    _challenge(state, events, action.seat)
    return False


# An ordinary turn, and the moment after drawing: play, draw or pass.
_TURN_ANSWERS: dict[type[Action], Handler] = {Play: play, Draw: _draw, Pass: _pass}


declare(
    DecisionKind(
        "play",
        ask=Ask.HAND,
        must="play a card or draw (its ordinary turn)",
        options="nothing",
        answers=play_answers,
        apply=_TURN_ANSWERS,
        refusal=play_refusal_of,
        jump_in=True,
        purpose=Purpose.TURN,
        between_plays=True,
    )
)
declare(
    DecisionKind(
        "drawn",
        ask=Ask.HAND,
        must="play what it drew (as `turn.play_drawn` allows), draw again, or pass",
        options="nothing",
        answers=drawn_answers,
        apply=_TURN_ANSWERS,
        refusal=drawn_refusal,
        purpose=Purpose.TURN,
        question=said("Play the drawn card, or pass"),
        between_plays=True,
    )
)
declare(
    DecisionKind(
        "penalty",
        ask=Ask.HAND,
        must="take the cards owed, challenge, or stack",
        options='("stack",) when it may stack, else nothing',
        answers=penalty_answers,
        apply={Accept: _accept, Challenge: _challenge_action, Play: play},  # Play: a stack
        refusal=penalty_refusal,
        jump_in=True,
        purpose=Purpose.OWED,
    )
)
declare(
    DecisionKind(
        "more",
        ask=Ask.HAND,
        must="add a card to a play of several cards, or pass to stop",
        options="nothing",
        answers=more_answers,
        apply={Play: _play_more, Pass: _stop_more},
        refusal=more_refusal,
        purpose=Purpose.TURN,
        question=said("Add another card, or Done"),
        answer_words={Pass: said("Done")},
        # "Done" writes what the cards played do, not a pass.
        reads={Pass: lambda state, action, event: True},
    )
)
