"""Two-sided decks: cards with a face on each side, and a table that turns over.

A rule set that declares `sides:` prints every card kind on one side
(`side:` of the kind); each physical card pairs a face of the first side
with a face of the second. Which faces share a card is `pairs:` — `random`
(paired afresh for each match from its seed) or listed. Play starts on the
first side; the `flip` effect turns every card over (hands, draw pile,
discard pile) and play goes on with the other side, whose colours, effects
and points are then the cards'.

The game holds one `CardTable` per side (`state.tables`), indexed by the
same card ids; `state.cards` is the side in play's, so every rule reads the
faces in play without knowing that there are two. Paired at random, the
cards are numbered in a hidden order of the match, so that an id tells its
holder nothing of the face it does not see (`side_tables`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from game.engine.cards import CardTable, card_table, reordered
from game.engine.effects import SUSPEND, Params, effect
from game.engine.events import EventSink
from game.engine.pending import Decision, PlayContext
from game.engine.rng import RandomSource
from game.engine.ruleset import WILD, Loc, RuleSet, RuleSetModel
from game.engine.said import Said, said

if TYPE_CHECKING:
    # Only for annotations (see effects.py): the state sits above the blocks.
    from game.engine.state import GameState


def face_codes(model: RuleSetModel, side: str) -> list[str]:
    """Every face printed on `side`, one per card, as the log writes a face
    (`red:7`, `wild:wild_draw_two`), in the order the card table numbers them."""
    codes = []
    for name, kind in model.cards.items():
        if kind.side != side:
            continue
        colors = [WILD] if kind.wild else model.colors_of(kind)
        for color in colors:
            if kind.category == "number":
                for face in kind.faces or ():
                    codes += [f"{color}:{face}"] * kind.copies_of.get(face, kind.copies)
            else:
                codes += [f"{color}:{name}"] * kind.copies
    return codes


def side_problems(model: RuleSetModel) -> list[tuple[Loc, str]]:
    """What makes a two-sided deck unplayable: not two sides, a kind on no
    side, sides of different sizes, listed pairs that do not pair every face."""
    problems: list[tuple[Loc, str]] = []
    names = model.side_names()
    if not names:
        for name, kind in model.cards.items():
            if kind.side is not None:
                problems.append(
                    (("cards", name, "side"), "only a deck with `sides:` prints kinds on a side")
                )
        if model.pairs != "random":
            problems.append((("pairs",), "only a deck with `sides:` pairs faces"))
        return problems
    if len(names) != 2:
        problems.append((("sides",), "a two-sided deck has exactly two sides"))
        return problems
    for name, kind in model.cards.items():
        if kind.side not in names:
            problems.append(
                (("cards", name, "side"), f"say which side prints it: one of {', '.join(names)}")
            )
    if problems:
        return problems
    first, second = (face_codes(model, side) for side in names)
    if len(first) != len(second):
        problems.append(
            (
                ("sides",),
                f"every card has a face on each side, but side {names[0]} has {len(first)}"
                f" faces and side {names[1]} has {len(second)}",
            )
        )
        return problems
    if model.pairs != "random":
        listed = [Counter(pair[i] for pair in model.pairs) for i in (0, 1)]
        for i, (side, faces) in enumerate(zip(names, (first, second), strict=True)):
            if listed[i] != Counter(faces):
                missing = Counter(faces) - listed[i]
                extra = listed[i] - Counter(faces)
                what = (
                    f"{', '.join(sorted(extra))} not in the deck"
                    if extra
                    else f"{', '.join(sorted(missing))} never paired"
                )
                problems.append(
                    (("pairs",), f"the pairs must hold each face of side {side} once: {what}")
                )
    return problems


def pair_faces(rules: RuleSet, rng: RandomSource) -> list[int]:
    """Which face of the second side each card carries, by card (the first
    side's face order): listed pairs as written, else a seeded shuffle."""
    model = rules.model
    first, second = (card_table(rules, side).face_names for side in (0, 1))
    if model.pairs == "random":
        order = list(range(len(second)))
        rng.shuffle(order)
        return order
    free: dict[str, list[int]] = {}
    for index, code in enumerate(second):
        free.setdefault(code, []).append(index)
    wanted: dict[str, list[str]] = {}
    for front, back in model.pairs:
        wanted.setdefault(front, []).append(back)
    order = []
    for code in first:
        back = wanted[code].pop(0)
        order.append(free[back].pop(0))
    return order


def side_tables(
    rules: RuleSet, rng: RandomSource, numbering: RandomSource | None = None
) -> tuple[CardTable, ...]:
    """The card tables of a match, one per side, over the same card ids.

    A deck paired at random numbers its cards in a hidden order drawn from
    `numbering` (a stream of the match's seed apart from `rng`): numbered in
    the faces' order, a seat's own card ids on the second side would say
    their first faces, which only the others see. A fresh deck still lies in
    the faces' order (`CardTable.fresh_deck`), so the same seed deals the
    same cards whatever their ids."""
    if not rules.model.sides:
        return (card_table(rules),)
    order = pair_faces(rules, rng)
    fronts, backs = card_table(rules, 0), card_table(rules, 1)
    numbered: list[int] | None = None
    if numbering is not None and rules.model.pairs == "random":
        # Card i is the card that the faces' order numbers numbered[i].
        numbered = list(range(len(order)))
        numbering.shuffle(numbered)
        order = reordered(order, numbered)
    front = fronts.paired(numbered, reordered(backs.face_names, order))
    return (front, backs.paired(order, front.face_names))


def show_side(state: GameState, side: int) -> None:
    """Put `side` in play: every per-card fact the rules read is its faces'."""
    state.side = side
    state.cards = cards = state.tables[side]
    state.plays = [cards.plays_for(seat) for seat in range(state.players)]


# --- the flip -----------------------------------------------------------------


class FlipParams(Params):
    # as_stack: the pile is turned over whole, its bottom card on top, as the
    # sheet turns the draw pile in the same words (reading B, the default);
    # in_place: each card of the discard pile is turned where it lies, so the
    # new top is the other face of the card that flipped (reading A).
    discard: Literal["as_stack", "in_place"] = "as_stack"
    # turns: a Flip played as the last card still turns the table, and the
    # round is scored on the side it turned to; stays: the table is left as
    # it was (docs/rules.md section 5, "What the sheet leaves open").
    last_card: Literal["turns", "stays"] = "turns"
    # plain: when a round opens with this Flip, the face it turns up is a
    # plain card (the first card acted once, and that was the Flip); acts: that
    # face acts as a first card would (docs/rules.md section 5).
    opening_face: Literal["plain", "acts"] = "plain"


def _flip_words(p: FlipParams) -> Said:
    words = (
        said(
            "every card turns over and play goes on with the other side "
            "(each card of the discard pile turns where it lies)"
        )
        if p.discard == "in_place"
        else said(
            "every card turns over and play goes on with the other side "
            "(the discard pile is turned over as a stack)"
        )
    )
    if p.last_card == "stays":
        words = said("{what}; played as the last card, it turns nothing", what=words)
    if p.opening_face == "acts":
        words = said("{what}; turned up to start the round, the face it turns up acts", what=words)
    return words


@effect(
    FlipParams,
    words=lambda p: _flip_words(p),
)
def flip(state: GameState, ctx: PlayContext, params: FlipParams, events: EventSink) -> bool:
    """Every card turns over — each hand, the draw pile, the discard pile —
    and play goes on with the other side: its colours, effects and points.
    The colour in force is the new top card's; a wild on top has its colour
    named by the seat that flipped (by the first player, when the round
    starts with it). The draw pile is turned as a stack (its order reverses),
    and so is the discard pile, its bottom card on top (`discard: in_place`
    turns each of its cards where it lies instead, so the new top is the other
    face of this Flip). Played as the last card, the table still turns: the round is scored on
    the side then in play (`last_card: stays` leaves it as it was).

    With `opening_face: acts`, a round that opens with this Flip has the
    face it turns up act as a first card (a face that would flip again, or be
    put back, stays plain).

    YAML: `- flip`, `- flip: {discard: in_place}`, `- flip: {last_card: stays}`
    or `- flip: {opening_face: acts}`; a deck without sides keeps its side.
    """
    if len(state.tables) < 2 or (ctx.going_out and params.last_card == "stays"):
        return False
    show_side(state, (state.side + 1) % len(state.tables))
    state.draw_pile.reverse()
    if params.discard == "as_stack":
        state.discard.reverse()
    cards = state.cards
    top = state.discard[-1]
    state.color = cards.color[top]
    if events is not None:
        events.append(
            {
                "t": "flip",
                "side": cards.side_name or "",
                "top": cards.names[top],
                "color": cards.color_name(state.color),
            }
        )
    if ctx.first_card and params.opening_face == "acts":
        acts = cards.kind[top].first_card
        if acts and not any(spec.run is flip for spec in acts):
            ctx.card = top
            state.queue[0:0] = acts
            return False
    if state.color >= 0 or ctx.going_out:
        return False
    seat = state.next_seat(ctx.actor) if ctx.first_card else ctx.actor
    state.pending = Decision("color", seat, tuple(cards.colors))
    return SUSPEND
