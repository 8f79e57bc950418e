"""What a rule file may say: its settings as typed models, and the limits
that keep an accepted rule set playable.

The models (`RuleSetSchema` and its blocks) say what each setting may hold;
nothing here reads a file or checks one. validation.py checks a merged
mapping against them, cross-checks the settings and builds the engine's
`RuleSet` (game/engine/ruleset.py), whose `model` is the validated
`RuleSetSchema`: the engine reads it through its own read-only protocols
(`RuleSetModel` and its blocks), which these models satisfy, field for field.
The values a setting may take (`DealingMode`, ...) are named there, once.

Card behaviour is never a setting here: a card kind lists effects by name,
and those names come from the registry in `game.engine.effects`; each
effect's parameters are its own model beside it there. A new behaviour is a
new registered block, not a new setting.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidatorFunctionWrapHandler
from pydantic.functional_validators import WrapValidator

from game.engine.ruleset import (
    COLOR_NAMES,
    AfterGuilty,
    AtTarget,
    CardKind,
    CatchWindow,
    DealerMoves,
    DealingMode,
    DraftOrder,
    DrawMode,
    FinishOnAction,
    KindCategory,
    Loc,
    MultiPlayEffects,
    MultiPlayMode,
    PlayDrawn,
    WhenNotAllowed,
)
from game.engine.said import said
from game.engine.words import ENGLISH, LANGUAGES, Words
from game.looks import MAX_CORNER
from game.rules.words_schema import TextLimit

# The limits that keep every accepted rule set playable on a small machine
# (docs/modding.md lists them): the card table's size grows with colours x
# symbols x cards, a round's length with the turn limit, a match's with the
# target.
MAX_SEATS = 10  # the table layouts under assets/layouts/ seat 2 to 10
MAX_COLORS = 8
MAX_KINDS = 32
MAX_FACE = 99
MAX_COPIES = 100
MAX_DECK = 1000
MAX_POINTS = 1000
MAX_TARGET = 10_000
MAX_TURN_LIMIT = 10_000
MAX_EFFECTS = 16  # effects of one card kind (or of its first card, or of one face)
MAX_HOUSE_RULES = 32
MAX_IDENTIFIER = 32  # a colour or card-kind name
# Cards are written colour:face in logs and messages (`red:7`, `wild:draw_four`),
# so a colour or kind name starts with a letter (a face is a number) and holds no
# ':' nor space: then no two cards can share a code.
IDENTIFIER = re.compile(r"[^\W\d_][\w-]*")

Seats = Annotated[int, Field(ge=2, le=MAX_SEATS)]
Face = Annotated[int, Field(ge=0, le=MAX_FACE)]
Copies = Annotated[int, Field(ge=0, le=MAX_COPIES)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Target = Annotated[int, Field(ge=1, le=MAX_TARGET)]
MAX_LABEL = 40
ShortText = Annotated[str, Field(max_length=MAX_LABEL)]  # a house rule's id
# What players read, in each language (words_schema.py): a card kind's or
# a colour's label, a house rule's name and one-line explanation, a rule set's
# name and description.
Label = Annotated[Words, TextLimit(MAX_LABEL)]
LineWords = Annotated[Words, TextLimit(200)]
NameWords = Annotated[Words, TextLimit(60)]
DescriptionWords = Annotated[Words, TextLimit(1000)]
# What a card kind or a house rule adds to its own words when it explains
# itself the first time it matters in a match (game/lessons/): a sentence or two.
MAX_TEACH = 300
TeachWords = Annotated[Words, TextLimit(MAX_TEACH)]
CornerText = Annotated[str, Field(min_length=1, max_length=MAX_CORNER)]

# Mappings that layering replaces whole instead of merging key by key: a
# house rule's condition or table stands for itself, it does not add to the
# base's (a stricter {holds_match: false} drops {holds_color_in_force}).
ATOMIC_SETTINGS = frozenset({"play_only_if", "target_by_players", "copies_of"})

# Where a rule set holds words players read (`Words`; None stands for any key):
# layering merges a mapping of languages over plain text as over its English.
# A house rule written short (its line alone, see `is_bare_line`) is words itself.
WORD_PATHS: tuple[tuple[str | None, ...], ...] = (
    ("name",),
    ("description",),
    ("house_rules", None),
    ("house_rules", None, "name"),
    ("house_rules", None, "description"),
    ("house_rules", None, "teach"),
    ("cards", None, "label"),
    ("cards", None, "teach"),
    ("color_looks", None, "label"),
    ("sides", None, "label"),
    ("sides", None, "color_looks", None, "label"),
)


def holds_words(loc: Loc) -> bool:
    """Whether the setting at `loc` is words players read (see WORD_PATHS)."""
    return any(
        len(path) == len(loc)
        and all(p is None or p == part for p, part in zip(path, loc, strict=True))
        for path in WORD_PATHS
    )


class _Block(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PlayerRangeSchema(_Block):
    min: Seats = 2
    max: Seats = MAX_SEATS
    only: list[Seats] | None = Field(None, max_length=MAX_SEATS)  # e.g. even counts for teams


class CardKindSchema(_Block):
    """One entry under `cards:`. See rules/README.md for every field."""

    label: Label | None = None
    # How it looks (game/looks.py): a symbol the game paints, and the corners' text.
    art: str | None = None
    corner: CornerText | None = None
    category: KindCategory = "action"
    wild: bool = False
    faces: list[Face] | None = Field(None, max_length=MAX_FACE + 1)
    copies: Copies = 1
    copies_of: dict[int, Copies] = {}
    points: Points | Literal["face"] = 0
    effects: list[Any] = Field([], max_length=MAX_EFFECTS)
    # number kinds: other effects for some faces
    face_effects: dict[int, Annotated[list[Any], Field(max_length=MAX_EFFECTS)]] = {}
    first_card: Annotated[list[Any], Field(max_length=MAX_EFFECTS)] | Literal["return"] = []
    play_only_if: dict[str, Any] | None = None
    when_not_allowed: WhenNotAllowed = "bluff"
    stacks_on: list[str] = Field([], max_length=MAX_KINDS)
    # In a two-sided deck (`sides:`), the side whose faces this kind prints.
    side: str | None = None
    # Said after its own words the first time it matters in a match (Learn as you play).
    teach: TeachWords | None = None


class ColorLookSchema(_Block):
    """One entry under `color_looks:`: how a colour is shown and called."""

    rgb: str | None = None  # "#RRGGBB"
    label: Label | None = None
    pattern: str | None = None  # colour-blind mode's shape: one of game.looks.PATTERNS


class SideSchema(_Block):
    """One entry under `sides:`: one face of a two-sided deck, with its own
    colours and how they look. The first side listed is the one play starts on."""

    label: Label | None = None
    colors: list[str] = Field(min_length=1, max_length=MAX_COLORS)
    color_looks: dict[str, ColorLookSchema] = Field({}, max_length=MAX_COLORS)


# A pair of faces printed on one card: [first side's face, second side's face],
# each written as the log writes a card (`red:7`, `wild:wild_draw_two`).
FacePair = Annotated[list[Annotated[str, Field(max_length=80)]], Field(min_length=2, max_length=2)]


class DealingSchema(_Block):
    mode: DealingMode = "deal"
    # A draft's order: the seats take turns card by card, or each drafts its
    # whole hand before the next begins (the same cards, met in another order).
    draft_order: DraftOrder = "alternate"
    hand_size: int = Field(7, ge=1, le=50)
    cut_for_dealer: bool = True
    dealer_moves: DealerMoves = "left"


class DrawRulesSchema(_Block):
    mode: DrawMode = "one"
    count: int = Field(1, ge=1, le=20)
    cap: int | None = Field(None, ge=1, le=200)


class MultiPlaySchema(_Block):
    mode: MultiPlayMode = "off"
    max_cards: int | None = Field(None, ge=2, le=20)
    effects: MultiPlayEffects = "last_card"


class JumpInSchema(_Block):
    enabled: bool = False
    # The jumped-in card cancels the one it covers: only one of them acts (the
    # published rule). false: both act, a second Draw Two adds up.
    cancels_action: bool = True


class TurnRulesSchema(_Block):
    draw_when_playable: bool = False
    draw: DrawRulesSchema = DrawRulesSchema()
    play_drawn: PlayDrawn = "drawn_only"
    multi_play: MultiPlaySchema = MultiPlaySchema()
    jump_in: JumpInSchema = JumpInSchema()


class ChallengeRulesSchema(_Block):
    enabled: bool = True
    extra_if_innocent: int = Field(2, ge=0, le=50)
    innocent_loses_turn: bool = True
    when_stacked: bool = False
    # A guilty card's player drew the cards instead; then the challenger plays
    # (challenger_plays), or the turn order the card set stands (as_played:
    # a Wild Draw Four that lets its player go again still does).
    after_guilty: AfterGuilty = "challenger_plays"


class UnoRulesSchema(_Block):
    penalty: int = Field(2, ge=0, le=50)
    catch_window: CatchWindow = "until_next_player_acts"


class RoundEndSchema(_Block):
    final_penalty_drawn: bool = True
    finish_on_action_card: FinishOnAction = "allowed"
    # A safeguard, not a rule anyone plays by: a round still going after this
    # many plays and draws ends as blocked, so no policy can loop forever.
    turn_limit: int = Field(5000, ge=100, le=MAX_TURN_LIMIT)


class ScoringSchema(_Block):
    scheme: str = "winner_takes_points"
    target: Target | None = 500
    target_by_players: dict[Seats, Target] = {}
    at_target: AtTarget = "wins"
    teams: bool = False  # partners sit opposite; both score what either wins

    @property
    def points_are_penalties(self) -> bool:
        """Reaching the target loses, or puts a player out: the fewer points, the better."""
        return self.at_target != "wins"


class HouseRuleSchema(_Block):
    """One entry under `house_rules:`, keyed by the house rule's id: what
    players call it (`name`; without one, the id shows) and the line that says
    what it does (`description`). The short form, the line alone, is the
    description (`is_bare_line`):

        house_rules:
          sudden-death:
            name: {en: Sudden death, fi: Äkkikuolema}
            description: {en: First to 200 wins., fi: Ensimmäinen 200 pisteeseen voittaa.}
          no-mercy: Every missed UNO costs four cards."""

    name: Label | None = None
    description: LineWords
    # Said after the description the first time it matters in a match (Learn as you play).
    teach: TeachWords | None = None

    def shown_name(self, short: str, lang: str = ENGLISH) -> str:
        """What players call it in `lang`: its name there, else its English
        name, else its id `short`."""
        return short if self.name is None else self.name.in_language(lang)


HOUSE_RULE_KEYS = frozenset(HouseRuleSchema.model_fields)


def is_bare_line(entry: Any) -> bool:
    """Whether a `house_rules:` entry is written short, as its line alone
    (text, or a mapping of languages to text), rather than as a mapping of
    `name:` and `description:`. A mapping is the line when it names no field
    and some language; a mapping of neither is read as the full form, so a
    misspelt field is reported as one."""
    if not isinstance(entry, dict):
        return True
    return not HOUSE_RULE_KEYS.intersection(entry) and bool(set(LANGUAGES).intersection(entry))


_LINE: TypeAdapter[Words] = TypeAdapter(LineWords)


def _house_rule(entry: Any, handler: ValidatorFunctionWrapHandler) -> HouseRuleSchema:
    """The short form is the description alone; its problems are reported
    where the file writes them (the entry's own languages)."""
    if isinstance(entry, HouseRuleSchema):
        return entry
    if is_bare_line(entry):
        return HouseRuleSchema(description=_LINE.validate_python(entry))
    rule: HouseRuleSchema = handler(entry)
    return rule


HouseRuleEntry = Annotated[HouseRuleSchema, WrapValidator(_house_rule)]


class RuleSetSchema(_Block):
    name: NameWords = Words("Unnamed rules")
    description: DescriptionWords = Words("")
    # House rules switched on, by id, each with its name and one-line
    # explanation; layered files add to this mapping, so the merged set knows
    # all of them.
    house_rules: dict[ShortText, HouseRuleEntry] = Field({}, max_length=MAX_HOUSE_RULES)
    players: PlayerRangeSchema = PlayerRangeSchema()
    # A two-sided deck's colours are every side's (validation.py).
    colors: list[str] = Field(list(COLOR_NAMES), max_length=MAX_COLORS)
    color_looks: dict[str, ColorLookSchema] = Field({}, max_length=MAX_COLORS)
    # A two-sided deck: its sides (exactly two), and which faces share a card.
    sides: dict[str, SideSchema] = Field({}, max_length=2)
    pairs: Literal["random"] | list[FacePair] = Field("random", max_length=MAX_DECK)
    dealing: DealingSchema = DealingSchema()
    cards: dict[str, CardKindSchema] = Field(max_length=MAX_KINDS)
    turn: TurnRulesSchema = TurnRulesSchema()
    challenge: ChallengeRulesSchema = ChallengeRulesSchema()
    uno: UnoRulesSchema = UnoRulesSchema()
    round_end: RoundEndSchema = RoundEndSchema()
    scoring: ScoringSchema = ScoringSchema()

    def side_names(self) -> list[str]:
        """The sides of a two-sided deck, the starting one first; [] for one-sided."""
        return list(self.sides)

    def colors_of(self, kind: CardKind) -> list[str]:
        """The colours a kind is printed in: its side's, or the rule set's."""
        if kind.side is not None and kind.side in self.sides:
            return self.sides[kind.side].colors
        return self.colors

    def allowed_counts(self) -> list[int]:
        """The player counts the rule set allows, smallest first."""
        counts = range(self.players.min, self.players.max + 1)
        only = self.players.only
        return [n for n in counts if only is None or n in only]

    def players_text(self) -> str:
        """The allowed seat counts as a player reads them: "2", "2 to 10", "4, 6, 8 or 10"."""
        counts = self.allowed_counts()
        if counts == list(range(counts[0], counts[-1] + 1)):
            if len(counts) == 1:
                return str(counts[0])
            return said("{first} to {last}", first=counts[0], last=counts[-1])
        return said("{counts} or {last}", counts=", ".join(map(str, counts[:-1])), last=counts[-1])
