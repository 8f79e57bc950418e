"""How a game of UNO flows: rounds, turns, pending decisions.

In prose. A match is a series of rounds. Before the first, every seat cuts a
card and the highest number deals (action cards count 0; ties cut again).
A round: shuffle, deal each seat its hand starting left of the dealer, turn
up the first card. The first card is treated as if the dealer had played
it: its `first_card` effects resolve with the dealer as the seat that
played (so "next" is the seat left of the dealer), or it goes back into the
pile and another is turned. Then turns follow in the direction of play.

A turn is a decision of one seat. On an ordinary turn it plays a card that
matches the top card by colour or symbol, or a wild, or it draws; what it
may do after drawing is set by `turn:` in the rules. A played card's
effects run in order; an effect that needs an answer (name a colour, pick a
player) opens a decision and the rest wait. When the effects are done, play
passes to the next seat, past any seat a Skip took the turn from, or back to
the same seat after `play_again`.

Cards owed (Draw Two, Wild Draw Four) are a penalty aimed at a seat. When
that seat's turn comes it takes them and loses the turn, unless it may
answer: stack a card that the rules let stack on the top card, or challenge
a challengeable penalty. A seat that just played down to one card must
call UNO; until the catch window closes any other seat may catch it.

A round ends when a seat plays its last card (a last Draw Two or Wild Draw
Four is still drawn, if the rules say so), or when every seat has passed in
a row with nothing left to draw (the lowest hand then wins). The scoring
scheme scores it, and the match goes on to the next round (the deal moves
on) until the scheme's target is reached.

Every decision is `state.pending`; `legal_actions` lists its answers, plus
the out-of-turn actions (UNO calls, catches) any seat may take.
"""

from __future__ import annotations

