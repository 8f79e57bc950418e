"""Setting up a match and its rounds: seats, the cut, the deal or the draft,
the first card.

Before the first round every seat cuts a card and the highest number deals
(action cards count 0; ties cut again). A round: shuffle, deal each seat its
hand starting left of the dealer (or draft: each seat in turn looks at the
top card and keeps it or the next, card by card, or with `draft_order:
whole_hand` each seat its whole hand before the next), then turn up the
first card. The first
card is treated as if the dealer had played it: its `first_card` effects
resolve with the dealer as the seat that played (so "next" is the seat left
of the dealer), or it goes back into the pile and another is turned. Then
turns follow (turn.py).

The draft and the start of the next round are decisions; their kinds are
declared here.
"""

from __future__ import annotations

from typing import Final

from game.engine.actions import Choose, NextRound
from game.engine.decisions import Ask, DecisionKind, declare, declare_choice
from game.engine.events import Event, EventSink
from game.engine.flags import RuleFlags
from game.engine.legality import next_round_answers
from game.engine.match_length import MAX_MATCH_ROUNDS, longest_match
from game.engine.pending import Decision, PlayContext
from game.engine.purposes import Purpose
from game.engine.refusals import next_round_refusal
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.said import said
from game.engine.sides import show_side, side_tables
from game.engine.state import GameState
from game.engine.turn import run_effects

_DEFAULT_TARGET = object()
# The match's seed, so changed, seeds the hidden numbering of a deck paired
# at random (game/engine/sides.py `side_tables`): a stream of its own, so the
# game's generator draws what it drew before the cards were so numbered.
NUMBERING_STREAM: Final = 0x6E756D62657273


def new_game(
    rules: RuleSet,
    players: int,
    seed: int,
    names: list[str] | None = None,
    *,
    target: int | None | object = _DEFAULT_TARGET,
    single_round: bool = False,
) -> tuple[GameState, list[Event]]:
    """Seat the players, cut for the dealer and deal the first round."""
    allowed = rules.model.allowed_counts()
    if players not in allowed:
        raise ValueError(f"these rules are for {rules.model.players_text()} players, not {players}")
    names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
    if len(names) != players:
        raise ValueError("one name per seat")
    goal: int | None
    if target is _DEFAULT_TARGET:
        goal = None if single_round else rules.target_for(players)
    else:
        assert target is None or isinstance(target, int), "a target is a score or None"
        goal = target
        rounds = longest_match(rules.model, players, goal)
        if rounds is not None and rounds > MAX_MATCH_ROUNDS:
            # A target chosen for this match (the New game screen's), not the
            # rule file's, which loading has checked already.
            raise ValueError(
                f"a match to {goal} rounds won at {players} players may take {rounds:,} rounds;"
                f" a match may take at most {MAX_MATCH_ROUNDS:,}: choose a lower target"
            )
    rng = Rng(seed)
    # Seeding a generator costs a sixth of a one-sided deck's new game: only a
    # two-sided deck seeds this one.
    numbering = Rng(seed ^ NUMBERING_STREAM) if rules.model.sides else None
    tables = side_tables(rules, rng, numbering)
    cards = tables[0]
    state = GameState(
        rules=rules,
        cards=cards,
        tables=tables,
        players=players,
        names=names,
        rng=rng,
        target=goal,
        single_round=single_round,
        scores=[0] * players,
        rounds_won=[0] * players,
        eliminated=[False] * players,
        uno_called=[False] * players,
        flags=RuleFlags(rules.model),
        plays=[cards.plays_for(seat) for seat in range(players)],
    )
    events: list[Event] = [
        {
            "t": "game",
            "rules": list(rules.sources),
            "seed": seed,
            "players": players,
            "names": names,
            "target": goal,
        }
    ]
    state.dealer = _cut_for_dealer(state, events) if rules.model.dealing.cut_for_dealer else 0
    start_round(state, events)
    return state, events


def _cut_for_dealer(state: GameState, events: EventSink) -> int:
    """Each contender cuts a card; the highest number deals, ties cut again.

    At most MAX_CUTS cuts: the seats still tied after them (in a deck whose
    cards all count alike, after the first) draw lots, by the game's seeded
    RNG, and the 'round' event says who deals (docs/modding.md)."""
    cards = state.cards
    deck: list[int] = []
    contenders = list(range(state.players))
    for _ in range(MAX_CUTS):
        if len(deck) < len(contenders):
            deck = cards.fresh_deck()
        cut = {}
        for seat in contenders:
            # A cut is a card taken at random from what is left of the deck.
            index = state.rng.below(len(deck))
            deck[index], deck[-1] = deck[-1], deck[index]
            cut[seat] = deck.pop()
        if events is not None:
            events.append({"t": "cut", "cards": {str(s): cards.names[c] for s, c in cut.items()}})
        best = max(cards.cut_of(c) for c in cut.values())
        contenders = [s for s, c in cut.items() if cards.cut_of(c) == best]
        if len(contenders) == 1:
            return contenders[0]
        if len(cards.cut_values) == 1:
            break  # no cut can ever break the tie
    return contenders[state.rng.below(len(contenders))]


