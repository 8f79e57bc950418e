"""What a card is called and where it sorts, read from the rule set.

Every screen and message names a card through `CardBook.label`: the `label:` of
its kind in the rule file, after its colour ("Blue Draw Two", "Red 7", "Wild
Draw Four", "Shuffle Hands"), so a modder's card is named the way its file
names it. A replay whose rules cannot be loaded gets a book without rules,
which names cards as the log writes them ("purple:star" -> "Purple star").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import card_table, color_label
from game.engine.ruleset import RuleSet

WILD = "wild"


@dataclass(frozen=True)
class CardFacts:
    color: str | None  # None for a card with no colour of its own (a wild)
    kind: str  # the kind's key in the rule file
    label: str
    number: bool
    face: str  # the digit of a number card, else the kind
    names_color: bool  # naming the colour is part of playing it (a plain Wild)
    order: tuple  # where it sorts in a hand


class CardBook:
    def __init__(self, rules: RuleSet | None = None) -> None:
        self.colors: tuple[str, ...] = ()
        self._facts: dict[str, CardFacts] = {}
        if rules is not None:
            self._read(rules)

    def _read(self, rules: RuleSet) -> None:
        table = card_table(rules)
        self.colors = tuple(table.colors)
        kind_order: dict[str, int] = {}
        for card_id, name in enumerate(table.names):
            if name in self._facts:
                continue
            spec = table.kind[card_id]
            rank = kind_order.setdefault(spec.name, len(kind_order))
            colour_index = table.color[card_id]
            colour = self.colors[colour_index] if colour_index >= 0 else None
            number = table.category[card_id] == "number"
            face = table.symbol[card_id]
            slot = colour_index if colour_index >= 0 else len(self.colors)
            order = (slot, 0, int(face), rank) if number else (slot, 1, rank, 0)
            self._facts[name] = CardFacts(
                colour,
                spec.name,
                table.labels[card_id],
                number,
                face,
                table.needs_color[card_id],
                order,
            )

    def facts(self, card: str) -> CardFacts:
        found = self._facts.get(card)
        if found is None:
            found = self._facts[card] = self._unknown(card)
        return found

    def _unknown(self, card: str) -> CardFacts:
        """A card the rules do not list (a replay without its rules): named as written."""
        colour, sep, face = card.partition(":")
        if not sep:
            colour, face = WILD, colour
        number = face.isdigit()
        words = face.replace("_", " ").strip() or "?"
        own = None if colour == WILD else colour
        if own is None:
            label = words.capitalize()
        else:
            label = f"{self.color_label(own)} {words if number else words.capitalize()}"
        known = list(self.colors)
        slot = known.index(own) if own in known else len(known) + (own is None)
        order = (slot, 0, int(face), 0) if number else (slot, 1, 1000, 0)
        return CardFacts(own, face, label, number, face, False, order)

    def label(self, card: str) -> str:
        return self.facts(card).label

    def color_label(self, color: str | None) -> str:
        """A colour as the players read it ("Red"), as the engine names it in labels."""
        return color_label(color) if color else "no colour"

    def sort_key(self, card: str) -> tuple:
        return self.facts(card).order

    def names_color(self, card: str) -> bool:
        """Whether the colour named with this card comes with its play (a plain Wild),
        rather than later, as a step of its own (Swap Hands names it after the swap)."""
        return self.facts(card).names_color

    def is_wild(self, card: str) -> bool:
        return self.facts(card).color is None
