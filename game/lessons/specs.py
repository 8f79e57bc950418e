"""Every moment a rule set can teach, and its words.

A `LessonSpec` is one rule that can explain itself: a kind of card that does
something (or one face of a number kind that does something of its own), a
part of the turn the rule set has (stacking, challenges, jumping in, a
draft, several cards at once...), or a house rule switched on. Which there
are is read off the rule set alone (`lessons_of`), never off card names, so
a modder's new card kind or house rule has its own lesson with no code.

Each spec names the settings it explains, as key paths into the rule file
(`("turn", "jump_in")`). A house rule explains itself at the first moment of
a spec whose settings it changed (`RuleSet.house_settings`, which the loader
records), so stacking's house rule speaks when the first stack can be made.

Every word comes from the Rules screen's own phrases (game/rules/describe.py)
and the rule file's words, plus the `teach:` text a card kind or a house
rule may give (docs/modding.md), all in the current language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine.cards import kind_label
from game.engine.ruleset import Loc, RuleSet, deck_count
from game.engine.words import Words
from game.i18n import ENGLISH, _, capitalized, language
from game.rules.describe import (
    challenge_lines,
    dealing_lines,
    draft_words,
    drawing_lines,
    effect_words,
    face_words,
    first_card_lines,
    jump_in_words,
    last_card_lines,
    multi_play_words,
    play_rule_lines,
    scoring_lines,
    side_heading,
    stacks_words,
    uno_words,
)


class Topic(StrEnum):
    """What a lesson is about; each topic has its moment (game/lessons/tutor.py)."""

    CARD = "card"  # a kind of card (or one face of a number kind) that does something
    DEAL = "deal"  # the deal: the cut, the hands, who deals next
    DRAFT = "draft"  # hands drafted instead of dealt
    DRAWING = "drawing"  # what a turn plays or draws
    STACKING = "stacking"  # a draw answered with a draw card
    CHALLENGE = "challenge"  # a challengeable draw
    MULTI_PLAY = "multi_play"  # more cards played with the first
    JUMP_IN = "jump_in"  # an identical card played out of turn
    UNO = "uno"  # calling UNO
    LAST_CARD = "last_card"  # going out
    SCORING = "scoring"  # a round scored
    SIDE = "side"  # the other side of a two-sided deck comes into play
    HOUSE = "house"  # a house rule switched on


@dataclass(frozen=True)
class LessonSpec:
    """One rule that can explain itself, before it is worded.

    `key` is stable across languages and saves: `card:<kind>`,
    `card:<kind>:<face>`, `side:<side>`, `house:<id>`, or the topic's own
    name (`stacking`, `jump_in`, `draft`, `uno`, ...)."""

    key: str
    topic: Topic
    settings: tuple[Loc, ...]  # the rule file's settings it explains
    kind: str | None = None  # Topic.CARD: the card kind
    face: int | None = None  # Topic.CARD: the face of a number kind, when it acts alone
    side: str | None = None  # Topic.SIDE: the side
    house: str | None = None  # Topic.HOUSE: the house rule's id


@dataclass(frozen=True)
class Lesson:
    """One rule explaining itself, worded in the current language."""

    key: str
    title: str  # a short heading: the card's name, or the rule's
    words: str  # what it does, a line per sentence
    cards: tuple[str, ...]  # the cards involved (`red:draw_two`), for the table to show
    # None: a public moment anyone may see; else only this seat may see it
    # (it is about a card hidden in their hand).
    seat: int | None
    # What it was worded from, so it can be worded again when the language
    # changes while it waits or is up (`Tutor.reword`): the lesson whose
    # words follow its own (a house rule's, at that lesson's moment), whether
    # a card turned up first is taught, and the language it is worded in.
    more: str | None = None
    first: bool = False
    lang: str = ENGLISH


def card_key(kind: str, face: int | None = None) -> str:
    return f"card:{kind}" if face is None else f"card:{kind}:{face}"


def lessons_of(rules: RuleSet) -> list[LessonSpec]:
    """Every lesson `rules` can give, in the order a table meets them."""
    model = rules.model
    specs = [
        LessonSpec(
            Topic.DEAL.value,
            Topic.DEAL,
            (
                ("players",),
                ("dealing", "hand_size"),
                ("dealing", "cut_for_dealer"),
                ("dealing", "dealer_moves"),
            ),
        )
    ]
    if model.dealing.mode == "draft":
        specs.append(
            LessonSpec(
                Topic.DRAFT.value,
                Topic.DRAFT,
                (("dealing", "mode"), ("dealing", "draft_order")),
            )
        )
    specs.append(
        LessonSpec(
            Topic.DRAWING.value,
            Topic.DRAWING,
            (("turn", "draw"), ("turn", "play_drawn"), ("turn", "draw_when_playable")),
        )
    )
    for name, spec in rules.kinds.items():
        if not deck_count(model, spec.model):
            continue  # not in the deck (a house rule may take a kind out)
        if spec.effects or spec.play_only_if:
            settings: tuple[Loc, ...] = tuple(
                ("cards", name, part)
                for part in (
                    "effects",
                    "play_only_if",
                    "when_not_allowed",
                    "first_card",
                    "copies",
                    "copies_of",
                )
            )
            specs.append(LessonSpec(card_key(name), Topic.CARD, settings, kind=name))
        for face in spec.face_effects:
            settings = (("cards", name, "face_effects", face),)
            specs.append(
                LessonSpec(card_key(name, face), Topic.CARD, settings, kind=name, face=face)
            )
    stacking = [
        name
        for name, spec in rules.kinds.items()
        if spec.model.stacks_on and deck_count(model, spec.model)
    ]
    if stacking:
        settings = tuple(("cards", name, "stacks_on") for name in stacking)
        specs.append(
            LessonSpec(
                Topic.STACKING.value,
                Topic.STACKING,
                settings + (("challenge", "when_stacked"),),
            )
        )
    if model.challenge.enabled and _challengeable(rules):
        specs.append(
            LessonSpec(
                Topic.CHALLENGE.value,
                Topic.CHALLENGE,
                tuple(
                    ("challenge", part)
                    for part in (
                        "enabled",
                        "extra_if_innocent",
                        "innocent_loses_turn",
                        "after_guilty",
                    )
                ),
            )
        )
    if model.turn.multi_play.mode != "off":
        specs.append(
            LessonSpec(Topic.MULTI_PLAY.value, Topic.MULTI_PLAY, (("turn", "multi_play"),))
        )
    if model.turn.jump_in.enabled:
        specs.append(LessonSpec(Topic.JUMP_IN.value, Topic.JUMP_IN, (("turn", "jump_in"),)))
    specs.append(LessonSpec(Topic.UNO.value, Topic.UNO, (("uno",),)))
    specs.append(
        LessonSpec(
            Topic.LAST_CARD.value,
            Topic.LAST_CARD,
            (("round_end", "finish_on_action_card"), ("round_end", "final_penalty_drawn")),
        )
    )
    for side in model.side_names()[1:]:
        specs.append(LessonSpec(f"side:{side}", Topic.SIDE, (("sides", side),), side=side))
    specs.append(LessonSpec(Topic.SCORING.value, Topic.SCORING, (("scoring",),)))
    for short in model.house_rules:
        settings = tuple(rules.house_settings.get(short, ()))
        specs.append(LessonSpec(f"house:{short}", Topic.HOUSE, settings, house=short))
    return specs


def _challengeable(rules: RuleSet) -> bool:
    """Whether any card of the rule set leaves a draw that may be challenged."""
    return any(
        effect.params.model_dump().get("challengeable") is True
        for spec in rules.kinds.values()
        for effect in spec.effects
    )


def overlaps(one: Loc, other: Loc) -> bool:
    """Whether two settings are one, or one holds the other."""
    common = min(len(one), len(other))
    return one[:common] == other[:common]


def covered_by(specs: list[LessonSpec]) -> dict[str, tuple[str, ...]]:
    """For each lesson, the house rules that explain themselves at its moment:
    those that changed one of its settings. A house rule that changed none
    of any lesson's (a modder's that only renames a colour, say) speaks at
    the deal."""
    house = [spec for spec in specs if spec.topic is Topic.HOUSE]
    others = [spec for spec in specs if spec.topic is not Topic.HOUSE]
    found: dict[str, list[str]] = {spec.key: [] for spec in others}
    for rule in house:
        hits = [
            spec.key
            for spec in others
            if any(overlaps(mine, theirs) for mine in rule.settings for theirs in spec.settings)
        ]
        for key in hits or [Topic.DEAL.value]:
            found[key].append(rule.key)
    return {key: tuple(rules) for key, rules in found.items() if rules}


# --- words ----------------------------------------------------------------------------


def _sentence(text: str) -> str:
    """A phrase of the rules as a line to read: capitalised, with a full stop."""
    text = capitalized(text.strip())
    return text if not text or text[-1] in ".!?" else f"{text}."


def _teach(text: Words | None, lang: str) -> list[str]:
    return [] if text is None else [text.in_language(lang)]


def title_and_words(rules: RuleSet, spec: LessonSpec, first: bool = False) -> tuple[str, str]:
    """The lesson's heading and words in the current language; `first`: a
    card's, taught as it is turned up to start a round (what it does then too)."""
    lang = language()
    model = rules.model
    lines: list[str]
    if spec.topic is Topic.CARD:
        assert spec.kind is not None
        kind = rules.kinds[spec.kind]
        title = kind_label(kind, lang)
        if spec.face is not None:
            title = f"{title} {spec.face}"
            lines = [face_words(spec.face, kind.face_effects[spec.face])]
        else:
            lines = [effect_words(kind.effects)] if kind.effects else []
            lines += play_rule_lines(kind)
            if first:
                lines += first_card_lines(kind)
        lines += _teach(kind.model.teach, lang)
    elif spec.topic is Topic.HOUSE:
        assert spec.house is not None
        rule = model.house_rules[spec.house]
        title = rule.shown_name(spec.house, lang)
        lines = [rule.description.in_language(lang), *_teach(rule.teach, lang)]
    elif spec.topic is Topic.SIDE:
        assert spec.side is not None
        side = model.sides[spec.side]
        title = side.label.in_language(lang) if side.label else spec.side.title()
        lines = [side_heading(model, spec.side, lang).rstrip(":")]
    else:
        title, lines = _rule_words(rules, spec.topic)
    return title, "\n".join(_sentence(line) for line in lines if line.strip())


