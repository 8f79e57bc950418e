"""Checking a log by re-execution: the engine plays the match again.

The engine is deterministic, so a log needs no second implementation of the
rules to be checked. From the match's `game` event the same game starts
(`new_game` with its rules, seed, seats, names and target) and must write
exactly the log's first events. Then, step by step, some legal action —
of the seat to act, or of a seat that may act out of turn (an UNO call, a
catch, a jump-in) — must write exactly the log's next events; its result is
the next state. A log whose next event no legal action writes diverges: it
is refused at that line, with what the engine would have written there.

Several actions can write the same events: the two `red:7`s of a hand are
two cards, and which one left the hand decides the order of what is left.
That order shows in the log only where an event lists a hand (`reveal`,
`hands`, `discard`; `swap` moves a hand whole: `format.HAND_ORDER_EVENTS`),
so each reading is followed only while the log can still tell it from the
others: readings alike but for the order of a hand that is not shown again
this round are one, and for a hand a `reveal` shows next, only the order of
the cards it shows counts. Past `MAX_READINGS` at once, those whose hands
are most like the next hand shown are followed; a divergence then says how
many were set aside. An action that writes nothing (ending a play of
several cards before a choice) is followed too, at most `MAX_SILENT` in a
row.

Actions are filtered by the log's next event before any state is copied
(a play of `red:7` by seat 2 can only be seat 2 playing a `red:7`), so a
step costs about one `apply`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from game.engine import GameState, RuleSet, apply, new_game
from game.engine.events import Event
from game.engine.seen import hand_shown
from game.files.plain_text import printable
from game.log import actions, tables
from game.log.format import HAND_ORDER_EVENTS, ONE_HAND_EVENTS, LogError, MatchRefused, shown
from game.log.rulesets import RuleSets

MAX_READINGS = 256
MAX_SILENT = 4
LOOKAHEAD = 20_000  # events read ahead for a round's end; past it, every reading is kept
# Engine steps a match may cost: real logs take under 6 per event; a log
# crafted to keep many readings alive is refused past this.
WORK_PER_EVENT = 64
WORK_FLOOR = 100_000


class Divergence(MatchRefused):
    """The log says something the engine would not have written.

    `expected` lists what the engine would have written at that line (several
    events when several actions were open), `found` is the log's event."""

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        line: int | None = None,
        expected: tuple[Event, ...] = (),
        found: dict | None = None,
    ) -> None:
        super().__init__(reason, path=path, line=line)
        self.expected = expected
        self.found = found

    def at(self, path: str | None = None, line: int | None = None) -> Divergence:
        return Divergence(
            self.reason,
            path=self.path if path is None else path,
            line=self.line if line is None else line,
            expected=self.expected,
            found=self.found,
        )


class Incomplete(MatchRefused):
    """The log stops before its match ends (an interrupted game or simulation).
    Everything it holds re-executed exactly."""


@dataclass
class _Reading:
    """One way the log can have been played so far: the state after the
    events before `pos`."""

    state: GameState
    pos: int
    silent: int = 0


