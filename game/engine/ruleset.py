"""The `RuleSet` the engine plays by: a rule set's settings as the engine
reads them, and each card's effects compiled against the registries.

What a rule file may say, its limits and its checks are the file format's,
in game/rules/ (schema.py, validation.py; docs/architecture.md says where
each part lives). The loader validates a merged mapping against that schema
and builds the `RuleSet` here; the engine reads the validated settings
through the read-only protocols below (`RuleSetModel` and its blocks), which
the schema's models satisfy, so the engine imports nothing of the format.
Each protocol lists what a validated setting holds; what values it may take
and why is written once, in game/rules/schema.py.

Card behaviour is never a setting here: a card kind lists effects by name,
and those names come from the registry in `game.engine.effects`; conditions
come from `game.engine.conditions`. The rule set holds their functions as
`game/engine/block_types.py` types them, without the state they are handed,
so the blocks may name the state and no import goes round a circle:
state -> rules -> block types <- blocks -> state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from game.engine.block_types import Condition, Effect, Params, Value
from game.engine.words import ENGLISH, Words

COLOR_NAMES = ("red", "yellow", "green", "blue")
WILD = "wild"

Loc = tuple[str | int, ...]  # a key path into the rules mapping: str keys and int indexes


class Alternatives(tuple[Loc, ...]):
    """A problem that several settings share (the deck is too small for the
    hand size and the player count): the loader reports it at whichever of
    them the newest rule file set."""


Problem = tuple[Loc | Alternatives, str]  # where in the rules, and what is wrong

# The values a setting may take, named once for the engine and the schema
# (game/rules/schema.py) alike.
KindCategory = Literal["number", "action", "wild"]
WhenNotAllowed = Literal["bluff", "refuse"]
DealingMode = Literal["deal", "draft"]
DraftOrder = Literal["alternate", "whole_hand"]
DealerMoves = Literal["left", "right", "stays"]
DrawMode = Literal["one", "until_playable", "unlimited"]
PlayDrawn = Literal["drawn_only", "any", "none"]
MultiPlayMode = Literal["off", "same_symbol", "same_color", "color_combo"]
MultiPlayEffects = Literal["last_card", "every_card"]
AfterGuilty = Literal["challenger_plays", "as_played"]
CatchWindow = Literal["until_next_player_acts", "until_own_next_turn"]
FinishOnAction = Literal["allowed", "forbidden"]
AtTarget = Literal["wins", "eliminated", "lowest_total_wins"]


class PlayerRange(Protocol):
    @property
    def min(self) -> int: ...
    @property
    def max(self) -> int: ...
    @property
    def only(self) -> list[int] | None: ...


class CardKind(Protocol):
    """One entry under `cards:` (rules/README.md says what each setting does).
    Its effects are compiled into its `KindSpec`; the raw entries stay here."""

    @property
    def label(self) -> Words | None: ...
    @property
    def art(self) -> str | None: ...
    @property
    def corner(self) -> str | None: ...
    @property
    def category(self) -> KindCategory: ...
    @property
    def wild(self) -> bool: ...
    @property
    def faces(self) -> list[int] | None: ...
    @property
    def copies(self) -> int: ...
    @property
    def copies_of(self) -> Mapping[int, int]: ...
    @property
    def points(self) -> int | Literal["face"]: ...
    @property
    def effects(self) -> list[Any]: ...
    @property
    def face_effects(self) -> Mapping[int, list[Any]]: ...
    @property
    def first_card(self) -> list[Any] | Literal["return"]: ...
    @property
    def play_only_if(self) -> dict[str, Any] | None: ...
    @property
    def when_not_allowed(self) -> WhenNotAllowed: ...
    @property
    def stacks_on(self) -> list[str]: ...
    @property
    def side(self) -> str | None: ...
    @property
    def teach(self) -> Words | None:
        """More words for the first time it matters in a match (game/lessons/)."""
        ...


class ColorLook(Protocol):
    """One entry under `color_looks:`: how a colour is shown and called."""

    @property
    def rgb(self) -> str | None: ...
    @property
    def label(self) -> Words | None: ...
    @property
    def pattern(self) -> str | None: ...


class Side(Protocol):
    """One side of a two-sided deck, with its own colours and their looks."""

    @property
    def label(self) -> Words | None: ...
    @property
    def colors(self) -> list[str]: ...
    @property
    def color_looks(self) -> Mapping[str, ColorLook]: ...


class Dealing(Protocol):
    @property
    def mode(self) -> DealingMode: ...
    @property
    def draft_order(self) -> DraftOrder: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def cut_for_dealer(self) -> bool: ...
    @property
    def dealer_moves(self) -> DealerMoves: ...


class DrawRules(Protocol):
    @property
    def mode(self) -> DrawMode: ...
    @property
    def count(self) -> int: ...
    @property
    def cap(self) -> int | None: ...


class MultiPlay(Protocol):
    @property
    def mode(self) -> MultiPlayMode: ...
    @property
    def max_cards(self) -> int | None: ...
    @property
    def effects(self) -> MultiPlayEffects: ...


class JumpIn(Protocol):
    @property
    def enabled(self) -> bool: ...
    @property
    def cancels_action(self) -> bool: ...


class TurnRules(Protocol):
    @property
    def draw_when_playable(self) -> bool: ...
    @property
    def draw(self) -> DrawRules: ...
    @property
    def play_drawn(self) -> PlayDrawn: ...
    @property
    def multi_play(self) -> MultiPlay: ...
    @property
    def jump_in(self) -> JumpIn: ...


class ChallengeRules(Protocol):
    @property
    def enabled(self) -> bool: ...
    @property
    def extra_if_innocent(self) -> int: ...
    @property
    def innocent_loses_turn(self) -> bool: ...
    @property
    def when_stacked(self) -> bool: ...
    @property
    def after_guilty(self) -> AfterGuilty: ...


class UnoRules(Protocol):
    @property
    def penalty(self) -> int: ...
    @property
    def catch_window(self) -> CatchWindow: ...


class RoundEnd(Protocol):
    @property
    def final_penalty_drawn(self) -> bool: ...
    @property
    def finish_on_action_card(self) -> FinishOnAction: ...
    @property
    def turn_limit(self) -> int: ...


class Scoring(Protocol):
    @property
    def scheme(self) -> str: ...
    @property
    def target(self) -> int | None: ...
    @property
    def target_by_players(self) -> Mapping[int, int]: ...
    @property
    def at_target(self) -> AtTarget: ...
    @property
    def teams(self) -> bool: ...
    @property
    def points_are_penalties(self) -> bool:
        """Reaching the target loses, or puts a player out: the fewer points, the better."""
        ...


class HouseRule(Protocol):
    """A house rule switched on: what players call it, and its line."""

    @property
    def name(self) -> Words | None: ...
    @property
    def description(self) -> Words: ...
    @property
    def teach(self) -> Words | None:
        """More words for the first time it matters in a match (game/lessons/)."""
        ...

    def shown_name(self, short: str, lang: str = ENGLISH) -> str:
        """What players call it in `lang`: its name there, else its English
        name, else its id `short`."""
        ...


class RuleSetModel(Protocol):
    """A validated rule set's settings, as the engine (and whatever reads
    `RuleSet.model`) reads them."""

    @property
    def name(self) -> Words: ...
    @property
    def description(self) -> Words: ...
    @property
    def house_rules(self) -> Mapping[str, HouseRule]: ...
    @property
    def players(self) -> PlayerRange: ...
    @property
    def colors(self) -> list[str]: ...
    @property
    def color_looks(self) -> Mapping[str, ColorLook]: ...
    @property
    def sides(self) -> Mapping[str, Side]: ...
    @property
    def pairs(self) -> Literal["random"] | list[list[str]]: ...
    @property
    def dealing(self) -> Dealing: ...
    @property
    def cards(self) -> Mapping[str, CardKind]: ...
    @property
    def turn(self) -> TurnRules: ...
    @property
    def challenge(self) -> ChallengeRules: ...
    @property
    def uno(self) -> UnoRules: ...
    @property
    def round_end(self) -> RoundEnd: ...
    @property
    def scoring(self) -> Scoring: ...

    def side_names(self) -> list[str]:
        """The sides of a two-sided deck, the starting one first; [] for one-sided."""
        ...

    def colors_of(self, kind: CardKind) -> list[str]:
        """The colours a kind is printed in: its side's, or the rule set's."""
        ...

    def allowed_counts(self) -> list[int]:
        """The player counts the rule set allows, smallest first."""
        ...

    def players_text(self) -> str:
        """The allowed seat counts as a player reads them: "2", "2 to 10", "4, 6, 8 or 10"."""
        ...

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The settings as plain data, every default filled in (`mode="json"`:
        words as a rule file writes them): what a save's fingerprint digests
        (game/saves/format.py). The schema's models are pydantic's, whose
        method this is."""
        ...


