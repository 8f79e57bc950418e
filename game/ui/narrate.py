"""Each engine event in plain words, in the order things happen.

No pygame: a `Line` says its text, a tone the renderer turns into a colour
("plain", "gold", "warn", "hit", or "color:<name>" for a colour named) and,
for the big moments, a `Burst` (a word that pops up near a seat). Cards are
named by their rule file's labels (game/ui/card_book.py).

A card's effects follow its play as events of their own, and each says what
it did and which card did it ("Red Draw Two: Bo draws 2", "Bo misses a
turn"). A colour named after a swap is told when it is named, not with the
play. Only what the whole table may know is put in words: a draw says how
many cards, never which.

The narrator keeps the round's lines: the last 30 for the history panel, and
what happened since a player's own last move for their curtain.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.ui.card_book import CardBook
from game.ui.table_model import TableModel

SEAT = "seat"
RING = "ring"
HISTORY = 30  # lines kept for the history panel

# Events that are a seat's own move on its turn: "since your last turn" starts after them.
OWN_MOVES = ("play", "pass", "draw", "color", "chose", "challenge")


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


@dataclass(frozen=True)
class Told:
    """A line of the round's story, and whose own move it was (if anyone's)."""

    text: str
    mover: int | None = None
    tone: str = "plain"  # as the line's: a colour named shows its shape (colour-blind mode)


class Narrator:
    def __init__(self, book: CardBook, model: TableModel) -> None:
        self.book = book
        self.model = model
        self.history: deque[Told] = deque(maxlen=HISTORY)
        self.round_story: list[Told] = []
        self.cause: str | None = None  # the card whose effects are being told
        self.penalised: int | None = None  # the seat that just drew for a card
        self.caught: tuple[int, int] | None = None  # (by, caught) until the caught seat draws

    def tell(self, event: dict) -> Line | None:
        """The words for `event`, which the model has just taken in (None: nothing to say)."""
        kind = str(event.get("t"))
        handler = _HANDLERS.get(kind)
        line = handler(self, event) if handler is not None else None
        if kind != "draw":
            self.penalised = None
        if line is not None and kind not in ("round", "cut"):
            mover = event.get("p") if kind in OWN_MOVES else None
            if kind == "draw" and event.get("why", "turn") != "turn":
                mover = None
            if kind == "challenge":
                mover = event.get("by")
            told = Told(line.text, mover if isinstance(mover, int) else None, line.tone)
            self.history.append(told)
            self.round_story.append(told)
        return line

    def since_last_move(self, seat: int, most: int = 8) -> list[str]:
        """What the table said since `seat`'s own last move this round (the latest `most`)."""
        story = self.round_story
        start = 0
        for i in range(len(story) - 1, -1, -1):
            if story[i].mover == seat:
                start = i + 1
                break
        return [t.text for t in story[start:]][-most:]

    def name(self, seat: object) -> str:
        return self.model.name(seat)

    def label(self, card: object) -> str:
        return self.book.label(str(card))

    def color_label(self, color: object) -> str:
        return self.book.color_label(color if isinstance(color, str) else None)

    # --- one method per event kind --------------------------------------------------

    def _cut(self, e: dict) -> Line:
        return Line("Cut for the deal: the highest number deals")

    def _round(self, e: dict) -> Line:
        self.history.clear()
        self.round_story = []
        self.cause = None
        return Line(f"Round {self.model.round_no}: {self.name(self.model.dealer)} deals")

    def _draft(self, e: dict) -> Line:
        who = self.name(e.get("p"))
        if e.get("kept"):
            return Line(f"{who} keeps a card")
        return Line(f"{who} turns away {self.label(e.get('card'))}")

    def _start(self, e: dict) -> Line:
        card = str(e["card"])
        self.cause = self.label(card)
        return Line(f"First card: {self.label(card)}", _ink(e.get("color")))

    def _play(self, e: dict) -> Line:
        seat = int(e["p"])
        card = str(e["card"])
        label = self.label(card)
        self.cause = label
        color = e.get("color")
        if self.book.names_color(card) and color:
            return Line(
                f"{self.name(seat)} plays {label} and names {self.color_label(color)}", _ink(color)
            )
        return Line(
            f"{self.name(seat)} plays {label}", _ink(None if self.book.is_wild(card) else color)
        )

    def _jump_in(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            f"{self.name(seat)} jumps in out of turn!",
            "gold",
            Burst("JUMP IN!", SEAT, seat, "gold", 56),
        )

    def _draw(self, e: dict) -> Line:
        seat = int(e["p"])
        n = len(e.get("cards", []))
        why = e.get("why", "turn")
        who = self.name(seat)
        cards = "a card" if n == 1 else f"{n} cards"
        if why == "uno":
            caught = self.caught
            self.caught = None
            if caught is not None and caught[1] == seat:
                return Line(f"{self.name(caught[0])} caught {who}: {who} draws {n}", "hit")
            return Line(f"{who} draws {n} for a missed UNO", "hit")
        if why == "challenge":
            return Line(f"{who} draws {n} after the challenge", "warn")
        if why in ("penalty", "effect"):
            self.penalised = seat
            cause = f"{self.cause}: " if self.cause else ""
            burst = Burst(f"+{n}", SEAT, seat, "hit", 58) if why == "penalty" and n >= 2 else None
            return Line(f"{cause}{who} draws {cards}", "warn", burst)
        return Line(f"{who} draws {cards}")

    def _pass(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} passes")

    def _skip(self, e: dict) -> Line:
        seat = int(e["p"])
        who = self.name(seat)
        if self.penalised == seat:
            return Line(f"{who} misses a turn", "warn")  # the draw said which card
        cause = f"{self.cause}: " if self.cause else ""
        return Line(f"{cause}{who} misses a turn", "warn", Burst("SKIP", SEAT, seat, "hit", 50))

    def _direction(self, e: dict) -> Line:
        way = "clockwise" if int(e.get("direction", 1)) > 0 else "counter-clockwise"
        cause = f"{self.cause}: " if self.cause else ""
        return Line(f"{cause}play now goes {way}", "gold", Burst("REVERSE", RING, None, "gold", 56))

    def _color(self, e: dict) -> Line:
        color = e.get("color")
        return Line(f"{self.name(e.get('p'))} names {self.color_label(color)}", _ink(color))

    def _uno(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            f"{self.name(seat)} calls UNO!", "gold", Burst("UNO!", SEAT, seat, "gold", 72, dur=1.0)
        )

    def _catch(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        self.caught = (by, seat)
        return Line(
            f"{self.name(by)} caught {self.name(seat)} without UNO!",
            "hit",
            Burst("CAUGHT!", SEAT, seat, "hit", 60),
        )

    def _challenge(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        if e.get("guilty"):
            text = f"{self.name(by)} challenges {self.name(seat)}: {self.name(seat)} bluffed!"
        else:
            text = f"{self.name(by)} challenges {self.name(seat)}, who played fair"
        return Line(text, "warn", Burst("CHALLENGE!", SEAT, by, "warn", 50))

    def _reveal(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('to'))} looks at {self.name(e.get('p'))}'s hand")

    def _reshuffle(self, e: dict) -> Line:
        return Line(
            f"The discard pile is shuffled into a new draw pile ({int(e.get('cards', 0))} cards)"
        )

    def _swap(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('p'))} swaps hands with {self.name(e.get('with'))}")

    def _hands(self, e: dict) -> Line:
        cause = f"{self.cause}: " if self.cause else ""
        return Line(f"{cause}every hand is passed on")

    def _discard(self, e: dict) -> Line:
        n = len(e.get("cards", []))
        cards = "a card" if n == 1 else f"{n} cards"
        cause = f"{self.cause}: " if self.cause else ""
        return Line(f"{cause}{self.name(e.get('p'))} puts {cards} under the pile")

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
            burst = Burst("ROUND!", SEAT, winner, "gold", 64, dur=1.0)
        return Line(text, "gold", burst)

    def _game_end(self, e: dict) -> Line:
        return Line(f"{self.name(e.get('winner'))} wins the match!", "gold")


def _ink(color: object) -> str:
    return f"color:{color}" if isinstance(color, str) and color else "plain"


_HANDLERS: dict[str, Callable[[Narrator, dict], Line | None]] = {
    "cut": Narrator._cut,
    "round": Narrator._round,
    "draft": Narrator._draft,
    "start": Narrator._start,
    "play": Narrator._play,
    "jump_in": Narrator._jump_in,
    "draw": Narrator._draw,
    "pass": Narrator._pass,
    "skip": Narrator._skip,
    "direction": Narrator._direction,
    "color": Narrator._color,
    "uno": Narrator._uno,
    "catch": Narrator._catch,
    "challenge": Narrator._challenge,
    "reveal": Narrator._reveal,
    "reshuffle": Narrator._reshuffle,
    "swap": Narrator._swap,
    "hands": Narrator._hands,
    "discard": Narrator._discard,
    "chose": Narrator._chose,
    "eliminated": Narrator._eliminated,
    "round_end": Narrator._round_end,
    "game_end": Narrator._game_end,
}
