"""Decision kinds: everything a seat can be asked, each declared once.

A decision is `Decision(kind, seat, options)` in `state.pending`. Its kind is
declared here, by the module that opens it (the turn, the deal, an effect),
with everything the engine needs to know about it:

- `must`: what the seat must do, in words (for docs and prompts), and what
  `options` holds;
- `answers(state, decision)`: the seat's answers, as actions (what
  `legal_actions` offers, before the UNO calls and catches any moment has);
- `apply`: per type of action, the handler that carries out one of those
  answers, `handler(state, events, action)`; it returns True when the answer
  settles the question an effect asked, so the effects that waited for it
  go on;
- `refusal(state, decision, action)`: why an action that is not among the
  answers is refused, in a player's words; it asks the same checks that
  `answers` does, so the two cannot disagree;
- `jump_in`: whether an identical card may be played out of turn while
  this decision is open (`turn.jump_in`);
- `ask`: how a client puts the question (an `Ask`: from the hand, a colour,
  a player, one of some words, one of some cards, the round's end), and for
  a question put in words, `question` and the words of each option (`labels`)
  as the engine says them (`said`), so every screen asks it alike; a kind
  asked from the hand may say its `question` too (the line the table writes
  under the seat's name, "Play the drawn card, or pass"), and
  `answer_words`, its own word for an answer's button ("Done" for the pass
  that ends a play of several cards);
- `reads`: how a replay reads this kind's answers back from a log
  (game/log/actions.py): per type of answer whose first event is this
  kind's own, whether an answer wrote a given event first;
- `purpose`: what the answer is for (game/engine/purposes.py), which the
  bots and the hint answer by: a decision may carry its own, set by the
  effect that opened it (`purpose_of`);
- `between_plays`: opened between plays, with no card's effects half
  resolved, so that a seat's view describes the whole state (the expert's
  search deals its worlds only at such a decision);
- `deals`: asked while the hands are dealt (the seat's hand is not whole yet).

Kind names are `KindName` (game/engine/kind_names.py), a typed enumeration:
a misspelt kind fails the type check. A new kind is its name in `KindName`
and one `declare(...)` beside the code that opens it, plus its test. The
bots, the hint, the table and the phones answer and show it by its `ask`
and `purpose` (the table's buttons too, game/table/couch_buttons.py), and
its words; only a new purpose or a new way of asking needs more.
docs/architecture.md walks through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Choose
from game.engine.kind_names import KIND_NAMES, KindName
from game.engine.pending import Decision
from game.engine.purposes import PICKS_A_SEAT, Purpose
from game.engine.said import listed, said

if TYPE_CHECKING:
    # Only for annotations: effects declare kinds too, and the state module
    # sits above the effects (it holds the rule set that holds them).
    from game.engine.events import EventSink
    from game.engine.state import GameState


class Ask(Enum):
    """How a client puts a decision to its seat: what it shows and what an
    answer looks like. A screen maps each to the way it asks (one table:
    game/scenes/play.py); a new kind picks one of these."""

    HAND = "hand"  # a card from the hand, or the table's buttons (draw, pass, take, ...)
    COLOR = "color"  # one of the options, colour names
    PLAYER = "player"  # one of the options, seat numbers
    WORDS = "words"  # one of the options, each worded by the kind's `labels`
    CARDS = "cards"  # one of the options, card ids, shown as the cards
    ROUND_OVER = "round_over"  # the round's scores; the answer starts the next round


Answers = Callable[["GameState", Decision], list[Action]]
# A handler takes (state, events, action) for the one type of action it is
# registered for; its third parameter is that type, hence the loose signature.
Handler = Callable[..., bool]
Refusal = Callable[["GameState", Decision, Action], str]
# (state before the answer, the answer, an event): whether the answer wrote it first.
# The answer's parameter is the one type it is registered for, hence the loose signature.
Reads = Callable[["GameState", Any, Mapping[str, Any]], bool]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    name: KindName
    must: str  # "play a card or draw (its ordinary turn)"
    options: str  # what Decision.options holds, e.g. "colour names"
    answers: Answers
    apply: Mapping[type[Action], Handler]
    refusal: Refusal
    ask: Ask
    purpose: Purpose = field(kw_only=True)
    jump_in: bool = False
    # The question, said: Ask.WORDS and Ask.CARDS must have one; Ask.PLAYER
    # may (else a screen asks "Pick a player").
    question: str = ""
    labels: Mapping[str, str] = field(default_factory=dict)  # Ask.WORDS: option -> words
    # Ask.HAND: an answer's own word, where the kind has one (Pass -> "Done").
    answer_words: Mapping[type[Action], str] = field(default_factory=dict)
    reads: Mapping[type[Action], Reads] = field(default_factory=dict)
    between_plays: bool = False
    deals: bool = False


REGISTRY: dict[KindName, DecisionKind] = {}
# The same, one attribute nearer, for the two lookups every action makes.
ANSWERS: dict[KindName, Answers] = {}
APPLY: dict[KindName, Mapping[type[Action], Handler]] = {}


def declare(kind: DecisionKind) -> DecisionKind:
    if kind.name in REGISTRY:
        raise ValueError(f"decision kind {kind.name!r} is declared twice")
    if kind.name not in KIND_NAMES:
        raise ValueError(f"decision kind {kind.name!r} is missing from KindName")
    if kind.ask in (Ask.WORDS, Ask.CARDS) and not kind.question:
        raise ValueError(f"decision kind {kind.name!r} is asked in words but has no question")
    if (kind.ask is Ask.PLAYER) != (kind.purpose in PICKS_A_SEAT):
        raise ValueError(
            f"decision kind {kind.name!r}: a kind asked as a player picks a seat "
            f"for it (one of {sorted(PICKS_A_SEAT)}), and only such a kind does"
        )
    REGISTRY[kind.name] = kind
    ANSWERS[kind.name] = kind.answers
    APPLY[kind.name] = kind.apply
    return kind


# --- kinds answered by choosing one of the options --------------------------------


def choose_answers(state: GameState, decision: Decision) -> list[Action]:
    """`Choose(seat, option)` for each option of the decision."""
    return [Choose(decision.seat, option) for option in decision.options]


def choose_refusal(words: Callable[[GameState, str | int], str]) -> Refusal:
    """A refusal for a choosing kind: `words(state, option)` names an option."""

    def refusal(state: GameState, decision: Decision, action: Action) -> str:
        named = listed([words(state, option) for option in decision.options], "or")
        if type(action) is Choose:
            return said("Choose {options}.", options=named)
        return said("Answer the open question first: choose {options}.", options=named)

    return refusal


def declare_choice(
    name: KindName,
    must: str,
    options: str,
    apply: Callable[[GameState, EventSink, Choose], bool],
    words: Callable[[GameState, str | int], str],
    *,
    ask: Ask,
    purpose: Purpose,
    question: str = "",
    labels: Mapping[str, str] | None = None,
    reads: Callable[[GameState, Choose, Mapping[str, Any]], bool] | None = None,
    deals: bool = False,
) -> DecisionKind:
    """Declare a kind whose answers are `Choose(seat, option)`, one per option;
    `reads`: whether a choice wrote an event first, when that can be told
    (else the first event depends on what follows)."""
    return declare(
        DecisionKind(
            name,
            must,
            options,
            choose_answers,
            {Choose: apply},
            choose_refusal(words),
            ask,
            purpose=purpose,
            question=question,
            labels=labels or {},
            reads={} if reads is None else {Choose: reads},
            deals=deals,
        )
    )


def asks(decision: Decision) -> Ask:
    """How `decision` is put to its seat."""
    return REGISTRY[decision.kind].ask


def purpose_of(decision: Decision) -> Purpose:
    """What `decision` is for: its own purpose, set by the effect that opened
    it, else its kind's."""
    return decision.purpose or REGISTRY[decision.kind].purpose
