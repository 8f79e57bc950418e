"""Watches a couch game frame by frame: which cards were drawn face up, and
whether the person in front of the screen was allowed to see them.

The watch keeps its own idea of who is looking, from what is on screen and
nothing else:

- with one human and bots, that human, always — except in a match resumed
  from a save, where nobody is looking until that human has dismissed a
  curtain (whoever sits at the screen when a match comes back may not be
  its human);
- with more humans, nobody while a curtain is up or a shared screen is showing
  (a deal, the round score, the pause, the match end), and the named player
  once they have dismissed their "Pass to NAME" curtain.

Every drawing path reports the cards it draws to `Privacy.witness`
(game/table/privacy.py); a card drawn face up is allowed when it rests in a public
place (the discard pile, the cut, the draft discard) or comes from one, or
when both ends of its journey are the looker's: their own hand, a public place.
Hands laid open on the round-score screen are allowed to everybody, and a
challenged hand to the challenger alone. Learning as you play, a lesson
about a seat's hidden card may be on screen only while that seat is looking
(never on the TV for a seat on a phone).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import CallUno, Catch, NextRound
from game.play.match import MatchSession
from game.table.match_screen import MatchScreen
from game.table.privacy import DISCARD, TABLE

SHARED = ("DealScene", "RoundScoreScene", "PauseScene", "MatchEndScene", "ConfirmScene")
PUBLIC = (DISCARD, TABLE)


@dataclass
class Leak:
    frame: int
    what: str


@dataclass
class Watch:
    screen: MatchScreen
    resumed: bool = False
    # Seats played on phones: nobody at the TV is ever their looker, so no
    # curtain, reveal or face-up card of theirs may reach a frame.
    phones: frozenset[int] = frozenset()
    looker: int | None = None
    frame: int = 0
    leaks: list[Leak] = field(default_factory=list)
    faces_seen: int = 0  # owned cards seen face up, rightly: proves the watch watches
    curtains: int = 0
    lessons: int = 0  # frames that showed a lesson (learning as you play)
    taught: list[tuple[int | None, str]] = field(default_factory=list)  # (seat, key) shown
    _lesson: object = None
    _drawn: list[tuple[str, object, object]] = field(default_factory=list)
    _curtain_for: int | None = None

    def __post_init__(self) -> None:
        humans = [seat for seat in self.screen.humans if seat not in self.phones]
        self.single = len(humans) == 1 and not self.phones
        if self.single and not self.resumed:
            self.looker = humans[0]
        self.screen.privacy.witness = self._saw

    def _saw(self, card: str, origin: object, place: object, face: bool) -> None:
        if face:
            self._drawn.append((card, origin, place))

    def before_frame(self) -> None:
        self._drawn.clear()

    def after_frame(self, app) -> None:
        """Judge what the frame drew, against who was looking when it was drawn."""
        self.frame += 1
        top = app.top
        name = type(top).__name__
        # A lone human, once they have looked, is the looker for good.
        if not self.single or self.looker is None:
            if name == "CurtainScene":
                if top is not self._curtain_for:
                    self.curtains += 1
                self._curtain_for = top
                self.looker = None
            else:
                if self._curtain_for is not None:
                    self.looker = self._curtain_for.seat
                    self._curtain_for = None
                if name in SHARED and not self.single:
                    self.looker = None
        if name == "CurtainScene" and top.seat in self.phones:
            self.leaks.append(Leak(self.frame, f"a curtain for seat {top.seat}, on a phone"))
        if name == "LessonScene":
            # Learning as you play: a moment about a hidden card is its owner's alone.
            self.lessons += 1
            seat = top.lesson.seat
            if top is not self._lesson:
                self._lesson = top
                self.taught.append((seat, top.lesson.key))
            if seat is not None and seat in self.phones:
                self.leaks.append(Leak(self.frame, f"seat {seat}'s lesson, on the TV"))
            elif seat is not None and seat != self.looker:
                looking = "nobody" if self.looker is None else self.looker
                self.leaks.append(
                    Leak(self.frame, f"seat {seat}'s lesson shown while {looking} was looking")
                )
        hands_open = name == "RoundScoreScene"
        reveal = None
        if name == "RevealScene":
            last = next(e for e in reversed(self.screen.session.log) if e["t"] == "reveal")
            reveal = (last["p"], last["to"])
            if last["to"] in self.phones:
                self.leaks.append(Leak(self.frame, f"seat {last['to']}'s reveal, on the TV"))
        for card, origin, place in self._drawn:
            if place in PUBLIC or origin in PUBLIC:
                continue
            if hands_open:
                continue
            if reveal is not None and place == reveal[0] and self.looker == reveal[1]:
                continue
            if self.looker is not None and origin in (self.looker,) and place == self.looker:
                self.faces_seen += 1
                continue
            self.leaks.append(
                Leak(
                    self.frame,
                    f"{card} drawn face up ({origin} -> {place}) on {name} "
                    f"while {'nobody' if self.looker is None else self.looker} was looking",
                )
            )

    def acted(self, session: MatchSession, action) -> None:
        """A human's own decision is taken by the person looking (calls and catches
        reveal nothing and may come from anyone on the couch)."""
        if (
            self.single
            or action.seat in self.phones
            or session.is_bot(action.seat)
            or type(action) in (CallUno, Catch, NextRound)
        ):
            return
        if action.seat != self.looker:
            self.leaks.append(
                Leak(self.frame, f"seat {action.seat} acted while {self.looker} was looking")
            )


def watch_app(
    app,
    screen: MatchScreen,
    monkeypatch,
    resumed: bool = False,
    phones: frozenset[int] = frozenset(),
) -> Watch:
    """Install a watch on `app`'s frame loop and on the session's actions."""
    watch = Watch(screen, resumed, phones=phones)
    if type(app.top).__name__ == "CurtainScene":
        # A curtain already up (a resumed match starts behind one).
        watch._curtain_for = app.top
        watch.curtains += 1
    real_frame = type(app).frame

    def frame(dt, events):
        watch.before_frame()
        real_frame(app, dt, events)
        watch.after_frame(app)

    monkeypatch.setattr(app, "frame", frame)
    real_apply = MatchSession.apply

    def apply(self, action):
        if self is screen.session:
            watch.acted(self, action)
        return real_apply(self, action)

    monkeypatch.setattr(MatchSession, "apply", apply)
    return watch