MAX_CUTS: Final = 10


def start_round(state: GameState, events: EventSink) -> None:
    rules = state.rules.model
    if state.side:
        show_side(state, 0)  # every round starts on the first side
    cards = state.cards
    state.round_no += 1
    if events is not None:
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
    pile = cards.fresh_deck()
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
    if events is not None:
        for seat in order:
            events.append(
                {"t": "deal", "p": seat, "cards": [cards.names[c] for c in state.hands[seat]]}
            )
    turn_up_first(state, events)


# --- the draft -------------------------------------------------------------------


def _offer_draft(state: GameState, events: EventSink, seat: int) -> None:
    """The drafting seat takes the top card and looks at it."""
    state.draft_card = state.draw_pile.pop()
    state.pending = Decision("draft", seat, ("keep", "discard"))
    if events is not None:
        events.append({"t": "turn", "p": seat})


def _draft(state: GameState, events: EventSink, action: Choose) -> bool:
    seat = action.seat
    state.pending = None
    names = state.cards.names
    looked = state.draft_card
    state.draft_card = -1
    turned = state.draw_pile.pop()
    if action.value == "keep":
        kept, dropped = looked, turned
        steps = ((looked, True), (turned, False))
    else:
        kept, dropped = turned, looked
        steps = ((looked, False), (turned, True))
    state.hands[seat].append(kept)
    state.draft_discard.append(dropped)
    for card, was_kept in steps:
        if events is not None:
            events.append({"t": "draft", "p": seat, "card": names[card], "kept": was_kept})
    dealing = state.rules.model.dealing
    size = dealing.hand_size
    whole_hand = dealing.draft_order == "whole_hand" and len(state.hands[seat]) < size
    nxt = seat if whole_hand else state.next_seat(seat)
    if len(state.hands[nxt]) < size:
        _offer_draft(state, events, nxt)
        return False
    # The draft discard goes face down under the draw pile.
    state.draw_pile[:0] = state.draft_discard
    state.draft_discard = []
    turn_up_first(state, events)
    return False


declare_choice(
    "draft",
    must="keep the card it looks at, or discard it (and keep the next)",
    options='("keep", "discard")',
    apply=_draft,
    words=lambda state, option: str(option),
    ask=Ask.WORDS,
    purpose=Purpose.KEEP,
    deals=True,
    question=said("Keep this card?"),
    labels={"keep": said("Keep it"), "discard": said("Discard, take the next")},
    reads=lambda state, action, event: (
        event["t"] == "draft"
        and event["p"] == action.seat
        and event["kept"] == (action.value == "keep")
    ),
)


# --- the first card -----------------------------------------------------------------


def turn_up_first(state: GameState, events: EventSink) -> None:
    cards = state.cards
    pile = state.draw_pile
    first = pile.pop()
    effects = cards.kind[first].first_card
    # A card that says "return" goes back and another is turned; the deck's
    # validation guarantees more cards that may start than a deal can take,
    # so one is in the pile and this ends.
    while effects is None:
        pile.insert(state.rng.below(len(pile) + 1), first)
        state.rng.shuffle(pile)
        first = pile.pop()
        effects = cards.kind[first].first_card
    state.discard.append(first)
    state.color = cards.color[first]
    state.actor = state.dealer
    if events is not None:
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
    run_effects(state, events)


# --- the next round -------------------------------------------------------------------


def _next_round(state: GameState, events: EventSink, action: NextRound) -> bool:
    moves = state.rules.model.dealing.dealer_moves
    if moves != "stays" or state.eliminated[state.dealer]:
        state.dealer = state.next_seat(state.dealer, -1 if moves == "right" else 1)
    state.pending = None
    start_round(state, events)
    return False


declare(
    DecisionKind(
        "next_round",
        ask=Ask.ROUND_OVER,
        must="start the next round",
        options="nothing",
        answers=next_round_answers,
        apply={NextRound: _next_round},
        refusal=next_round_refusal,
        purpose=Purpose.NEXT_ROUND,
    )
)
