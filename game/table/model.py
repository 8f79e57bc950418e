"""The table as the players have seen it, rebuilt from the engine's events.

No pygame and no rules here: every field is what the events said (the cards in
each hand, the discard pile, the colour in force, the direction, whose turn,
UNO calls, scores). The play scene and the replay viewer feed it the same
events the engine wrote; the animator moves sprites to match and the narrator
puts each event in words. Nothing here decides whether a move was legal.

A two-sided deck (UNO Flip) names each card by both faces, the one in play
first ("red:7/teal:5"); a `flip` turns every card over, so the model turns
every name it holds (`turned`). The draw pile's top card shows its other face
to everyone: `pile_back`, as the last event that carried it said.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.card_names import turned
from game.engine.event_kinds import kinds_where

# Events after which the draw pile's top card may be another card (`EventKind.pile`).
PILE_EVENTS = kinds_where(lambda kind: kind.pile)


@dataclass
class TableModel:
    players: int
    names: list[str]
    deck_size: int
    hands: list[list[str]] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    draft_discard: list[str] = field(default_factory=list)  # UNO Duo's draft, face up
    cut: dict[int, str] = field(default_factory=dict)  # the last cut for the dealer
    draw_count: int = 0
    color: str | None = None
    direction: int = 1
    turn: int | None = None
    dealer: int | None = None
    round_no: int = 0
    uno_called: list[bool] = field(default_factory=list)
    # Down to one card without an UNO call: catchable, as far as the table has seen.
    uno_missing: list[bool] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    round_over: bool = False
    over: bool = False
    # A two-sided deck: the side in play (None: the first, where every round
    # starts) and the face the draw pile's top card shows everyone.
    side: str | None = None
    pile_back: str | None = None
    flips: int = 0  # flips this round: the screen turns the table each time
    events: int = 0  # how many events it has seen

    def __post_init__(self) -> None:
        n = self.players
        self.names = list(self.names) + [f"Player {i + 1}" for i in range(len(self.names), n)]
        self.hands = self.hands or [[] for _ in range(n)]
        self.uno_called = self.uno_called or [False] * n
        self.uno_missing = self.uno_missing or [False] * n
        self.eliminated = self.eliminated or [False] * n
        self.scores = self.scores or [0] * n

    def name(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    @property
    def top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    def apply(self, event: dict) -> None:
        """Take in one event: each kind that changes what the table shows
        (`EventKind.table`) has its method here; the others, and unknown kinds
        (a newer log, a modded engine), change nothing."""
        self.events += 1
        handler = TAKES_IN.get(str(event.get("t")))
        if handler is not None:
            handler(self, event)
        if "pile_back" in event:
            back = event["pile_back"]
            self.pile_back = str(back) if back else None

    # --- one method per event kind --------------------------------------------------

    def _game(self, e: dict) -> None:
        if e.get("names"):
            self.names = [str(n) for n in e["names"]][: self.players]
            self.__post_init__()

    def _cut(self, e: dict) -> None:
        self.cut = {int(k): str(v) for k, v in (e.get("cards") or {}).items()}

    def _round(self, e: dict) -> None:
        n = self.players
        self.round_no = int(e.get("n", self.round_no + 1))
        self.dealer = e.get("dealer")
        self.hands = [[] for _ in range(n)]
        self.discard = []
        self.draft_discard = []
        self.cut = {}
        self.draw_count = self.deck_size
        self.uno_called = [False] * n
        self.uno_missing = [False] * n
        self.color = None
        self.direction = 1
        self.turn = None
        self.round_over = False
        self.side = None
        self.flips = 0
        self.pile_back = None

    def _deal(self, e: dict) -> None:
        cards = [str(c) for c in e.get("cards", [])]
        self.hands[int(e["p"])].extend(cards)
        self.draw_count = max(0, self.draw_count - len(cards))

    def _draft(self, e: dict) -> None:
        self.draw_count = max(0, self.draw_count - 1)
        if e.get("kept"):
            self.hands[int(e["p"])].append(str(e["card"]))
        else:
            self.draft_discard.append(str(e["card"]))

    def _start(self, e: dict) -> None:
        self.draw_count += len(self.draft_discard)
        self.draft_discard = []
        self.draw_count = max(0, self.draw_count - 1)
        self.discard.append(str(e["card"]))
        self.color = e.get("color")
        self.direction = int(e.get("direction", 1))

    def _play(self, e: dict) -> None:
        seat = int(e["p"])
        _remove(self.hands[seat], str(e["card"]))
        self.discard.append(str(e["card"]))
        self.color = e.get("color")
        self.turn = seat
        left = len(self.hands[seat])
        if left != 1:
            self.uno_called[seat] = False
        self.uno_missing = [False] * self.players
        self.uno_missing[seat] = left == 1 and not self.uno_called[seat]

    def _draw(self, e: dict) -> None:
        seat = int(e["p"])
        cards = [str(c) for c in e.get("cards", [])]
        self.hands[seat].extend(cards)
        self.draw_count = max(0, self.draw_count - len(cards))
        self.uno_called[seat] = False
        self.uno_missing[seat] = False

    def _turn(self, e: dict) -> None:
        self.turn = int(e["p"])

    def _direction(self, e: dict) -> None:
        self.direction = int(e.get("direction", -self.direction))

    def _color(self, e: dict) -> None:
        self.color = e.get("color")

    def _uno(self, e: dict) -> None:
        seat = int(e["p"])
        self.uno_called[seat] = True
        self.uno_missing[seat] = False

    def _catch(self, e: dict) -> None:
        seat = int(e["p"])
        self.uno_missing[seat] = False

    def _reshuffle(self, e: dict) -> None:
        n = int(e.get("cards", 0))
        self.discard = self.discard[-1:]
        self.draw_count += n

    def _swap(self, e: dict) -> None:
        a, b = int(e["p"]), int(e["with"])
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]

    def _hands(self, e: dict) -> None:
        for seat, cards in enumerate(e.get("hands", [])[: self.players]):
            self.hands[seat] = [str(c) for c in cards]
        if isinstance(e.get("discard"), list):
            # A redeal that gathered the discard pile too: it is now just these
            # cards, and the draw pile is whatever the redeal did not deal.
            self.discard = [str(c) for c in e["discard"]]
            in_hands = sum(len(h) for h in self.hands)
            self.draw_count = max(0, self.deck_size - in_hands - len(self.discard))

    def _discard(self, e: dict) -> None:
        seat = int(e["p"])
        cards = [str(c) for c in e.get("cards", [])]
        for card in cards:
            _remove(self.hands[seat], card)
        self.discard = self.discard[:-1] + cards + self.discard[-1:]

    def _flip(self, e: dict) -> None:
        """Every card turns over: hands, the discard pile (in place, or as a
        stack when its new top says so) and the draw pile."""
        self.side = str(e["side"]) if e.get("side") else None
        self.flips += 1
        self.hands = [[turned(c) for c in hand] for hand in self.hands]
        self.discard = [turned(c) for c in self.discard]
        top = e.get("top")
        if top and self.discard and self.discard[-1] != top:
            self.discard.reverse()
        self.color = e.get("color")

    def _eliminated(self, e: dict) -> None:
        self.eliminated[int(e["p"])] = True

    def _round_end(self, e: dict) -> None:
        self.turn = None
        self.round_over = True
        if isinstance(e.get("scores"), list):
            self.scores = [int(s) for s in e["scores"]]

    def _game_end(self, e: dict) -> None:
        self.over = True
        if isinstance(e.get("scores"), list):
            self.scores = [int(s) for s in e["scores"]]


def _remove(hand: list[str], card: str) -> None:
    """Take `card` out of a hand; a card the table never saw (a log that starts
    mid-game) is simply not there to take."""
    if card in hand:
        hand.remove(card)


# The kinds declared to change what the table shows (`EventKind.table`), each its method.
TAKES_IN: dict[str, Callable[[TableModel, dict], None]] = {
    "game": TableModel._game,
    "cut": TableModel._cut,
    "round": TableModel._round,
    "deal": TableModel._deal,
    "draft": TableModel._draft,
    "start": TableModel._start,
    "play": TableModel._play,
    "draw": TableModel._draw,
    "turn": TableModel._turn,
    "direction": TableModel._direction,
    "color": TableModel._color,
    "uno": TableModel._uno,
    "catch": TableModel._catch,
    "reshuffle": TableModel._reshuffle,
    "swap": TableModel._swap,
    "hands": TableModel._hands,
    "discard": TableModel._discard,
    "flip": TableModel._flip,
    "eliminated": TableModel._eliminated,
    "round_end": TableModel._round_end,
    "game_end": TableModel._game_end,
}
