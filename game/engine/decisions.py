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
  this decision is open (`turn.jump_in`).

A new kind is one `declare(...)` beside the code that opens it, plus its test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.actions import Action, Choose
from game.engine.events import EventSink
from game.engine.pending import Decision
from game.engine.said import listed, said

if TYPE_CHECKING:
    # Only for annotations: effects declare kinds too, and the state module
    # sits above the effects (it holds the rule set that holds them).
    from game.engine.state import GameState

Answers = Callable[["GameState", Decision], list[Action]]
# A handler takes (state, events, action) for the one type of action it is
# registered for; its third parameter is that type, hence the loose signature.
Handler = Callable[..., bool]
Refusal = Callable[["GameState", Decision, Action], str]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    name: str
    must: str  # "play a card or draw (its ordinary turn)"
    options: str  # what Decision.options holds, e.g. "colour names"
    answers: Answers
    apply: Mapping[type[Action], Handler]
    refusal: Refusal
    jump_in: bool = False


REGISTRY: dict[str, DecisionKind] = {}
# The same, one attribute nearer, for the two lookups every action makes.
ANSWERS: dict[str, Answers] = {}
APPLY: dict[str, Mapping[type[Action], Handler]] = {}


def declare(kind: DecisionKind) -> DecisionKind:
    if kind.name in REGISTRY:
        raise ValueError(f"decision kind {kind.name!r} is declared twice")
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
    name: str,
    must: str,
    options: str,
    apply: Callable[[GameState, EventSink, Choose], bool],
    words: Callable[[GameState, str | int], str],
) -> DecisionKind:
    """Declare a kind whose answers are `Choose(seat, option)`, one per option."""
    return declare(
        DecisionKind(name, must, options, choose_answers, {Choose: apply}, choose_refusal(words))
    )