Requirement = tuple[Condition, Value]  # a condition and the value it must have


@dataclass(frozen=True)
class EffectSpec:
    """One effect of a card, resolved against the registry."""

    name: str
    run: Effect[Any]  # the registered function
    params: Params  # its validated parameter model
    when: tuple[Requirement, ...]  # all must hold for the effect to happen


@dataclass(frozen=True)
class KindSpec:
    name: str
    model: CardKind
    effects: tuple[EffectSpec, ...]
    face_effects: dict[int, tuple[EffectSpec, ...]]
    first_card: tuple[EffectSpec, ...] | None  # None: put back and turn another
    play_only_if: tuple[Requirement, ...]
    play_only_if_text: dict[str, Any] | None


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A validated rule set: its settings plus the effects compiled from them."""

    model: RuleSetModel
    kinds: dict[str, KindSpec]
    sources: tuple[str, ...] = ()
    # Per house rule (by id), the settings its file changed: what it does to
    # the rules, as key paths (`("turn", "jump_in", "enabled")`). The loader
    # knows who wrote what (game/rules/loader.py); play never reads it, the
    # lessons do (a house rule explains itself when what it changed matters).
    house_settings: Mapping[str, tuple[Loc, ...]] = field(default_factory=dict)

    def target_for(self, players: int) -> int | None:
        scoring = self.model.scoring
        return scoring.target_by_players.get(players, scoring.target)


def deck_count(model: RuleSetModel, kind: CardKind) -> int:
    """How many physical cards of a kind the deck holds."""
    colors = 1 if kind.wild else len(model.colors_of(kind))
    if kind.category == "number":
        per_color = sum(kind.copies_of.get(face, kind.copies) for face in kind.faces or [])
        return colors * per_color
    return colors * kind.copies
