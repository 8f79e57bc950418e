"""What a card is called, how it looks and where it sorts, read from the rule set.

Every screen and message names a card through `CardBook.label`: the label the
engine's card table made from the rule file (its kind's `label:` after its
colour's: "Blue Draw Two", "Red 7", "Wild Draw Four", "Custom: Everyone
Draws"), so a modder's card is named the way its file names it. Every card
face is painted from `CardBook.look`: the kind's `art:` and `corner:`, and the
colours as the rule set shows them (`color_looks:`, game/looks.py). A hand
sorts by the rule file's order of colours, then of kinds, then of faces.

A book speaks one language (`CardBook(rules, lang="fi")`): the labels are the
rule file's words in that language, the English where the file gives none
(game/engine/words.py). Card names (`red:7`) and everything the rules do stay
the same in every language. `speak(lang)` turns the book to another language
in place, so every screen holding it follows a switch in Settings; and
`engine_words()` maps what the engine's messages call cards and colours (the
English labels, the colour names) to this language, for `game.i18n.say`.

A replay whose rules cannot be loaded gets a book without rules, which names
cards as the log writes them ("purple:star" -> "Purple Star") and shows each
on a plain face with that name.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import CardTable, card_table, color_label, kind_label
from game.engine.ruleset import COLOR_NAMES, WILD, RuleSet
from game.engine.words import ENGLISH
from game.i18n import _
from game.looks import (
    NUMBER_ART,
    RGB,
    CardLook,
    color_patterns,
    color_rgbs,
    initials,
    wheel_order,
)


@dataclass(frozen=True)
class CardFacts:
    color: str | None  # None for a card with no colour of its own (a wild)
    kind: str  # the kind's key in the rule file
    label: str
    number: bool
    face: str  # the digit of a number card, else the kind
    names_color: bool  # naming the colour is part of playing it (a plain Wild)
    order: tuple[int, int, int, int]  # where it sorts in a hand
    look: CardLook
    # The engine's building blocks playing it runs (`rotate_hands`,
    # `shuffle_hands`...): what words an event it causes, not its name.
    effects: frozenset[str] = frozenset()


class CardBook:
    def __init__(self, rules: RuleSet | None = None, lang: str = ENGLISH) -> None:
        self._rules = rules
        self._learn(rules, lang)

    def speak(self, lang: str) -> None:
        """Name the cards and colours in `lang` from now on."""
        if lang != self.lang:
            self._learn(self._rules, lang)

    def _learn(self, rules: RuleSet | None, lang: str) -> None:
        self.lang = lang
        self._engine_words: dict[str, str] | None = None
        table = card_table(rules) if rules is not None else None
        self.colors: tuple[str, ...] = tuple(table.colors) if table is not None else ()
        self._color_labels: dict[str, str] = {}
        given: dict[str, str] = {}
        shapes: dict[str, str] = {}
        if rules is not None and table is not None:
            labels = table.color_labels_in(lang)
            self._color_labels = dict(zip(self.colors, labels, strict=True))
            looks = rules.model.color_looks
            given = {c: look.rgb for c, look in looks.items() if look.rgb}
            shapes = {c: look.pattern for c, look in looks.items() if look.pattern}
        self._rgb: dict[str, RGB] = color_rgbs(self.colors, given)
        self._patterns: dict[str, str] = color_patterns(self.colors or COLOR_NAMES, shapes)
        # The colours symbols show on a wild (its oval, +4's cards), in wheel order.
        shown = wheel_order(self.colors or COLOR_NAMES)
        self.palette: tuple[RGB, ...] = tuple(self.color_rgb(c) for c in shown)
        self.marks: tuple[str, ...] = tuple(self.color_pattern(c) for c in shown)
        self._facts: dict[str, CardFacts] = {}
        if rules is not None and table is not None:
            self._read(rules, table)

    def _read(self, rules: RuleSet, table: CardTable) -> None:
        kind_order = {name: rank for rank, name in enumerate(rules.kinds)}
        labels = table.labels_in(self.lang)
        for card_id, name in enumerate(table.names):
            if name in self._facts:
                continue
            spec = table.kind[card_id]
            kind = spec.model
            color_index = table.color[card_id]
            color = self.colors[color_index] if color_index >= 0 else None
            number = table.category[card_id] == "number"
            face = table.symbol[card_id]
            slot = color_index if color_index >= 0 else len(self.colors)
            faces = kind.faces or []
            at = faces.index(int(face)) if number and int(face) in faces else 0
            text = face if number else kind_label(spec, self.lang)
            if kind.corner is not None:
                corner: str | None = kind.corner
            elif number and kind.art != NUMBER_ART:
                corner = face
            elif kind.art is None:
                corner = initials(text)
            else:
                corner = None  # the art's own symbol, small
            self._facts[name] = CardFacts(
                color,
                spec.name,
                labels[card_id],
                number,
                face,
                table.needs_color[card_id],
                (slot, kind_order[spec.name], at, 0),
                self._look(kind.art, text, corner, color),
                frozenset(effect.name for effect in table.effects[card_id]),
            )

    def _look(self, art: str | None, text: str, corner: str | None, color: str | None) -> CardLook:
        if color is None:
            return CardLook(art, text, corner, None, self.palette, None, self.marks)
        body = self.color_rgb(color)
        return CardLook(
            art, text, corner, body, self.palette, self.color_pattern(color), self.marks
        )

    def facts(self, card: str) -> CardFacts:
        found = self._facts.get(card)
        if found is None:
            found = self._facts[card] = self._unknown(card)
        return found

    def _unknown(self, card: str) -> CardFacts:
        """A card the rules do not list (a replay without its rules): named as written."""
        color, sep, face = card.partition(":")
        if not sep:
            color, face = WILD, color
        number = face.isdigit()
        words = " ".join(face.replace("_", " ").split()) or "?"
        own = None if color == WILD else color
        text = face if number else words.title()
        label = text if own is None else f"{self.color_label(own)} {text}"
        known = list(self.colors)
        slot = known.index(own) if own in known else len(known) + (own is None)
        order = (slot, 1000, int(face) if number else 1000, 0)
        art = NUMBER_ART if number else None
        corner = None if number else initials(text)
        look = self._look(art, text, corner, own)
        return CardFacts(own, face, label, number, face, False, order, look)

    def label(self, card: str) -> str:
        return self.facts(card).label

    def effects(self, card: str) -> frozenset[str]:
        return self.facts(card).effects

    def look(self, card: str) -> CardLook:
        """How `card`'s face is painted (game/ui/card_art.py)."""
        return self.facts(card).look

    def engine_words(self) -> dict[str, str]:
        """The engine's English names of cards and colours ("Red 7", "red", "Red")
        -> this book's ("Kırmızı 7", "Kırmızı"): what its refusals put in words."""
        if self._engine_words is None:
            found: dict[str, str] = {}
            if self._rules is not None:
                table = card_table(self._rules)
                found.update(zip(table.labels, table.labels_in(self.lang), strict=True))
                here = table.color_labels_in(self.lang)
                found.update(zip(table.colors, here, strict=True))
                found.update(zip(table.color_labels, here, strict=True))
            self._engine_words = found
        return self._engine_words

    def color_label(self, color: str | None) -> str:
        """A colour as the players read it ("Red"): the rule file's label for it."""
        if not color:
            return _("no colour")
        return self._color_labels.get(color) or color_label(color)

    def color_rgb(self, color: str) -> RGB:
        """How a colour is shown: the rule file's `color_looks`, else its default."""
        found = self._rgb.get(color)
        if found is None:
            found = self._rgb[color] = color_rgbs([color])[color]
        return found

    def color_pattern(self, color: str) -> str:
        """The shape colour-blind mode draws for a colour (game/looks.py PATTERNS)."""
        found = self._patterns.get(color)
        if found is None:
            taken = dict(self._patterns)
            found = self._patterns[color] = color_patterns([*taken, color], taken)[color]
        return found

    def sort_key(self, card: str) -> tuple[int, int, int, int]:
        return self.facts(card).order

    def names_color(self, card: str) -> bool:
        """Whether the colour named with this card comes with its play (a plain Wild),
        rather than later, as a step of its own (Swap Hands names it after the swap)."""
        return self.facts(card).names_color

    def is_wild(self, card: str) -> bool:
        return self.facts(card).color is None