def _rule_words(rules: RuleSet, topic: Topic) -> tuple[str, list[str]]:
    """A part of the turn's heading and lines, in the Rules screen's words."""
    model = rules.model
    if topic is Topic.DEAL:
        return _("The deal"), dealing_lines(model.dealing)
    if topic is Topic.DRAFT:
        return _("The draft"), [draft_words(model.dealing)]
    if topic is Topic.DRAWING:
        return _("Playing and drawing"), drawing_lines(model.turn)
    if topic is Topic.STACKING:
        lang = language()
        lines = [
            f"{kind_label(spec, lang)}: {stacks_words(rules, spec, lang)}"
            for spec in rules.kinds.values()
            if spec.model.stacks_on and deck_count(model, spec.model)
        ]
        return _("Stacking"), lines
    if topic is Topic.CHALLENGE:
        return _("Challenges"), challenge_lines(model.challenge)
    if topic is Topic.MULTI_PLAY:
        return _("Several cards at once"), [multi_play_words(model.turn.multi_play)]
    if topic is Topic.JUMP_IN:
        return _("Jumping in"), [jump_in_words(model.turn.jump_in)]
    if topic is Topic.UNO:
        return "UNO", [uno_words(model.uno)]
    if topic is Topic.LAST_CARD:
        return _("The last card"), last_card_lines(model.round_end)
    assert topic is Topic.SCORING, topic
    lines = scoring_lines(model)
    if model.side_names():
        lines.insert(1, _("Cards count by their faces on the side in play when the round ends."))
    return _("Scoring"), lines


def lesson(
    rules: RuleSet,
    spec: LessonSpec,
    cards: tuple[str, ...] = (),
    seat: int | None = None,
    more: LessonSpec | None = None,
    first: bool = False,
) -> Lesson:
    """`spec` worded in the current language, at a moment with these cards
    and this seat; `more`: another lesson taught with it, whose words follow;
    `first`: see `title_and_words`."""
    title, words = title_and_words(rules, spec, first)
    if more is not None:
        after = title_and_words(rules, more, first)[1]
        words = f"{words}\n{after}" if words else after
    key = None if more is None else more.key
    return Lesson(spec.key, title, words, cards, seat, key, first, language())