from game.engine import scoring
from game.engine.actions import (
    MAX_SEATS,
    SEAT_ACTIONS,
    TURN_ACTIONS,
    Accept,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.state import Decision, GameState, PlayContext


class IllegalAction(ValueError):
    """An action that `legal_actions` did not offer; the message says why."""


_DEFAULT_TARGET = object()


def new_game(
    rules: RuleSet,
    players: int,
    seed: int,
    names: list[str] | None = None,
    *,
    target=_DEFAULT_TARGET,
    single_round: bool = False,
) -> tuple[GameState, list[dict]]:
    """Seat the players, cut for the dealer and deal the first round."""
    allowed = rules.model.allowed_counts()
    if players not in allowed:
        raise ValueError(f"these rules are for {rules.model.players_text()} players, not {players}")
    names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
    if len(names) != players:
        raise ValueError("one name per seat")
    if target is _DEFAULT_TARGET:
        target = None if single_round else rules.target_for(players)
    state = GameState(
        rules=rules,
        cards=rules.card_table,
        players=players,
        names=names,
        rng=Rng(seed),
        target=target,
        single_round=single_round,
        scores=[0] * players,
        rounds_won=[0] * players,
        eliminated=[False] * players,
        uno_called=[False] * players,
        flags=rules.flags,
        plays=[rules.card_table.plays_for(seat) for seat in range(players)],
    )
    events: list[dict] = [
        {
            "t": "game",
            "rules": list(rules.sources),
            "seed": seed,
            "players": players,
            "names": names,
            "target": target,
        }
    ]
    state.dealer = _cut_for_dealer(state, events) if rules.model.dealing.cut_for_dealer else 0
    _start_round(state, events)
    return state, events


def _cut_for_dealer(state: GameState, events: list) -> int:
    """Each contender cuts a card; the highest number deals, ties cut again.

    At most MAX_CUTS cuts: the seats still tied after them (in a deck whose
    cards all count alike, after the first) draw lots, by the game's seeded
    RNG, and the 'round' event says who deals (docs/modding.md)."""
    cards = state.cards
    deck: list[int] = []
    contenders = list(range(state.players))
    cut_values = set(cards.cut_value)
    for _ in range(MAX_CUTS):
        if len(deck) < len(contenders):
            deck = list(range(cards.size))
        cut = {}
        for seat in contenders:
            # A cut is a card taken at random from what is left of the deck.
            index = state.rng.below(len(deck))
            deck[index], deck[-1] = deck[-1], deck[index]
            cut[seat] = deck.pop()
        events.append({"t": "cut", "cards": {str(s): cards.names[c] for s, c in cut.items()}})
        best = max(cards.cut_value[c] for c in cut.values())
        contenders = [s for s, c in cut.items() if cards.cut_value[c] == best]
        if len(contenders) == 1:
            return contenders[0]
        if len(cut_values) == 1:
            break  # no cut can ever break the tie
    return contenders[state.rng.below(len(contenders))]


MAX_CUTS = 10


def _start_round(state: GameState, events: list) -> None:
    rules = state.rules.model
    cards = state.cards
    state.round_no += 1
    events.append({"t": "round", "n": state.round_no, "dealer": state.dealer})
    seats = state.active_seats()
    state.hands = [[] for _ in range(state.players)]
    state.uno_called = [False] * state.players
    state.uno_window = -1
    state.penalty = None
    state.queue = []
    state.skips = 0
    state.play_again = False
    state.direction = 1
    state.idle_passes = 0
    state.drawn = []
    state.turns = 0
    pile = list(range(cards.size))
    state.rng.shuffle(pile)
    state.draw_pile = pile
    state.discard = []
    state.color = -1  # no colour in force until the first card is turned up

    if rules.dealing.mode == "draft":
        state.draft_discard = []
        _offer_draft(state, events, state.dealer)
        return
    order = []
    seat = state.dealer
    for _ in seats:
        seat = state.next_seat(seat)
        order.append(seat)
    for _ in range(rules.dealing.hand_size):
        for seat in order:
            state.hands[seat].append(pile.pop())
    for seat in order:
        events.append(
            {"t": "deal", "p": seat, "cards": [cards.names[c] for c in state.hands[seat]]}
        )
    _turn_up_first(state, events)


def _offer_draft(state: GameState, events: list, seat: int) -> None:
    """The drafting seat takes the top card and looks at it."""
    state.draft_card = state.draw_pile.pop()
    state.pending = Decision("draft", seat, ("keep", "discard"))
    events.append({"t": "turn", "p": seat})


def _draft(state: GameState, events: list, seat: int, choice: str) -> None:
    names = state.cards.names
    looked = state.draft_card
    state.draft_card = -1
    turned = state.draw_pile.pop()
    if choice == "keep":
        kept, dropped = looked, turned
        steps = ((looked, True), (turned, False))
    else:
        kept, dropped = turned, looked
        steps = ((looked, False), (turned, True))
    state.hands[seat].append(kept)
    state.draft_discard.append(dropped)
    for card, was_kept in steps:
        events.append({"t": "draft", "p": seat, "card": names[card], "kept": was_kept})
    size = state.rules.model.dealing.hand_size
    nxt = state.next_seat(seat)
    if len(state.hands[nxt]) < size:
        _offer_draft(state, events, nxt)
        return
    # The draft discard goes face down under the draw pile.
    state.draw_pile[:0] = state.draft_discard
    state.draft_discard = []
    _turn_up_first(state, events)


def _turn_up_first(state: GameState, events: list) -> None:
    cards = state.cards
    pile = state.draw_pile
    first = pile.pop()
    effects = cards.kind[first].first_card
    # A card that says "return" goes back and another is turned; the deck's
    # validation guarantees some kind does not, so this ends.
    while effects is None:
        pile.insert(state.rng.below(len(pile) + 1), first)
        state.rng.shuffle(pile)
        first = pile.pop()
        effects = cards.kind[first].first_card
    state.discard.append(first)
    state.color = cards.color[first]
    state.actor = state.dealer
    events.append(
        {
            "t": "start",
            "card": cards.names[first],
            "color": cards.color_name(state.color),
            "first": state.next_seat(state.dealer),
            "direction": state.direction,
        }
    )
    state.ctx = PlayContext(actor=state.dealer, card=first, first_card=True)
    state.queue = list(effects)
    _run_effects(state, events)


# --- effects and turn order ---------------------------------------------------


def _run_effects(state: GameState, events: list) -> None:
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
        _end_round(state, events, ctx.actor)
    else:
        _end_turn(state, events)


def _end_turn(state: GameState, events: list) -> None:
    actor = state.actor
    if state.play_again:
        nxt = actor
        state.play_again = False
        state.skips = 0
    else:
        nxt = state.next_seat(actor)
        if state.skips:
            for _ in range(state.skips):
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
    _begin_turn(state, events, nxt)


def _advance_from(state: GameState, events: list, seat: int) -> None:
    state.actor = seat
    state.play_again = False
    state.skips = 0
    _begin_turn(state, events, state.next_seat(seat))


def _begin_turn(state: GameState, events: list, seat: int) -> None:
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
    events.append({"t": "turn", "p": seat})


_PLAY_DECISIONS = tuple(Decision("play", seat) for seat in range(MAX_SEATS))
_DRAWN_DECISIONS = tuple(Decision("drawn", seat) for seat in range(MAX_SEATS))


def _stack_cards(state: GameState, seat: int) -> list[int]:
    if not state.flags.any_stacking:
        return []
    top_kind = state.cards.kind[state.top].name
    kinds = state.cards.kind
    return [
        c
        for c in state.hands[seat]
        if top_kind in kinds[c].model.stacks_on and not state.cannot_finish_on(seat, c)
    ]


def _challenge_open(state: GameState) -> bool:
    owed = state.penalty
    rules = state.rules.model.challenge
    return (
        owed is not None
        and owed.challengeable
        and rules.enabled
        and (not owed.stacked or rules.when_stacked)
    )


def _open_penalty(state: GameState, events: list, seat: int, can_stack: bool) -> None:
    owed = state.penalty
    assert owed is not None, "a penalty is owed"
    can_stack = can_stack and owed.stackable
    can_answer = (
        _challenge_open(state)
        or (can_stack and _stack_cards(state, seat))
        # When identical cards may be played out of turn, someone may answer for the
        # seat: it takes its cards itself.
        or (state.flags.jump_in and owed.resume_seat is None)
    )
    if not can_answer:
        _take_penalty(state, events, seat, turn_announced=False)
        return
    state.pending = Decision("penalty", seat, ("stack",) if can_stack else ())
    events.append({"t": "turn", "p": seat})


def _take_penalty(state: GameState, events: list, seat: int, turn_announced: bool) -> None:
    owed = state.penalty
    assert owed is not None, "a penalty is owed"
    state.penalty = None
    state.take_cards(seat, owed.count, "penalty", events)
    _after_penalty(state, events, seat, owed, owed.lose_turn, turn_announced)


def _after_penalty(state, events, seat, owed, lost_turn: bool, turn_announced: bool) -> None:
    if owed.resume_seat is not None:
        _begin_turn(state, events, owed.resume_seat)
    elif lost_turn:
        events.append({"t": "skip", "p": seat})
        _advance_from(state, events, seat)
    else:
        state.pending = Decision("play", seat)
        if not turn_announced:
            events.append({"t": "turn", "p": seat})


def _end_blocked_round(state: GameState, events: list) -> None:
    """A round nobody can finish: the lowest hand wins it."""
    state.pending = None
    winner = min(state.active_seats(), key=lambda s: (state.hand_points(s), s))
    _end_round(state, events, winner, blocked=True)


def _end_round(state: GameState, events: list, winner: int, blocked: bool = False) -> None:
    scheme = scoring.SCHEMES[state.rules.model.scoring.scheme]
    points = scheme(state, winner)
    for seat, gained in enumerate(points):
        state.scores[seat] += gained
    state.rounds_won[winner] += 1
    event = {
        "t": "round_end",
        "winner": winner,
        "points": {str(s): points[s] for s in range(state.players)},
        "scores": list(state.scores),
    }
    if blocked:
        event["blocked"] = True
    events.append(event)
    state.queue = []
    state.penalty = None
    state.uno_window = -1
    result = scoring.match_result(state, winner, events)
    if result is None:
        state.pending = Decision("next_round", winner)
        return
    state.pending = None
    state.over = True
    state.winner = result
    event = {"t": "game_end", "winner": result, "scores": list(state.scores)}
    if state.rules.model.scoring.teams:
        event["team"] = list(scoring.team_of(state, result))
    events.append(event)


# --- legal actions ------------------------------------------------------------


def _play_options(state: GameState, seat: int, candidates) -> list:
    """The Play actions for those `candidates` the seat may play now."""
    cards = state.cards
    fits = cards.fits[state.color][cards.symbol_id[state.discard[-1]]]  # see state.matches
    refusable = cards.refusable
    plays_for = state.plays[seat]
    last_card = state.flags.finish_forbidden and len(state.hands[seat]) == 1
    actions: list = []
    for card in candidates:
        if not fits[card]:
            continue
        if refusable[card] and not state.play_allowed(seat, card):
            continue
        if last_card and state.cannot_finish_on(seat, card):
            continue
        actions += plays_for[card]
    return actions


def _play_actions(state: GameState, seat: int, cards_to_play) -> list:
    plays_for = state.plays[seat]
    actions: list = []
    for card in cards_to_play:
        actions.extend(plays_for[card])
    return actions


def _drawn_options(state: GameState, seat: int) -> list:
    """Plays open after drawing. Drawn cards stay in the hand until the turn
    ends: nothing between the draw and the seat's answer takes cards away."""
    mode = state.flags.play_drawn
    if mode == "drawn_only":
        return _play_options(state, seat, state.drawn)
    if mode == "any":
        return _play_options(state, seat, state.hands[seat])
    return []


def _may_draw_again(state: GameState) -> bool:
    if not state.flags.unlimited_draw:
        return False
    cap = state.rules.model.turn.draw.cap
    return (cap is None or len(state.drawn) < cap) and state.can_draw()


def legal_actions(state: GameState, seat: int) -> tuple:
    """Everything `seat` may do now, in turn or out of turn."""
    cached = state.legal_cache.get(seat)
    if cached is None:
        cached = state.legal_cache[seat] = tuple(_legal_actions(state, seat))
    return cached


def _legal_actions(state: GameState, seat: int) -> list:
    decision = state.pending
    if decision is None:
        return []
    mine = SEAT_ACTIONS[seat]
    actions: list = []
    if decision.seat == seat:
        kind = decision.kind
        can_play = False
        if kind == "play":
            # An ordinary turn: play what fits, or draw (pass when nothing is left).
            actions = _play_options(state, seat, state.hands[seat])
            can_play = bool(actions)
            if not can_play or state.flags.draw_when_playable:
                actions.append(mine.draw if state.can_draw() else mine.pass_)
        elif kind == "drawn":
            actions = _drawn_options(state, seat)
            can_play = bool(actions)
            if _may_draw_again(state):
                actions.append(mine.draw)
            actions.append(mine.pass_)
        elif kind == "penalty":
            actions.append(mine.accept)
            if _challenge_open(state):
                actions.append(mine.challenge)
            if decision.options:
                stacks = _play_actions(state, seat, _stack_cards(state, seat))
                can_play = bool(stacks)
                actions += stacks
        elif kind == "more":
            actions = _play_actions(state, seat, _followers(state, seat))
            can_play = bool(actions)
            actions.append(mine.pass_)
        elif kind == "next_round":
            actions = [mine.next_round]
        else:  # colour, player, draft, dump, dump_next: answer with one of the options
            actions = [Choose(seat, option) for option in decision.options]
        if can_play and len(state.hands[seat]) == 2 and not state.uno_called[seat]:
            actions.append(mine.call_uno)
    elif state.flags.jump_in:
        actions = _jump_in_actions(state, seat, decision)
    window = state.uno_window
    if window >= 0:
        if window == seat:
            actions.append(mine.call_uno)
        elif not state.eliminated[seat]:
            actions.append(mine.catch[window])
    return actions


# `legal_actions` without the cache, for a driver that asks once per action.
fresh_legal_actions = _legal_actions


def _jump_in_actions(state: GameState, seat: int, decision: Decision) -> list:
    owed = state.penalty
    if (
        decision.kind not in ("play", "penalty")
        or state.eliminated[seat]
        or (owed is not None and owed.resume_seat is not None)
    ):
        return []
    cards = state.cards
    top = state.discard[-1]
    if cards.color[top] < 0:
        return []
    name = cards.names[top]
    names = cards.names
    identical = [
        c for c in state.hands[seat] if names[c] == name and not state.cannot_finish_on(seat, c)
    ]
    return _play_actions(state, seat, identical)


def out_of_turn_seats(state: GameState) -> list[int]:
    """Seats other than the one to act that may have something to do now."""
    if state.over or state.pending is None:
        return []
    to_act = state.pending.seat
    others = [(to_act + step) % state.players for step in range(1, state.players)]
    if state.uno_window >= 0:
        return others
    if state.flags.jump_in and state.discard and state.pending.kind in ("play", "penalty"):
        name = state.cards.names[state.discard[-1]]
        names = state.cards.names
        return [s for s in others if any(names[c] == name for c in state.hands[s])]
    return []


# --- applying an action -------------------------------------------------------


def apply_in_place(
    state: GameState, action, trusted: bool = False, events: list | None = None
) -> list[dict]:
    """Carry out one action on `state` itself and return the events.

    `trusted` skips the legality check, for drivers that took `action` from
    `legal_actions` of this very state (the simulation loop); `events`, when
    given, is the list the new events are appended to (and returned)."""
    if not trusted and action not in legal_actions(state, action.seat):
        raise IllegalAction(why_illegal(state, action))
    if state.legal_cache:
        state.legal_cache.clear()
    if events is None:
        events = []
    kind = type(action)
    seat = action.seat
    if state.uno_window >= 0 and seat != state.uno_window and kind in TURN_ACTIONS:
        # Another seat acts: the official window closes; the later one
        # (until the forgetful seat's own next turn) now may close.
        if state.flags.catch_until_own_turn:
            state.uno_window_passed = True
        else:
            state.uno_window = -1
    if kind is Play:
        _play(state, events, seat, action.card, action.color)
    elif kind is Draw:
        _draw(state, events, seat)
    elif kind is Pass:
        _pass(state, events, seat)
    elif kind is CallUno:
        state.uno_called[seat] = True
        if state.uno_window == seat:
            state.uno_window = -1
        events.append({"t": "uno", "p": seat})
    elif kind is Catch:
        target = action.target
        state.uno_window = -1
        events.append({"t": "catch", "by": seat, "p": target})
        state.take_cards(target, state.rules.model.uno.penalty, "uno", events)
    elif kind is Accept:
        _take_penalty(state, events, seat, turn_announced=True)
    elif kind is Challenge:
        _challenge(state, events, seat)
    elif kind is Choose:
        _choose(state, events, seat, action.value)
    elif kind is NextRound:
        _next_round(state, events)
    return events


def _lay_down(state: GameState, events: list, seat: int, card: int, color: str | None) -> None:
    """Move a card from a hand to the discard pile and set the colour in force."""
    cards = state.cards
    hand = state.hands[seat]
    hand.remove(card)
    state.discard.append(card)
    own_colour = cards.color[card]
    if own_colour >= 0:
        state.color = own_colour
    elif color is not None:
        state.color = cards.colors.index(color)
    events.append(
        {"t": "play", "p": seat, "card": cards.names[card], "color": cards.color_label[state.color]}
    )
    state.turns += 1
    state.idle_passes = 0
    if len(hand) == 1 and not state.uno_called[seat]:
        state.uno_window = seat
        state.uno_window_passed = False


def _play(state: GameState, events: list, seat: int, card: int, color: str | None) -> None:
    decision = state.pending
    assert decision is not None, "a Play answers an open decision"
    if decision.kind == "more":
        _play_more(state, events, seat, card, color)
        return
    if decision.seat != seat:
        _jump_in(state, events, seat)
    cards = state.cards
    # Judged on the hand and colour before the card leaves them.
    allowed = not cards.restricted[card] or state.play_allowed(seat, card)
    prev_color = state.color
    _lay_down(state, events, seat, card, color)
    if state.drawn:
        state.drawn = []
    state.pending = None
    state.actor = seat
    hand = state.hands[seat]
    effects = cards.effects[card]
    if not effects and hand and not state.flags.multi_play:
        _end_turn(state, events)
        return
    state.ctx = ctx = PlayContext(
        seat,  # actor
        card,
        cards.color[card] < 0 and color is not None,  # color_named
        not hand,  # going_out
        False,  # first_card
        allowed,
        None,  # chosen
        prev_color,
    )
    if state.flags.multi_play and hand and decision.kind == "play":
        ctx.cards = [card]
        ctx.base_top = state.discard[-2]
        if _followers(state, seat):
            state.pending = Decision("more", seat)
            return
    state.queue = list(effects)
    _run_effects(state, events)


def _followers(state: GameState, seat: int) -> list[int]:
    """Cards that may join a play of several cards, going by its first card."""
    rules = state.rules.model.turn.multi_play
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    played = ctx.cards
    if rules.max_cards is not None and len(played) >= rules.max_cards:
        return []
    cards = state.cards
    first = played[0]
    colour, symbol = cards.color[first], cards.symbol[first]
    if rules.mode == "color_combo":
        # Source 000: on a red 3, more red cards and the 3s of other colours,
        # so the combo is judged against the card the turn started on.
        colour, symbol = ctx.prev_color, cards.symbol[ctx.base_top]
    found = []
    for card in state.hands[seat]:
        own = cards.color[card]
        if own < 0:
            continue  # wilds never ride along
        same_symbol = cards.symbol[card] == symbol
        same_colour = own == colour
        if (
            (rules.mode == "same_symbol" and same_symbol)
            or (rules.mode == "same_color" and same_colour)
            or (rules.mode == "color_combo" and (same_colour or same_symbol))
        ) and not state.cannot_finish_on(seat, card):
            found.append(card)
    return found


def _play_more(state: GameState, events: list, seat: int, card: int, color) -> None:
    _lay_down(state, events, seat, card, color)
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    ctx.cards.append(card)
    ctx.card = card
    if not state.hands[seat]:
        ctx.going_out = True
    elif _followers(state, seat):
        return
    _finish_multi_play(state, events)


def _finish_multi_play(state: GameState, events: list) -> None:
    state.pending = None
    ctx = state.ctx
    assert ctx is not None, "several cards are being played"
    effects = state.cards.effects
    if state.rules.model.turn.multi_play.effects == "every_card":
        state.queue = [spec for card in ctx.cards for spec in effects[card]]
    else:
        state.queue = list(effects[ctx.card])
    _run_effects(state, events)


def _jump_in(state: GameState, events: list, seat: int) -> None:
    """An identical card played out of turn: play goes on from that seat."""
    decision = state.pending
    assert decision is not None, "a card played out of turn cuts into an open turn"
    events.append({"t": "jump_in", "p": seat, "over": decision.seat})
    if state.rules.model.turn.jump_in.cancels_action:
        state.penalty = None
        state.skips = 0


def _draw(state: GameState, events: list, seat: int) -> None:
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
    if _drawn_options(state, seat) or _may_draw_again(state):
        state.pending = _DRAWN_DECISIONS[seat]
        return
    events.append({"t": "pass", "p": seat})
    _advance_from(state, events, seat)


def _pass(state: GameState, events: list, seat: int) -> None:
    if state.pending is not None and state.pending.kind == "more":
        _finish_multi_play(state, events)
        return
    events.append({"t": "pass", "p": seat})
    if not state.drawn and not state.can_draw():
        state.idle_passes += 1
        if state.idle_passes >= len(state.active_seats()):
            # Nobody can play and nothing is left to draw: the round is blocked.
            _end_blocked_round(state, events)
            return
    _advance_from(state, events, seat)


def _challenge(state: GameState, events: list, seat: int) -> None:
    owed = state.penalty
    assert owed is not None, "a challenge answers a penalty"
    state.penalty = None
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
        state.take_cards(owed.source, owed.count, "challenge", events)
        if owed.resume_seat is not None:
            _begin_turn(state, events, owed.resume_seat)
        else:
            state.pending = Decision("play", seat)
        return
    extra = state.rules.model.challenge.extra_if_innocent
    state.take_cards(seat, owed.count + extra, "challenge", events)
    lost = state.rules.model.challenge.innocent_loses_turn
    _after_penalty(state, events, seat, owed, lost, turn_announced=True)


def _choose(state: GameState, events: list, seat: int, value) -> None:
    decision = state.pending
    assert decision is not None, "a Choose answers an open decision"
    state.pending = None
    if decision.kind == "draft":
        _draft(state, events, seat, value)
        return
    if decision.kind in ("dump", "dump_next"):
        _dump(state, events, seat, value)
        return
    if decision.kind == "color":
        state.color = state.cards.colors.index(value)
        events.append({"t": "color", "p": seat, "color": value})
    else:
        ctx = state.ctx
        assert ctx is not None, "a player is chosen for a card's effect"
        ctx.chosen = value
        events.append({"t": "chose", "p": seat, "player": value})
    _run_effects(state, events)


def _dump(state: GameState, events: list, seat: int, value) -> None:
    """The colour dump: all of a colour or nothing, in the seat's order."""
    if value == "none":
        _run_effects(state, events)
        return
    cards = state.cards
    colour = state.color
    if value != "all":
        _lay_down(state, events, seat, value, None)
    left = tuple(c for c in state.hands[seat] if cards.color[c] == colour)
    if len(left) > 1:
        state.pending = Decision("dump_next", seat, _dump_order_options(state, seat, left))
        return
    if left:
        _lay_down(state, events, seat, left[0], None)
    last = state.discard[-1]
    ctx = state.ctx
    assert ctx is not None, "the dump is a card's effect"
    # Play goes on from the seat that dumped; its last card's effects apply.
    state.actor = seat
    state.ctx = PlayContext(
        actor=seat,
        card=last,
        going_out=not state.hands[seat],
        prev_color=colour,
        chosen=ctx.chosen,
    )
    state.queue = list(cards.effects[last]) + state.queue
    _run_effects(state, events)


def _dump_order_options(state: GameState, seat: int, left: tuple) -> tuple:
    """Which card may go down next; when the dump empties the hand and the
    last card must be a number, the last number is kept for last."""
    if not state.flags.finish_forbidden or len(left) != len(state.hands[seat]):
        return left
    numbers = [c for c in left if state.cards.category[c] == "number"]
    if len(numbers) == 1:
        return tuple(c for c in left if c != numbers[0])
    return left


def _next_round(state: GameState, events: list) -> None:
    moves = state.rules.model.dealing.dealer_moves
    if moves != "stays" or state.eliminated[state.dealer]:
        state.dealer = state.next_seat(state.dealer, -1 if moves == "right" else 1)
    state.pending = None
    _start_round(state, events)


# --- explaining a refusal -----------------------------------------------------


def why_illegal(state: GameState, action) -> str:
    """A sentence for a player whose choice was refused."""
    if state.over:
        return "the match is over"
    seat = action.seat
    decision = state.pending
    kind = type(action)
    if kind is Catch:
        return "there is nobody to catch"
    if kind is CallUno:
        return "UNO is called with two cards, before playing the second-to-last"
    if decision is None or decision.seat != seat:
        who = "nobody" if decision is None else state.names[decision.seat]
        return f"it is {who}'s turn"
    if kind is Play:
        cards = state.cards
        card = action.card
        if card not in state.hands[seat]:
            return "that card is not in your hand"
        if decision.kind == "penalty":
            return "only a card that stacks can answer the cards you owe"
        if decision.kind == "drawn":
            return "after drawing, only the drawn card may be played"
        if decision.kind != "play":
            return "answer the open question first"
        if not state.matches(card):
            top = cards.names[state.top]
            colour = cards.color_name(state.color)
            return f"{cards.names[card]} matches neither the colour ({colour}) nor {top}"
        if cards.needs_color[card] and action.color not in cards.colors:
            return "name a colour for a wild"
        if not state.play_allowed(seat, card):
            return _restriction_text(state, seat, card)
        if len(state.hands[seat]) == 1:
            return "the last card may not be an action card"
    if kind is Draw and decision.kind == "play":
        if not state.can_draw():
            return "there is nothing left to draw"
        return "you have a card to play; these rules do not let you draw instead"
    return "that is not one of the choices now"


def _restriction_text(state: GameState, seat: int, card: int) -> str:
    """ "Wild Draw Four only without a red card": the conditions the seat fails."""
    from game.engine.conditions import REGISTRY

    cards = state.cards
    spec = cards.kind[card]
    label = spec.model.label or spec.name.replace("_", " ").title()
    colour = cards.color_name(state.color)
    ctx = PlayContext(actor=seat, card=card)
    parts = [
        REGISTRY[name].refusal_text(want, colour)
        for name, want in (spec.play_only_if_text or {}).items()
        if REGISTRY[name].fn(state, ctx) != want
    ]
    return f"{label} {' and '.join(parts)}"
