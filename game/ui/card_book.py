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

A two-sided deck (UNO Flip, `sides:` in the rule file) names a card by both
its faces, the one in play first ("red:7/teal:5"): the book knows the faces
of every side, so a card is named and painted by its face in play, and
`turned(card)` (game/engine/card_names.py) is the same card the other way up. Each side has its own
colours: a wild shows its side's on its oval, and the faces of every side
but the first have a dark rim (`SIDE_RIM`), so the Dark side is known at a
glance; their colours, unless the file says how they look, take the deeper
shades and shapes of `OTHER_SIDE_LOOKS` (game/looks.py).

A replay whose rules cannot be loaded gets a book without rules, which names
cards as the log writes them ("purple:star" -> "Purple Star") and shows each
on a plain face with that name.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.card_names import FACES_APART
from game.engine.cards import CardTable, card_table, color_label, kind_label
from game.engine.ruleset import COLOR_NAMES, WILD, RuleSet
from game.engine.words import ENGLISH
from game.i18n import _
from game.looks import (
    NUMBER_ART,
    OTHER_SIDE_LOOKS,
    RGB,
    SIDE_RIM,
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
    side: int = 0  # which side of a two-sided deck the face is printed on


def face_tables(rules: RuleSet) -> list[CardTable]:
    """The faces of each side of the deck, one table per side and unpaired (the
    engine pairs them per match, game/engine/sides.py); a one-sided deck: its table."""
    sides = rules.model.side_names()
    if not sides:
        return [card_table(rules)]
    return [card_table(rules, i) for i in range(len(sides))]


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
        tables = face_tables(rules) if rules is not None else []
        self.sides: tuple[str, ...] = tuple(rules.model.side_names()) if rules is not None else ()
        self.colors: tuple[str, ...] = tuple(dict.fromkeys(c for t in tables for c in t.colors))
        self._color_labels: dict[str, str] = {}
        given: dict[str, str] = {}
        shapes: dict[str, str] = {}
        if rules is not None:
            for table in tables:
                labels = table.color_labels_in(lang)
                self._color_labels.update(zip(table.colors, labels, strict=True))
            looks = rules.model.color_looks
            given = {c: look.rgb for c, look in looks.items() if look.rgb}
            shapes = {c: look.pattern for c, look in looks.items() if look.pattern}
            for table in tables[1:]:
                for color in table.colors:
                    rgb, shape = OTHER_SIDE_LOOKS.get(color, (None, None))
                    if rgb is not None and color not in given:
                        given[color] = rgb
                    if shape is not None and color not in shapes and shape not in shapes.values():
                        shapes[color] = shape
        self._rgb: dict[str, RGB] = color_rgbs(self.colors, given)
        self._patterns: dict[str, str] = color_patterns(self.colors or COLOR_NAMES, shapes)
        # The colours symbols show on a wild (its oval, +4's cards), in wheel
        # order: its side's, in a two-sided deck.
        shown = [wheel_order(t.colors) for t in tables] or [wheel_order(COLOR_NAMES)]
        self._palettes = [tuple(self.color_rgb(c) for c in colors) for colors in shown]
        self._marks = [tuple(self.color_pattern(c) for c in colors) for colors in shown]
        self.palette: tuple[RGB, ...] = self._palettes[0]
        self.marks: tuple[str, ...] = self._marks[0]
        self._facts: dict[str, CardFacts] = {}
        if rules is not None:
            for side, table in enumerate(tables):
                self._read(rules, table, side)

    def _read(self, rules: RuleSet, table: CardTable, side: int) -> None:
        kind_order = {name: rank for rank, name in enumerate(rules.kinds)}
        labels = table.labels_in(self.lang)
        colors = table.colors
        for card_id, name in enumerate(table.face_names):
            if name in self._facts:
                continue
            spec = table.kind[card_id]
            kind = spec.model
            color_index = table.color[card_id]
            color = colors[color_index] if color_index >= 0 else None
            number = table.category[card_id] == "number"
            face = table.symbol[card_id]
            slot = color_index if color_index >= 0 else len(colors)
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
                self._look(kind.art, text, corner, color, side),
                frozenset(effect.name for effect in table.effects[card_id]),
                side,
            )

    def _look(
        self, art: str | None, text: str, corner: str | None, color: str | None, side: int = 0
    ) -> CardLook:
        palette, marks = self._palettes[side], self._marks[side]
        rim = SIDE_RIM if side > 0 else None
        if color is None:
            return CardLook(art, text, corner, None, palette, None, marks, rim)
        body = self.color_rgb(color)
        return CardLook(art, text, corner, body, palette, self.color_pattern(color), marks, rim)

    def side_label(self, side: object) -> str:
        """A side of a two-sided deck as players read it ("Dark"): its label in
        the rule file, else its name in words."""
        key = str(side)
        if self._rules is not None and key in self._rules.model.sides:
            label = self._rules.model.sides[key].label
            if label:
                return label.in_language(self.lang)
        return color_label(key)

    def side_of(self, card: str) -> int:
        """Which side of a two-sided deck `card`'s face in play is printed on (0 one-sided)."""
        return self.facts(card).side

    def facts(self, card: str) -> CardFacts:
        """What `card` is: for a two-sided card, its face in play."""
        found = self._facts.get(card)
        if found is None:
            face = card.partition(FACES_APART)[0]
            found = self._facts.get(face) or self._unknown(face)
            self._facts[card] = found
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
            for table in face_tables(self._rules) if self._rules is not None else []:
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
