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

What the narrator says of each kind of event is declared with the event
(`EventKind.says`, game/engine/event_kinds.py): words naming its seats (a
`Saying`, said here as they are), the narrator's own words (a method below,
in `OWN`, for words that hang on what came before), or nothing to say.

The narrator keeps the round's lines: the last 30 for the history panel, and
what happened since a player's own last move for their curtain. Each line
keeps the event it tells and what the narrator knew then (`Source`), so a
language chosen mid-match words them again (`Narrator.reword`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.engine.event_kinds import EVENT_KINDS, OWN_WORDS, Saying
from game.i18n import _, ngettext
from game.table.model import TableModel
from game.ui.card_book import CardBook

SEAT = "seat"
RING = "ring"
HISTORY = 30  # lines kept for the history panel


@dataclass(frozen=True)
class Burst:
    text: str
    anchor: str  # SEAT or RING
    seat: int | None
    tone: str
    size: int
    dur: float = 0.9


@dataclass(frozen=True)
class Source:
    """What a line was made from: its event, and what the narrator knew as it
    told it (the card whose effects were being told, the seat that had just
    drawn for a card, a catch not yet paid)."""

    event: dict
    cause: str | None
    penalised: int | None
    caught: tuple[int, int] | None
    skipped: tuple[int, ...] = ()


@dataclass(frozen=True)
class Line:
    text: str
    tone: str = "plain"
    burst: Burst | None = None
    source: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Told:
    """A line of the round's story, and whose own move it was (if anyone's)."""

    text: str
    mover: int | None = None
    tone: str = "plain"  # as the line's: a colour named shows its shape (colour-blind mode)
    source: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class RecapLine:
    text: str
    mine: bool  # it concerns the player the recap is for (cards they drew, a turn lost)


@dataclass(frozen=True)
class Recap:
    """A player's "since your last turn": the lines kept, in order, and how many
    older ones were left out."""

    lines: tuple[RecapLine, ...]
    left_out: int = 0

    @property
    def texts(self) -> list[str]:
        return [line.text for line in self.lines]


def concerns(event: dict, seat: int) -> bool:
    """Whether `event` happens to `seat`: they draw, miss a turn, are caught,
    picked, swapped with... (as its kind declares, `EventKind.concerns`)."""
    kind = EVENT_KINDS.get(str(event.get("t")))
    return kind is not None and kind.happens_to(event, seat)


class Narrator:
    def __init__(self, book: CardBook, model: TableModel) -> None:
        self.book = book
        self.model = model
        self.history: deque[Told] = deque(maxlen=HISTORY)
        self.round_story: list[Told] = []
        self.cause: str | None = None  # the card (its name) whose effects are being told
        self.penalised: int | None = None  # the seat that just drew for a card
        self.caught: tuple[int, int] | None = None  # (by, caught) until the caught seat draws
        self.skipped: tuple[int, ...] = ()  # the seats skipped one after the other just now

    def tell(self, event: dict) -> Line | None:
        """The words for `event`, which the model has just taken in (None: nothing to say)."""
        kind = str(event.get("t"))
        declared = EVENT_KINDS.get(kind)  # None: a newer log's event, nothing to say
        source = Source(event, self.cause, self.penalised, self.caught, self.skipped)
        line = self._words(event)
        if line is not None:
            line = replace(line, source=source)
        if kind != "draw":
            self.penalised = None
        if kind != "skip":
            self.skipped = ()
        if line is not None and declared is not None and declared.story:
            told = Told(line.text, declared.moved(event), line.tone, source)
            self.history.append(told)
            self.round_story.append(told)
        return line

    def _words(self, event: dict) -> Line | None:
        """The line for `event` as its kind declares (`EventKind.says`): its
        `Saying`, the narrator's own words, or nothing."""
        kind = EVENT_KINDS.get(str(event.get("t")))
        if kind is None:
            return None
        says = kind.says
        if isinstance(says, Saying):
            names = {key: self.name(event.get(field)) for key, field in says.seats.items()}
            return Line(_(says.template).format(**names), says.tone)
        if says is OWN_WORDS:
            return OWN[kind.name](self, event)
        return None

    def reword(self, line: Line) -> Line:
        """`line` in the language now chosen, told again from its source with
        what the narrator knew then (this narrator's own memory is untouched)."""
        source = line.source
        if source is None:
            return line
        then = Narrator(self.book, self.model)
        then.cause, then.penalised, then.caught = source.cause, source.penalised, source.caught
        then.skipped = source.skipped
        again = then._words(source.event)
        return line if again is None else replace(again, source=source)

    def reword_story(self) -> None:
        """The round's story and the history panel in the language now chosen."""

        def again(told: Told) -> Told:
            if told.source is None:
                return told
            return replace(told, text=self.reword(Line(told.text, source=told.source)).text)

        self.history = deque((again(t) for t in self.history), maxlen=HISTORY)
        self.round_story = [again(t) for t in self.round_story]

    def since_last_move(self, seat: int, most: int = 8) -> Recap:
        """What the table said since `seat`'s own last move this round: the latest
        `most` lines, and every older one that concerns `seat` (the cards they
        drew, the turns they lost), however many there are."""
        story = self.round_story
        start = 0
        for i in range(len(story) - 1, -1, -1):
            if story[i].mover == seat:
                start = i + 1
                break
        since = story[start:]
        latest = len(since) - most
        kept = tuple(
            RecapLine(told.text, mine)
            for i, told in enumerate(since)
            if (mine := told.source is not None and concerns(told.source.event, seat))
            or i >= latest
        )
        return Recap(kept, len(since) - len(kept))

    def name(self, seat: object) -> str:
        return self.model.name(seat)

    def label(self, card: object) -> str:
        return self.book.label(str(card))

    def color_label(self, color: object) -> str:
        return self.book.color_label(color if isinstance(color, str) else None)

    # --- one method per kind told in the narrator's own words (OWN) -----------------

    def _round(self, e: dict) -> Line:
        self.history.clear()
        self.round_story = []
        self.cause = None
        return Line(
            _("Round {n}: {name} deals").format(
                n=self.model.round_no, name=self.name(self.model.dealer)
            )
        )

    def _draft(self, e: dict) -> Line:
        who = self.name(e.get("p"))
        if e.get("kept"):
            return Line(_("{name} keeps a card").format(name=who))
        return Line(_("{name} turns away {card}").format(name=who, card=self.label(e.get("card"))))

    def _start(self, e: dict) -> Line:
        card = str(e["card"])
        self.cause = card
        return Line(_("First card: {card}").format(card=self.label(card)), _ink(e.get("color")))

    def _play(self, e: dict) -> Line:
        seat = int(e["p"])
        card = str(e["card"])
        label = self.label(card)
        self.cause = card
        color = e.get("color")
        if self.book.names_color(card) and color:
            return Line(
                _("{name} plays {card} and names {color}").format(
                    name=self.name(seat), card=label, color=self.color_label(color)
                ),
                _ink(color),
            )
        return Line(
            _("{name} plays {card}").format(name=self.name(seat), card=label),
            _ink(None if self.book.is_wild(card) else color),
        )

    def _jump_in(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            _("{name} jumps in out of turn!").format(name=self.name(seat)),
            "gold",
            Burst(_("JUMP IN!"), SEAT, seat, "gold", 56),
        )

    def _draw(self, e: dict) -> Line:
        seat = int(e["p"])
        n = len(e.get("cards", []))
        why = e.get("why", "turn")
        who = self.name(seat)
        if why == "uno":
            caught = self.caught
            self.caught = None
            if caught is not None and caught[1] == seat:
                words = ngettext(
                    "{by} caught {name}: {name} draws {n}",
                    "{by} caught {name}: {name} draws {n}",
                    n,
                )
                return Line(words.format(by=self.name(caught[0]), name=who, n=n), "hit")
            words = ngettext(
                "{name} draws {n} for a missed UNO", "{name} draws {n} for a missed UNO", n
            )
            return Line(words.format(name=who, n=n), "hit")
        if why == "challenge":
            words = ngettext(
                "{name} draws {n} after the challenge", "{name} draws {n} after the challenge", n
            )
            return Line(words.format(name=who, n=n), "warn")
        draws = ngettext("{name} draws a card", "{name} draws {n} cards", n).format(name=who, n=n)
        if why in ("penalty", "effect"):
            self.penalised = seat
            burst = Burst(f"+{n}", SEAT, seat, "hit", 58) if why == "penalty" and n >= 2 else None
            return Line(self._caused(draws), "warn", burst)
        return Line(draws)

    def _skip(self, e: dict) -> Line:
        seat = int(e["p"])
        who = self.name(seat)
        self.skipped = (*self.skipped, seat)
        player = self.model.turn
        others = {
            s for s in range(self.model.players) if s != player and not self.model.eliminated[s]
        }
        if len(self.skipped) > 1 and player is not None and others <= set(self.skipped):
            # Skip Everyone: one line for the whole table, not the last seat it reached.
            everyone = _("everyone else misses a turn, {name} plays again")
            return Line(self._caused(everyone.format(name=self.name(player))), "warn")
        misses = _("{name} misses a turn").format(name=who)
        if self.penalised == seat:
            return Line(misses, "warn")  # the draw said which card
        return Line(self._caused(misses), "warn", Burst(_("SKIP"), SEAT, seat, "hit", 50))

    def _direction(self, e: dict) -> Line:
        if int(e.get("direction", 1)) > 0:
            way = _("play now goes clockwise")
        else:
            way = _("play now goes counter-clockwise")
        return Line(self._caused(way), "gold", Burst(_("REVERSE"), RING, None, "gold", 56))

    def _color(self, e: dict) -> Line:
        color = e.get("color")
        return Line(
            _("{name} names {color}").format(
                name=self.name(e.get("p")), color=self.color_label(color)
            ),
            _ink(color),
        )

    def _uno(self, e: dict) -> Line:
        seat = int(e["p"])
        return Line(
            _("{name} calls UNO!").format(name=self.name(seat)),
            "gold",
            Burst(_("UNO!"), SEAT, seat, "gold", 72, dur=1.0),
        )

    def _catch(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        self.caught = (by, seat)
        return Line(
            _("{by} caught {name} without UNO!").format(by=self.name(by), name=self.name(seat)),
            "hit",
            Burst(_("CAUGHT!"), SEAT, seat, "hit", 60),
        )

    def _challenge(self, e: dict) -> Line:
        by, seat = int(e["by"]), int(e["p"])
        if e.get("guilty"):
            text = _("{by} challenges {name}: {name} bluffed!")
        else:
            text = _("{by} challenges {name}, who played fair")
        text = text.format(by=self.name(by), name=self.name(seat))
        return Line(text, "warn", Burst(_("CHALLENGE!"), SEAT, by, "warn", 50))

    def _reshuffle(self, e: dict) -> Line:
        n = int(e.get("cards", 0))
        return Line(
            ngettext(
                "The discard pile is shuffled into a new draw pile ({n} card)",
                "The discard pile is shuffled into a new draw pile ({n} cards)",
                n,
            ).format(n=n)
        )

    def _hands(self, e: dict) -> Line:
        # One event for both ways hands move: the card that moved them says which.
        if self.cause and "shuffle_hands" in self.book.effects(self.cause):
            return Line(self._caused(_("the hands are shuffled and dealt out again")))
        return Line(self._caused(_("every hand is passed on")))

    def _discard(self, e: dict) -> Line:
        n = len(e.get("cards", []))
        words = ngettext(
            "{name} puts a card under the pile", "{name} puts {n} cards under the pile", n
        )
        return Line(self._caused(words.format(name=self.name(e.get("p")), n=n)))

    def _flip(self, e: dict) -> Line:
        side = self.book.side_label(e.get("side"))
        text = self._caused(
            _("every card turns over: the {side} side is in play").format(side=side)
        )
        return Line(text, "gold", Burst(_("FLIP!"), RING, None, "gold", 64, dur=1.1))

    def _round_end(self, e: dict) -> Line:
        winner = e.get("winner")
        if e.get("blocked"):
            text = _("Blocked! {name} has the lowest hand").format(name=self.name(winner))
        else:
            text = _("{name} wins the round!").format(name=self.name(winner))
        burst = None
        if isinstance(winner, int):
            burst = Burst(_("ROUND!"), SEAT, winner, "gold", 64, dur=1.0)
        return Line(text, "gold", burst)

    def _caused(self, text: str) -> str:
        """`text` after the card that caused it ("Red Draw Two: Bo draws 2 cards")."""
        if not self.cause:
            return text
        return _("{card}: {what}").format(card=self.label(self.cause), what=text)


def _ink(color: object) -> str:
    return f"color:{color}" if isinstance(color, str) and color else "plain"


# The kinds told in the narrator's own words (`OWN_WORDS`), from what it remembers.
OWN: dict[str, Callable[[Narrator, dict], Line | None]] = {
    "round": Narrator._round,
    "draft": Narrator._draft,
    "start": Narrator._start,
    "play": Narrator._play,
    "jump_in": Narrator._jump_in,
    "draw": Narrator._draw,
    "skip": Narrator._skip,
    "direction": Narrator._direction,
    "color": Narrator._color,
    "uno": Narrator._uno,
    "catch": Narrator._catch,
    "challenge": Narrator._challenge,
    "reshuffle": Narrator._reshuffle,
    "hands": Narrator._hands,
    "discard": Narrator._discard,
    "flip": Narrator._flip,
    "round_end": Narrator._round_end,
}
