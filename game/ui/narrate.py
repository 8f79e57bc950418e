"""Each engine event in words, for the line over the table.

No pygame: a `Line` says its text, a tone the renderer turns into a colour
("plain", "gold", "warn", "hit", or "color:<name>" for the colour in force)
and, for the big moments, a `Burst` (a word that pops up near a seat). Cards
are named by game/ui/card_book.py. Only what the whole table may know is put
in words: a draw says how many cards, never which.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ui.card_book import CardBook
from game.ui.table_model import TableModel

SEAT = "seat"
RING = "ring"


@dataclass(frozen=True)
class Burst:
    text: str
    anchor: str  # SEAT or RING
    seat: int | None
    tone: str
    size: int
    dur: float = 0.9


@dataclass(frozen=True)
class Line:
    text: str
    tone: str = "plain"
    burst: Burst | None = None


class Narrator:
    def __init__(self, book: CardBook, model: TableModel) -> None:
        self.book = book
        self.model = model

    def tell(self, event: dict) -> Line | None:
        """The words for `event`, which the model has just taken in (None: nothing to say)."""
        handler = _HANDLERS.get(str(event.get("t")))
        return handler(self, event) if handler is not None else None

    def name(self, seat: object) -> str:
        return self.model.name(seat)

    def _cut(self, e: dict) -> Line:
        return Line("Cut for the deal: the highest number deals")

    def _round(self, e: dict) -> Line:
        return Line(f"Round {self.model.round_no}: {self.name(self.model.dealer)} deals")

    def _start(self, e: dict) -> Line:
        return Line(f"First card: {self.book.label(str(e['card']))}")

    def _play(self, e: dict) -> Line:
        seat = int(e["p"])
        card = str(e["card"])
        color = e.get("color")
        label = self.book.label(card)
        if self.book.is_wild(card) and color:
            label = f"{label}: {color}"
        return Line(f"{self.name(seat)} plays {label}", _ink(color))

    def _draw(self, e: dict) -> Line:
        seat = int(e["p"])
        n = len(e.get("cards", []))
        why = e.get("why", "turn")
        who = self.name(seat)
        burst = None
        if why == "uno":
            text = f"{who} draws {n} for a missed UNO"
        elif why == "challenge":
            text = f"{who} draws {n} after the challenge"
        elif why == "penalty":
            text = f"{who} draws {n}!"
            if n >= 2:
                burst = Burst(f"+{n}", SEAT, seat, "hit", 58)
        else:
            text = f"{who} draws {n} cards" if n != 1 else f"{who} draws a card"
        return Line(text, "plain", burst)

    def _pass(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} passes")

    def _skip(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            f"Skip! {self.name(seat)} misses a turn", "warn", Burst("SKIP", SEAT, seat, "hit", 50)
        )

    def _direction(self, e: dict) -> Line:
        return Line("Reverse!", "gold", Burst("REVERSE", RING, None, "gold", 56))

    def _color(self, e: dict) -> Line:
        color = e.get("color")
        return Line(f"{self.name(e.get('p'))} names {color}", _ink(color))

    def _uno(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            f"{self.name(seat)}: UNO!", "gold", Burst("UNO!", SEAT, seat, "gold", 84, dur=1.0)
        )

    def _catch(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        return Line(
            f"Caught! {self.name(by)} catches {self.name(seat)}",
            "hit",
            Burst("CAUGHT!", SEAT, seat, "hit", 64),
        )

    def _challenge(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        if e.get("guilty"):
            text = f"Challenge! {self.name(seat)} bluffed"
        else:
            text = f"Challenge fails: {self.name(seat)} played fair"
        return Line(text, "warn", Burst("CHALLENGE!", SEAT, by, "warn", 54))

    def _reshuffle(self, e: dict) -> Line:
        return Line(f"Reshuffle: {int(e.get('cards', 0))} cards back into the pile")

    def _swap(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} swaps hands with {self.name(e.get('with'))}")

    def _hands(self, e: dict) -> Line:
        return Line("Hands are passed around")

    def _discard(self, e: dict) -> Line:
        n = len(e.get("cards", []))
        return Line(f"{self.name(e.get('p'))} discards {n} card{'s' if n != 1 else ''}")

    def _chose(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} picks {self.name(e.get('player'))}")

    def _eliminated(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} is out of the match")

    def _round_end(self, e: dict) -> Line:
        winner = e.get("winner")
        if e.get("blocked"):
            text = f"Blocked! {self.name(winner)} has the lowest hand"
        else:
            text = f"{self.name(winner)} wins the round!"
        burst = None
        if isinstance(winner, int):
            burst = Burst("ROUND!", SEAT, winner, "gold", 70, dur=1.0)
        return Line(text, "gold", burst)

    def _game_end(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('winner'))} wins the match!", "gold")


def _ink(color: object) -> str:
    return f"color:{color}" if isinstance(color, str) and color else "plain"


_HANDLERS: dict[str, Callable[[Narrator, dict], Line | None]] = {
    "cut": Narrator._cut,
    "round": Narrator._round,
    "start": Narrator._start,
    "play": Narrator._play,
    "draw": Narrator._draw,
    "pass": Narrator._pass,
    "skip": Narrator._skip,
    "direction": Narrator._direction,
    "color": Narrator._color,
    "uno": Narrator._uno,
    "catch": Narrator._catch,
    "challenge": Narrator._challenge,
    "reshuffle": Narrator._reshuffle,
    "swap": Narrator._swap,
    "hands": Narrator._hands,
    "discard": Narrator._discard,
    "chose": Narrator._chose,
    "eliminated": Narrator._eliminated,
    "round_end": Narrator._round_end,
    "game_end": Narrator._game_end,
}