class Reexecution:
    """The re-execution of one match; iterate it for (line, event) pairs,
    each given only once the engine has written it.

    `events` is the match: (line, event) pairs, its `game` event first, as
    `Match.events()` gives them (any iterable; it is read as far as needed).
    `rules` is the rule set to play under; by default the `game` event's names
    are loaded (through `rule_sets`, which a caller checking many matches
    shares). Iterating raises `Divergence` at the first event that differs,
    `Incomplete` when the log stops before the match ends, `MatchRefused`
    when the match cannot be started (its rules do not load, say). A reading
    error of `events` passes through as it is, once the check reaches its
    line: the events before it are given first, however far ahead the check
    had read when it met the error."""

    def __init__(
        self,
        events: Iterable[tuple[int, dict]],
        *,
        rules: RuleSet | None = None,
        rule_sets: RuleSets | None = None,
        path: str | None = None,
    ) -> None:
        self._source = iter(events)  # read only here: its errors pass through
        self._rules = rules
        self._rule_sets = rule_sets
        self.path = path
        self._buffer: list[tuple[int, dict]] = []
        self._base = 0  # match index of _buffer[0]
        self._line_read: int | None = None  # the file's line of the last event read
        self._ended = False
        # A reading error met while reading ahead; raised when the check gets there.
        self._broken: LogError | None = None
        self._readings: list[_Reading] = []
        # Match indices, in the events read so far, of round ends and of events
        # that list a hand's cards in order (see `_shown_next`).
        self._round_ends: list[int] = []
        self._order_events: list[int] = []
        self._order_seats: list[int | None] = []  # whose hand shows (None: every hand)
        self.over = False  # the match re-executed to its game_end
        self.set_aside = 0  # readings of identical cards past MAX_READINGS, not followed
        self.most_readings = 1  # the most readings followed at once
        self._work = 0  # engine steps taken (see WORK_PER_EVENT)

    @property
    def state(self) -> GameState | None:
        """A state of the match after the events given so far (None before the start)."""
        if not self._readings:
            return None
        return min(self._readings, key=lambda reading: reading.pos).state

    # --- the log, as far as it has been read -------------------------------------

    def _event(self, index: int) -> tuple[int, dict] | None:
        while index - self._base >= len(self._buffer):
            if self._ended:
                return None
            try:
                item = next(self._source, None)
            except LogError as err:
                self._broken = err
                item = None
            if item is None:
                self._ended = True
                return None
            self._line_read = item[0]
            kind = item[1]["t"]
            if kind == "round_end":
                self._round_ends.append(self._base + len(self._buffer))
            elif kind in HAND_ORDER_EVENTS:
                self._order_events.append(self._base + len(self._buffer))
                self._order_seats.append(item[1]["p"] if kind in ONE_HAND_EVENTS else None)
            self._buffer.append(item)
        return self._buffer[index - self._base]

    def _shown_next(self, pos: int, seat: int) -> tuple[str, ...] | None | bool:
        """How the log next shows `seat`'s hand in order, from `pos` to the end
        of its round: False if it does not; the cards if a `reveal` shows the
        whole hand; True if anything else does (or the round is too long to
        look through)."""
        while bisect_left(self._round_ends, pos) == len(self._round_ends):
            end = self._base + len(self._buffer)
            if end - pos > LOOKAHEAD:
                return True
            if self._event(end) is None:
                break
        ends = self._round_ends
        at = bisect_left(ends, pos)
        end = ends[at] if at < len(ends) else self._base + len(self._buffer)
        shows = self._order_events
        for at in range(bisect_left(shows, pos), len(shows)):
            if shows[at] >= end:
                break
            shown = self._order_seats[at]
            if shown is None:
                return True
            if shown == seat:
                shown_hand = hand_shown(self._buffer[shows[at] - self._base][1])
                return True if shown_hand is None else tuple(shown_hand[2])
        return False

    def _release(self, upto: int) -> Iterator[tuple[int, dict]]:
        """Give the events before `upto`: every reading has explained them."""
        count = upto - self._base
        if count <= 0:
            return
        done = self._buffer[:count]
        del self._buffer[:count]
        self._base = upto
        yield from done

    def _last_line(self) -> int | None:
        return self._line_read

    # --- the check -----------------------------------------------------------------

    def __iter__(self) -> Iterator[tuple[int, dict]]:
        first = self._event(0)
        if first is None:
            self._raise_broken()
            raise MatchRefused("the match is empty", path=self.path)
        line, game = first
        if game.get("t") != "game":
            raise MatchRefused("a match starts with its 'game' event", path=self.path, line=line)
        state, written = self._start(line, game)
        try:
            self._compare(written, 0, single=True)
            self._readings = [_Reading(state, len(written))]
            while True:
                readings = self._readings
                pos = min(reading.pos for reading in readings)
                yield from self._release(pos)
                if any(
                    r.state.over and r.pos == pos and self._event(pos) is None for r in readings
                ):
                    self._raise_broken()  # the match ended, and a bad line follows
                    self._readings = [r for r in readings if r.state.over and r.pos == pos]
                    self.over = True
                    return
                self._step(pos)
        except Incomplete:
            # What the log holds is what the engine wrote, up to its last line.
            yield from self._release(self._base + len(self._buffer))
            self._raise_broken()  # it stops at a line it could not read
            raise

    def _raise_broken(self) -> None:
        if self._broken is not None:
            raise self._broken

    def _start(self, line: int, game: dict) -> tuple[GameState, list[Event]]:
        if self._rules is not None:
            rules = self._rules
        else:
            folder = Path(self.path).parent if self.path is not None else None
            sets = self._rule_sets or RuleSets(folder)
            try:
                rules = sets.get(game["rules"])
            except LogError as err:
                raise err.at(self.path, line) from None
        try:
            return new_game(
                rules,
                game["players"],
                game["seed"],
                list(game["names"]),
                target=game["target"],
            )
        except ValueError as err:
            raise MatchRefused(
                f"the engine cannot start this match: {printable(err, 200)}",
                path=self.path,
                line=line,
            ) from None

    def _compare(self, written: list[Event], pos: int, single: bool = False) -> int | None:
        """How many of `written` the log shows from `pos` before they differ
        (None: all of them). With `single`, a difference is raised at once."""
        for offset, event in enumerate(written):
            item = self._event(pos + offset)
            if item is None:
                if single:
                    self._incomplete()
                return offset
            if item[1] != event:
                if single:
                    raise self._divergence(pos + offset, (event,))
                return offset
        return None

    def _step(self, pos: int) -> None:
        """Advance every reading at `pos` by one action."""
        item = self._event(pos)
        later = [r for r in self._readings if r.pos != pos]
        here = [r for r in self._readings if r.pos == pos]
        found: list[_Reading] = []
        openings: list[Event] = []
        # The deepest point any action got to, and what it would have written there.
        deepest, short = pos, False
        expected: list[Event] = []
        reason = None
        for reading in here:
            state = reading.state
            if state.over:
                continue  # the log goes on after the match ended: refused below
            if item is None:
                short = True
                continue
            event = item[1]
            moves = [a for a in actions.moves(state) if actions.could_write(state, a, event)]
            if not moves and reason is None:
                reason = actions.why_refused(state, event)
                openings = actions.first_events(state)  # nothing fits: say what would have
            for index, action in enumerate(moves):
                # The last candidate may use the state itself; the others a copy.
                own = index == len(moves) - 1
                after, written = apply(state, action, in_place=own)
                self._spend(1, item[0])
                at = self._compare(written, pos)
                if at is None:
                    silent = reading.silent + 1 if not written else 0
                    if silent <= MAX_SILENT:
                        found.append(_Reading(after, pos + len(written), silent))
                elif self._event(pos + at) is None:
                    short = True
                else:
                    where = pos + at
                    if where > deepest or not expected:
                        deepest, expected = where, [written[at]]
                    elif where == deepest and written[at] not in expected:
                        expected.append(written[at])
        if not found and not later:
            if short:
                self._incomplete()  # what the log holds is a true start of the match
            if not expected and any(r.state.over for r in here):
                raise self._divergence(pos, (), "the match is over here: the engine writes no more")
            if not expected:
                deepest, expected = pos, openings
            raise self._divergence(deepest, tuple(expected), reason if deepest == pos else None)
        self._readings = later + self._narrowed(found, MAX_READINGS - len(later))
        self.most_readings = max(self.most_readings, len(self._readings))

    def _narrowed(self, found: list[_Reading], room: int) -> list[_Reading]:
        """The readings worth following: one per way the rest of the log can
        tell them apart. A hand's order counts only if the log shows it again
        this round, and then only for the cards it shows."""
        if len(found) < 2:
            return found
        kept: dict[tuple, _Reading] = {}
        shown: dict[tuple[int, int], tuple[str, ...] | None | bool] = {}
        for reading in found:
            state = reading.state
            hands = []
            for seat, hand in enumerate(tables.hands(state)):
                if (reading.pos, seat) not in shown:
                    shown[reading.pos, seat] = self._shown_next(reading.pos, seat)
                later = shown[reading.pos, seat]
                if later is True:
                    hands.append(hand)
                elif later:
                    cards = set(later)
                    hands.append((tuple(sorted(hand)), tuple(c for c in hand if c in cards)))
                else:
                    hands.append(tuple(sorted(hand)))
            key = (
                reading.pos,
                reading.silent,
                tables.situation(state),
                tables.piles(state),
                tuple(hands),
            )
            kept.setdefault(key, reading)
        readings = list(kept.values())
        if len(readings) > room:
            readings = self._likeliest(readings, shown, max(1, room))
        return readings

    def _likeliest(self, readings: list[_Reading], shown: dict, room: int) -> list[_Reading]:
        """Too many readings: keep those whose hands are most like the hands
        the log shows next (the others are set aside, and a divergence says so)."""

        def likeness(reading: _Reading) -> int:
            score = 0
            for seat, hand in enumerate(tables.hands(reading.state)):
                later = shown.get((reading.pos, seat))
                if isinstance(later, tuple):
                    self._spend(1 + len(hand) * len(later) // 256, self._last_line() or 0)
                    score += tables.common_run(hand, later)
            return -score

        self.set_aside += len(readings) - room
        return sorted(readings, key=likeness)[:room]

    def _spend(self, steps: int, line: int) -> None:
        self._work += steps
        if self._work > WORK_FLOOR + WORK_PER_EVENT * (self._base + len(self._buffer)):
            raise MatchRefused(
                f"checking this match costs more than {WORK_PER_EVENT} engine steps per event "
                "(identical cards read too many ways); it is refused as too costly",
                path=self.path,
                line=line,
            )

    def _incomplete(self) -> None:
        raise Incomplete(
            "the log stops before this match ends (it has no game_end)",
            path=self.path,
            line=self._last_line(),
        )

    def _divergence(
        self, index: int, expected: tuple[Event, ...], reason: str | None = None
    ) -> Divergence:
        item = self._event(index)
        if item is None:
            self._raise_broken()
            return Divergence(
                "the log stops before this match ends (it has no game_end)",
                path=self.path,
                line=self._last_line(),
                expected=expected,
            )
        line, found = item
        if expected:
            listed = ", or ".join(shown(e) for e in expected[:3])
            more = f" (or {len(expected) - 3} more)" if len(expected) > 3 else ""
            text = f"the engine would have written {listed}{more}"
        else:
            text = "the engine would have written nothing here"
        if reason:
            text += f" ({reason})"
        if self.set_aside:
            text += (
                f"; {self.set_aside} readings of identical cards were set aside, past the "
                f"{MAX_READINGS} the check follows at once"
            )
        return Divergence(
            f"{text}; the log has {shown(found)}",
            path=self.path,
            line=line,
            expected=expected,
            found=found,
        )


def reexecute(events: Iterable[dict], rules: RuleSet | None = None) -> GameState:
    """Re-execute one match given as its events (event n on line n + 1) and
    return the engine's final state; raises as iterating a `Reexecution` does."""
    check = Reexecution(enumerate(events, start=1), rules=rules)
    for _ in check:
        pass
    state = check.state
    assert state is not None, "a match that re-executed has a state"
    return state
