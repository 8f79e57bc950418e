"""Replay logs: writing and reading them, and rebuilding the table from one.

A replay log is JSON Lines: one event object per line, in the order things
happened (docs/replay-format.md describes every event). This module

* writes a log (`write_log`, `encode_event`) compactly and always the same
  way, so one game always gives the same bytes;
* reads a log (`read_log`), turning every problem with the file into a
  `LogError` that names the line;
* rebuilds the table from the events alone (`TableReplay`): every hand, the
  discard pile, the draw pile's size, colour, direction, scores, round,
  dealer, whose turn, who called UNO. It checks the log as it goes and
  raises a `LogError` naming the event when the log contradicts itself.

`TableReplay` never looks at an engine `GameState`. With the rule set the
log was played under (passed in, or loaded from the names in the `game`
event) it knows the deck and checks the rules too: what may be played and
drawn, how many cards a penalty costs, the points of a round. Without it,
it still tracks and checks every card it can see.

    replay = TableReplay()
    for event in read_log("game.jsonl"):
        replay.apply(event)
        table = replay.snapshot()   # a plain dict, ready for a screen
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "LogError",
    "TableReplay",
    "encode_event",
    "iter_snapshots",
    "read_log",
    "replay_events",
    "replay_file",
    "write_log",
]


class LogError(ValueError):
    """A log that cannot be read, or that contradicts itself.

    `line` is the 1-based line of the file (reading), `index` the 0-based
    position of the event in the log (replaying); either may be None."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        index: int | None = None,
        path: str | None = None,
        event: dict | None = None,
    ) -> None:
        self.reason = message
        self.line = line
        self.index = index
        self.path = path
        self.event = event
        where = []
        if path is not None:
            where.append(str(path))
        if line is not None:
            where.append(f"line {line}")
        if index is not None:
            kind = event.get("t") if isinstance(event, dict) else None
            where.append(f"event {index}" + (f" ({kind})" if isinstance(kind, str) else ""))
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


# --- writing and reading ----------------------------------------------------------


def encode_event(event: dict) -> str:
    """One event as its log line (without the newline): compact, keys in the
    order the engine wrote them, ASCII only."""
    try:
        return json.dumps(event, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as err:
        raise LogError(f"event cannot be written as JSON: {err}", event=event) from None


def write_log(path: str | os.PathLike[str], events: Iterable[dict]) -> None:
    """Write `events` to `path` as JSON Lines (one compact object per line)."""
    lines = []
    for index, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("t"), str):
            raise LogError("an event is an object with a string 't'", index=index)
        try:
            lines.append(encode_event(event) + "\n")
        except LogError as err:
            raise LogError(err.reason, index=index, event=event) from None
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.writelines(lines)


def read_log(path: str | os.PathLike[str]) -> list[dict]:
    """Read a log written by `write_log` (or the simulator's `--log`).

    Raises LogError with the line number for anything that is not one JSON
    object with a string `t` per line: a truncated last line, a blank line in
    the middle, bytes that are not UTF-8, an unreadable file."""
    shown = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise LogError(f"cannot read the log: {err.strerror or err}", path=shown) from None
    events: list[dict] = []
    if not raw:
        return events
    lines = raw.split(b"\n")
    complete = raw.endswith(b"\n")
    if complete:
        lines.pop()  # the empty string after the final newline
    for number, data in enumerate(lines, start=1):
        last = number == len(lines)
        if data.endswith(b"\r"):
            data = data[:-1]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise LogError(
                f"not UTF-8 text (byte {err.start + 1} of the line)", path=shown, line=number
            ) from None
        if not text.strip():
            raise LogError("blank line; every line must be one event", path=shown, line=number)
        try:
            event = json.loads(text)
        except json.JSONDecodeError as err:
            if last and not complete:
                message = f"the last line is cut short (the file is truncated): {err.msg}"
            else:
                message = f"not valid JSON: {err.msg} at column {err.colno}"
            raise LogError(message, path=shown, line=number) from None
        except RecursionError:
            raise LogError("JSON nested too deeply", path=shown, line=number) from None
        if not isinstance(event, dict):
            raise LogError(
                f"an event is a JSON object, not {type(event).__name__}",
                path=shown,
                line=number,
            )
        if not isinstance(event.get("t"), str):
            raise LogError("the event has no string field 't'", path=shown, line=number)
        events.append(event)
    return events


# --- the rules, as far as a replay needs them ---------------------------------------


_WILD = "wild"
_KNOWN_CONDITIONS = {
    "holds_color_in_force",
    "holds_match",
    "holds_other_playable",
    "players",
    "hand_size",
    "first_card",
}


def _effect_list(raw) -> list[tuple[str, dict]]:
    """`- name` / `- {name: {params}}` entries as (name, params) pairs."""
    found = []
    for entry in raw or []:
        if isinstance(entry, str):
            found.append((entry, {}))
        elif isinstance(entry, dict) and len(entry) == 1:
            ((name, params),) = entry.items()
            found.append((name, dict(params or {})))
    return found


@dataclass
class _Kind:
    name: str
    category: str
    wild: bool
    effects: list[tuple[str, dict]]
    first_card: list[tuple[str, dict]] | None
    play_only_if: dict | None
    refuse: bool
    stacks_on: list[str]


# The effects whose turn-flow consequences the replay follows. A rule set
# with any other effect, or with multi-card play, jump-in, a draft or teams,
# is replayed card by card without the turn-by-turn rule checks.
_MODELLED_EFFECTS = {
    "skip",
    "reverse",
    "play_again",
    "penalty",
    "draw",
    "choose_color",
    "choose_player",
}
_SCHEMES = {"winner_takes_points", "losers_score_own_hand", "rounds_won"}


class _Rules:
    """The facts of a rule set a replay needs, read from the rules model; the
    deck is built here again from the rules, not taken from the engine."""

    def __init__(self, ruleset) -> None:
        model = ruleset.model
        self.colors = list(model.colors)
        self.deck: Counter = Counter()
        self.points: dict[str, int] = {}
        self.kind_of: dict[str, _Kind] = {}
        self.effects_of: dict[str, list[tuple[str, dict]]] = {}
        self.kinds: dict[str, _Kind] = {}
        effect_names: set[str] = set()
        for name, kind in model.cards.items():
            first = kind.first_card
            spec = _Kind(
                name=name,
                category=kind.category,
                wild=kind.wild,
                effects=_effect_list(kind.effects),
                first_card=None if first == "return" else _effect_list(first),
                play_only_if=dict(kind.play_only_if) if kind.play_only_if else None,
                refuse=bool(kind.play_only_if) and kind.when_not_allowed == "refuse",
                stacks_on=list(kind.stacks_on),
            )
            self.kinds[name] = spec
            by_face = {
                face: _effect_list(listed)
                for face, listed in (getattr(kind, "face_effects", None) or {}).items()
            }
            for listed in [spec.effects, spec.first_card or [], *by_face.values()]:
                effect_names.update(effect for effect, _ in listed)
            colours = [_WILD] if kind.wild else self.colors
            if kind.category == "number":
                faces = [(str(f), kind.copies_of.get(f, kind.copies), f) for f in kind.faces or []]
            else:
                faces = [(name, kind.copies, None)]
            for colour in colours:
                for face, copies, value in faces:
                    card = f"{colour}:{face}"
                    if copies:
                        self.deck[card] += copies
                    self.points[card] = value if kind.points == "face" else kind.points
                    self.kind_of[card] = spec
                    self.effects_of[card] = by_face.get(value, spec.effects)
        self.size = sum(self.deck.values())
        self.hand_size = model.dealing.hand_size
        self.cut_for_dealer = model.dealing.cut_for_dealer
        self.dealer_moves = model.dealing.dealer_moves
        self.turn = model.turn
        self.challenge = model.challenge
        self.uno = model.uno
        self.round_end = model.round_end
        self.scoring = model.scoring
        # What this replay does not follow turn by turn (see _MODELLED_EFFECTS).
        self.unmodelled: list[str] = sorted(
            f"effect '{e}'" for e in effect_names - _MODELLED_EFFECTS
        )
        multi = getattr(model.turn, "multi_play", None)
        if multi is not None and multi.mode != "off":
            self.unmodelled.append("multi-card play")
        jump_in = getattr(model.turn, "jump_in", None)
        if jump_in is not None and jump_in.enabled:
            self.unmodelled.append("jump-in")
        if getattr(model.dealing, "mode", "deal") != "deal":
            self.unmodelled.append("a draft")
        if getattr(model, "teams", False):
            self.unmodelled.append("teams")
        if model.scoring.scheme not in _SCHEMES:
            self.unmodelled.append(f"scoring scheme '{model.scoring.scheme}'")
        self.modelled = not self.unmodelled


def _split(card: str) -> tuple[str, str]:
    colour, _, face = card.partition(":")
    return colour, face


# --- the replay -----------------------------------------------------------------------


@dataclass
class _Owed:
    """Cards owed by the next seat after a penalty card (Draw Two, Wild Draw Four)."""

    count: int | None  # None: the rules could not say how many
    target: int | None
    source: int
    challengeable: bool = False
    guilty: bool | None = None  # None: not known
    stacked: bool = False


@dataclass
class _Expect:
    """A draw the log owes next: after a catch, a challenge, a final penalty."""

    seat: int
    count: int | None
    why: str
    reason: str


@dataclass
class _Turn:
    seat: int
    acted: bool = False  # played or passed: the turn is used
    draws: int = 0  # ordinary (`turn`) draw events this turn
    drawn: list[str] = field(default_factory=list)  # cards those draws brought
    last_drawn_matched: bool = False


_SEAT_EVENTS = {
    "deal",
    "discard",
    "draft",
    "color",
    "turn",
    "play",
    "draw",
    "pass",
    "skip",
    "uno",
    "swap",
    "reveal",
    "chose",
    "eliminated",
    "catch",
    "challenge",
}
_DRAW_REASONS = {"turn", "penalty", "uno", "challenge", "effect"}
_KNOWN = {
    "game",
    "cut",
    "round",
    "deal",
    "draft",
    "start",
    "color",
    "turn",
    "play",
    "draw",
    "pass",
    "skip",
    "direction",
    "uno",
    "catch",
    "challenge",
    "reveal",
    "reshuffle",
    "swap",
    "hands",
    "chose",
    "discard",
    "round_end",
    "eliminated",
    "game_end",
}


class TableReplay:
    """The table rebuilt from a replay log, one event at a time.

    `rules`: the `RuleSet` the game was played under, or None to load it from
    the rule-set names in the `game` event (when that fails, or with
    `load_rules=False`, the replay goes on without the rules: no deck, so no
    draw-pile size, and no rule checks — only the cards it can see).

    `apply(event)` raises LogError (with the event's index) when the log
    contradicts itself; the replay is then left as it was before that event.
    """

    def __init__(self, rules=None, *, load_rules: bool = True) -> None:
        self._load = load_rules
        self.rules: _Rules | None = _Rules(rules) if rules is not None else None
        self.rules_note: str | None = None
        self.index = 0  # events applied so far
        self.started = False
        self.over = False
        self.players = 0
        self.names: list[str] = []
        self.seed = None
        self.rule_names: list = []
        self.target: int | None = None
        self.round = 0
        self.dealer: int | None = None
        self.cuts: list[dict[int, str]] = []
        self.hands: list[list[str]] = []
        self.discard: list[str] = []
        self.pile: Counter | None = None  # the draw pile, as far as known
        self.draft_discard: list[str] = []
        self.color: str | None = None
        self.direction = 1
        self.scores: list[int] = []
        self.eliminated: list[bool] = []
        self.uno_called: list[bool] = []
        self.uno_window: int | None = None
        # Whether another seat has acted since the window opened: the later
        # window (until_own_next_turn) closes only at a turn after that.
        self.window_passed = False
        self.phase = "setup"  # setup, deal, play, round_over, over
        self.turn: _Turn | None = None
        self.owed: _Owed | None = None
        self.expect: _Expect | None = None
        # The draw pile's cards when a reshuffle came before it was empty: the
        # next event must be the draw that takes all of them first.
        self.leftover: Counter | None = None
        self.top_by: int | None = None  # the seat that played the top card
        self.dealt: set[int] = set()
        self.round_winner: int | None = None
        self.winner: int | None = None
        self.last_points: dict[str, int] | None = None
        self.reveal: dict | None = None
        self.last_event: dict | None = None

    # --- the public face ---------------------------------------------------------

    def apply(self, event: dict) -> None:
        """Apply one event; raise LogError naming it if the log contradicts itself."""
        saved = self._save()
        try:
            self._apply(event)
        except LogError as err:
            self._restore(saved)
            raise LogError(err.reason, index=self.index, event=event) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            # A malformed field the checks below did not foresee: still the log's fault.
            self._restore(saved)
            raise LogError(
                f"malformed event ({type(err).__name__}: {err})", index=self.index, event=event
            ) from None
        self.last_event = event
        self.index += 1

    def apply_all(self, events: Iterable[dict]) -> TableReplay:
        for event in events:
            self.apply(event)
        return self

    @property
    def draw_pile(self) -> int | None:
        return None if self.pile is None else sum(self.pile.values())

    def snapshot(self) -> dict:
        """The table now, as a plain dict of JSON-ready values."""
        owed = self.owed
        return {
            "index": self.index,
            "phase": self.phase,
            "rules": list(self.rule_names),
            "rules_known": self.rules is not None,
            "rules_note": self.rules_note,
            "seed": self.seed,
            "players": self.players,
            "names": list(self.names),
            "target": self.target,
            "round": self.round,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "hand_sizes": [len(h) for h in self.hands],
            "discard": list(self.discard),
            "top": self.discard[-1] if self.discard else None,
            "top_by": self.top_by,
            "draw_pile": self.draw_pile,
            "deck_size": self.rules.size if self.rules else None,
            "color": self.color,
            "direction": self.direction,
            "scores": list(self.scores),
            "turn": None if self.turn is None else self.turn.seat,
            "uno": list(self.uno_called),
            "uno_window": self.uno_window,
            "eliminated": list(self.eliminated),
            "penalty": None
            if owed is None
            else {"count": owed.count, "target": owed.target, "source": owed.source},
            "reveal": None if self.reveal is None else dict(self.reveal),
            "round_winner": self.round_winner,
            "round_points": None if self.last_points is None else dict(self.last_points),
            "winner": self.winner,
            "over": self.over,
            "last_event": None if self.last_event is None else dict(self.last_event),
        }

    # --- saving for a clean failure ------------------------------------------------

    _SCALARS = [
        "started",
        "over",
        "players",
        "seed",
        "target",
        "round",
        "dealer",
        "color",
        "direction",
        "uno_window",
        "window_passed",
        "phase",
        "top_by",
        "round_winner",
        "winner",
        "rules",
        "rules_note",
    ]

    def _save(self):
        return (
            {name: getattr(self, name) for name in self._SCALARS},
            {
                "names": list(self.names),
                "rule_names": list(self.rule_names),
                "cuts": list(self.cuts),
                "hands": [list(h) for h in self.hands],
                "discard": list(self.discard),
                "pile": None if self.pile is None else Counter(self.pile),
                "draft_discard": list(self.draft_discard),
                "scores": list(self.scores),
                "eliminated": list(self.eliminated),
                "uno_called": list(self.uno_called),
                "turn": None
                if self.turn is None
                else _Turn(**{**vars(self.turn), "drawn": list(self.turn.drawn)}),
                "owed": None if self.owed is None else _Owed(**vars(self.owed)),
                "expect": self.expect,
                "leftover": self.leftover,
                "dealt": set(self.dealt),
                "last_points": self.last_points,
                "reveal": self.reveal,
            },
        )

    def _restore(self, saved) -> None:
        scalars, lists = saved
        for name, value in {**scalars, **lists}.items():
            setattr(self, name, value)

    # --- field checks --------------------------------------------------------------

    def _seat(self, event: dict, key: str = "p") -> int:
        seat = event.get(key)
        if type(seat) is not int:
            raise LogError(f"field '{key}' must be a seat number, not {seat!r}")
        if not 0 <= seat < self.players:
            raise LogError(f"seat {seat} does not exist ({self.players} players)")
        return seat

    def _active(self, event: dict, key: str = "p") -> int:
        seat = self._seat(event, key)
        if self.eliminated[seat]:
            raise LogError(f"seat {seat} was eliminated from the match")
        return seat

    def _card(self, card) -> str:
        if not isinstance(card, str) or ":" not in card:
            raise LogError(f"{card!r} is not a card (cards are written colour:face)")
        rules = self.rules
        if rules is not None and card not in rules.kind_of:
            raise LogError(f"{card} is not a card of these rules")
        return card

    def _cards(self, event: dict, key: str = "cards") -> list[str]:
        cards = event.get(key)
        if not isinstance(cards, list):
            raise LogError(f"field '{key}' must be a list of cards")
        return [self._card(c) for c in cards]

    def _colour(self, value, allow_none: bool = True) -> str | None:
        if value is None and allow_none:
            return None
        if not isinstance(value, str) or value == _WILD:
            raise LogError(f"{value!r} is not a colour")
        if self.rules is not None and value not in self.rules.colors:
            raise LogError(f"{value!r} is not a colour of these rules")
        return value

    # --- cards moving --------------------------------------------------------------

    def _take_from_pile(self, cards: list[str], what: str) -> None:
        pile = self.pile
        if pile is None:
            return
        wanted = Counter(cards)
        for card, count in wanted.items():
            if pile[card] < count:
                where = self._where_is(card)
                raise LogError(
                    f"{what} {card}, but no {card} is left in the draw pile "
                    f"(the deck's copies are {where})"
                )
        pile.subtract(wanted)
        for card in wanted:
            if pile[card] == 0:
                del pile[card]

    def _where_is(self, card: str) -> str:
        places = []
        for seat, hand in enumerate(self.hands):
            if card in hand:
                places.append(f"{hand.count(card)} in seat {seat}'s hand")
        if card in self.discard:
            places.append(f"{self.discard.count(card)} on the discard pile")
        if card in self.draft_discard:
            places.append(f"{self.draft_discard.count(card)} on the draft discard")
        return ", ".join(places) or "nowhere"

    def _remove_from_hand(self, seat: int, card: str, what: str) -> None:
        hand = self.hands[seat]
        if card not in hand:
            raise LogError(f"seat {seat} {what} {card} but does not hold it (hand: {hand})")
        hand.remove(card)

    def _nothing_to_draw(self) -> bool | None:
        """True when the draw pile and the discard under the top are both empty."""
        if self.pile is None:
            return None
        return not self.pile and len(self.discard) <= 1

    def _check_conservation(self) -> None:
        rules = self.rules
        if rules is None or self.pile is None:
            return
        seen = Counter(self.pile)
        for hand in self.hands:
            seen.update(hand)
        seen.update(self.discard)
        seen.update(self.draft_discard)
        if seen != rules.deck:
            extra = seen - rules.deck
            missing = rules.deck - seen
            raise LogError(f"cards are not conserved: extra {dict(extra)}, missing {dict(missing)}")

    # --- seats -----------------------------------------------------------------------

    def _next(self, seat: int, direction: int | None = None) -> int:
        step = self.direction if direction is None else direction
        nxt = (seat + step) % self.players
        for _ in range(self.players):
            if not self.eliminated[nxt]:
                return nxt
            nxt = (nxt + step) % self.players
        return seat

    def _active_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    # --- what the rules allow --------------------------------------------------------

    def _matches(self, card: str) -> bool:
        colour, face = _split(card)
        if colour == _WILD:
            return True
        if not self.discard:
            return False
        return colour == self.color or face == _split(self.discard[-1])[1]

    def _condition(self, name: str, seat: int, card: str | None, first_card: bool = False):
        """A named condition's value for `seat` (about to play `card`); None if unknown."""
        hand = list(self.hands[seat])
        if card is not None and card in hand:
            hand.remove(card)
        if name == "players":
            return len(self._active_seats())
        if name == "hand_size":
            return len(hand)
        if name == "first_card":
            return first_card
        if name == "holds_color_in_force":
            return any(_split(c)[0] == self.color for c in hand)
        top_face = _split(self.discard[-1])[1] if self.discard else None
        if name == "holds_match":
            return any(
                _split(c)[0] != _WILD and (_split(c)[0] == self.color or _split(c)[1] == top_face)
                for c in hand
            )
        if name == "holds_other_playable" and self.rules is not None:
            return any(self._matches(c) and not self.rules.kind_of[c].play_only_if for c in hand)
        return None

    def _conditions_hold(self, conditions: dict | None, seat: int, card: str | None, **kw):
        """True / False, or None when some condition is unknown."""
        if not conditions:
            return True
        result = True
        for name, want in conditions.items():
            value = self._condition(name, seat, card, **kw)
            if value is None:
                return None
            if value != want:
                result = False
        return result

    def _playable(self, seat: int, card: str) -> bool | None:
        """Whether the rules would let `seat` play `card` now (None: cannot tell)."""
        rules = self.rules
        if rules is None:
            return None
        if not self._matches(card):
            return False
        kind = rules.kind_of[card]
        if kind.refuse:
            allowed = self._conditions_hold(kind.play_only_if, seat, card)
            if allowed is None:
                return None
            if not allowed:
                return False
        last_card = len(self.hands[seat]) == 1
        forbidden = rules.round_end.finish_on_action_card == "forbidden"
        return not (last_card and forbidden and kind.category != "number")

    def _penalty_of(self, effects, seat: int, going_out: bool, first: bool):
        """Walk a card's effects: the cards it makes the next seat owe and at whom,
        (count, target, challengeable), or None if it owes nothing; count None when
        the rules cannot be read from the log."""
        direction = self.direction
        total = 0
        target = None
        challengeable = False
        found = False
        for name, params in effects:
            params = dict(params)
            when = params.pop("when", None)
            holds = self._conditions_hold(when, seat, None, first_card=first)
            if holds is None:
                if name in ("penalty", "reverse"):
                    return (None, None, False)
                continue
            if not holds:
                continue
            if name == "reverse" and not going_out:
                direction = -direction
            elif name == "penalty":
                found = True
                total += params.get("count", 0)
                target = self._next(seat, direction)
                challengeable = bool(params.get("challengeable", False))
        return (total, target, challengeable) if found else None

    # --- the events ---------------------------------------------------------------------

    def _apply(self, event: dict) -> None:
        if not isinstance(event, dict):
            raise LogError(f"an event is an object, not {type(event).__name__}")
        kind = event.get("t")
        if not isinstance(kind, str):
            raise LogError("the event has no string field 't'")
        if kind not in _KNOWN:
            # The format welcomes more events; one this replay does not know is
            # passed over (if it moved cards, the next check that sees them says so).
            return
        if kind == "game":
            self._game(event)
            return
        if not self.started:
            raise LogError("the log must begin with a 'game' event")
        if self.over:
            raise LogError("an event after 'game_end'")
        if kind in _SEAT_EVENTS:
            self._seat(event)
        if self.leftover is not None:
            self._check_leftover(event)
        if self.expect is not None and not self._meets_expectation(event):
            expect = self.expect
            if self._nothing_to_draw():
                self.expect = None  # nothing was left to draw: owed cards vanish
            else:
                raise LogError(
                    f"{expect.reason}: seat {expect.seat} should draw "
                    f"{expect.count} card(s) (why '{expect.why}') first"
                )
        getattr(self, f"_on_{kind}")(event)

    def _check_leftover(self, event: dict) -> None:
        leftover = self.leftover
        self.leftover = None
        count = sum(leftover.values())
        cards = event.get("cards") if event["t"] == "draw" else None
        if not isinstance(cards, list) or len(cards) <= count:
            raise LogError(
                f"the last reshuffle came with {count} card(s) still in the draw pile, "
                "and no draw emptied it"
            )
        if Counter(cards[:count]) != leftover:
            raise LogError(
                f"the draw across the reshuffle must first take the {count} card(s) left "
                f"in the old pile ({sorted(leftover.elements())}), not {cards[:count]}"
            )

    def _meets_expectation(self, event: dict) -> bool:
        kind = event["t"]
        if kind in ("reshuffle", "reveal"):
            return True
        return kind == "draw"

    def _game(self, event: dict) -> None:
        if self.started:
            raise LogError("a second 'game' event; a log holds one match")
        players = event.get("players")
        if type(players) is not int or players < 1:
            raise LogError(f"'players' must be a positive count, not {players!r}")
        names = event.get("names")
        if not isinstance(names, list) or len(names) != players:
            raise LogError("'names' must list one name per seat")
        target = event.get("target")
        if target is not None and type(target) is not int:
            raise LogError(f"'target' must be a number or null, not {target!r}")
        rule_names = event.get("rules")
        if not isinstance(rule_names, list):
            raise LogError("'rules' must be a list of rule-set names")
        self.started = True
        self.players = players
        self.names = list(names)
        self.seed = event.get("seed")
        self.rule_names = list(rule_names)
        self.target = target
        self.scores = [0] * players
        self.eliminated = [False] * players
        self.uno_called = [False] * players
        self.hands = [[] for _ in range(players)]
        if self.rules is None and self._load:
            self._load_rules(rule_names)

    def _load_rules(self, rule_names: list) -> None:
        try:
            from game.rules.errors import RuleFileError
            from game.rules.loader import load_rules

            if not rule_names or not all(isinstance(n, str) for n in rule_names):
                self.rules_note = "the log names no rule set"
                return
            try:
                self.rules = _Rules(load_rules(rule_names))
            except RuleFileError as err:
                first = err.errors[0] if err.errors else "unknown problem"
                self.rules_note = f"rules {rule_names} could not be loaded: {first}"
        except ImportError as err:  # pragma: no cover - a stripped-down install
            self.rules_note = f"no rules loader: {err}"

    def _on_cut(self, event: dict) -> None:
        if self.phase != "setup" or self.round:
            raise LogError("a cut for the dealer after the first round began")
        cards = event.get("cards")
        if not isinstance(cards, dict) or not cards:
            raise LogError("'cards' must map seats to the card each cut")
        cut: dict[int, str] = {}
        for key, card in cards.items():
            if not isinstance(key, str) or not key.isdigit() or int(key) >= self.players:
                raise LogError(f"{key!r} is not a seat")
            cut[int(key)] = self._card(card)
        if self.cuts:
            tied = _cut_leaders(self.cuts[-1])
            if len(tied) < 2:
                raise LogError("a cut again, but the last cut had a single highest card")
            if set(cut) != set(tied):
                raise LogError(
                    f"only the seats tied for the highest cut ({sorted(tied)}) cut again"
                )
        elif set(cut) != set(self._active_seats()):
            raise LogError("every seat cuts for the dealer")
        self.cuts.append(cut)

    @property
    def strict(self) -> bool:
        """Whether the turn-by-turn rules are checked too (rules known and modelled)."""
        return self.rules is not None and self.rules.modelled

    def _on_round(self, event: dict) -> None:
        n = event.get("n")
        if n != self.round + 1:
            raise LogError(f"round {n!r} follows round {self.round}")
        if self.phase not in ("setup", "round_over"):
            raise LogError("a new round before the last one ended")
        dealer = self._active(event, "dealer")
        rules = self.rules
        if self.round == 0:
            if self.cuts:
                leaders = _cut_leaders(self.cuts[-1])
                if len(leaders) != 1:
                    raise LogError("the cut for the dealer is still tied")
                if dealer != leaders[0]:
                    raise LogError(f"seat {leaders[0]} cut highest, but seat {dealer} deals")
            elif rules is not None and rules.cut_for_dealer:
                raise LogError("these rules cut for the dealer, but the log has no 'cut'")
        elif self.strict:
            expected = self._next_dealer(rules.dealer_moves)
            if dealer != expected:
                raise LogError(f"the deal passes to seat {expected}, not seat {dealer}")
        self.round = n
        self.dealer = dealer
        self.phase = "deal"
        self.hands = [[] for _ in range(self.players)]
        self.discard = []
        self.draft_discard = []
        self.pile = Counter(rules.deck) if rules is not None else None
        self.color = None
        self.direction = 1
        self.uno_called = [False] * self.players
        self.uno_window = None
        self.turn = None
        self.owed = None
        self.expect = None
        self.leftover = None
        self.top_by = None
        self.dealt = set()
        self.round_winner = None
        self.last_points = None
        self.reveal = None

    def _next_dealer(self, moves: str) -> int:
        dealer = self.dealer
        if moves != "stays" or self.eliminated[dealer]:
            return self._next(dealer, -1 if moves == "right" else 1)
        return dealer

    def _on_deal(self, event: dict) -> None:
        if self.phase != "deal":
            raise LogError("cards dealt outside the deal of a round")
        seat = self._active(event)
        if seat in self.dealt:
            raise LogError(f"seat {seat} was dealt twice this round")
        cards = self._cards(event)
        rules = self.rules
        if rules is not None and len(cards) != rules.hand_size:
            raise LogError(f"a hand is {rules.hand_size} cards, but seat {seat} got {len(cards)}")
        self._take_from_pile(cards, f"seat {seat} was dealt")
        self.dealt.add(seat)
        self.hands[seat].extend(cards)

    def _on_draft(self, event: dict) -> None:
        if self.phase != "deal":
            raise LogError("a draft outside the deal of a round")
        seat = self._active(event)
        card = self._card(event.get("card"))
        kept = event.get("kept")
        if not isinstance(kept, bool):
            raise LogError("'kept' must be true or false")
        self._take_from_pile([card], f"seat {seat} drafted")
        self.dealt.add(seat)
        if kept:
            self.hands[seat].append(card)
        else:
            self.draft_discard.append(card)

    def _on_start(self, event: dict) -> None:
        if self.phase != "deal":
            raise LogError("a first card outside the start of a round")
        missing = [s for s in self._active_seats() if s not in self.dealt]
        if missing:
            raise LogError(f"the round starts before seats {missing} got their cards")
        card = self._card(event.get("card"))
        colour = self._colour(event.get("color"))
        own = _split(card)[0]
        if colour != (None if own == _WILD else own):
            raise LogError(f"the first card {card} does not put {colour!r} in force")
        direction = event.get("direction")
        if direction not in (1, -1) or type(direction) is not int:
            raise LogError(f"'direction' is 1 or -1, not {direction!r}")
        first = self._active(event, "first")
        rules = self.rules
        if self.strict:
            if direction != 1:
                raise LogError("play starts clockwise (direction 1)")
            if first != self._next(self.dealer):
                raise LogError(f"seat {self._next(self.dealer)} is left of the dealer, not {first}")
        if rules is not None and rules.kind_of[card].first_card is None:
            raise LogError(f"{card} goes back into the deck as a first card; it cannot stay")
        if self.pile is not None:
            # The draft discard goes face down under the draw pile.
            self.pile.update(self.draft_discard)
        self.draft_discard = []
        self._take_from_pile([card], "the first card is")
        self.discard = [card]
        self.color = colour
        self.direction = direction
        self.top_by = self.dealer
        self.phase = "play"
        self.turn = None
        if self.strict:
            effects = rules.kind_of[card].first_card or []
            self._owe(effects, self.dealer, going_out=False, first=True)

    def _owe(self, effects, seat: int, going_out: bool, first: bool, allowed=True) -> None:
        """After a card's effects: the cards the next seat now owes (strict replays)."""
        found = self._penalty_of(effects, seat, going_out, first)
        if found is None:
            return
        count, target, challengeable = found
        owed = self.owed
        if going_out:
            if self.rules.round_end.final_penalty_drawn and target is not None:
                extra = owed.count if owed is not None else 0
                total = None if count is None or extra is None else count + extra
                self.expect = _Expect(target, total, "penalty", "the last card is a penalty")
            self.owed = None
            return
        if owed is not None:
            owed.count = None if count is None or owed.count is None else owed.count + count
            owed.target = target
            owed.source = seat
            owed.stacked = True
            owed.challengeable = challengeable
            owed.guilty = None if allowed is None else not allowed
            return
        self.owed = _Owed(
            count=count,
            target=target,
            source=seat,
            challengeable=challengeable,
            guilty=None if allowed is None else not allowed,
        )

    def _on_color(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        self.color = self._colour(event.get("color"), allow_none=False)
        self._acts(seat)

    def _on_chose(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        chosen = event.get("player")
        if type(chosen) is not int or not 0 <= chosen < self.players or chosen == seat:
            raise LogError(f"seat {seat} cannot choose {chosen!r}")
        self._acts(seat)

    def _need_play_phase(self) -> None:
        if self.phase != "play":
            raise LogError("this happens only while a round is being played")

    def _acts(self, seat: int) -> None:
        """A seat took a turn action: an open catch window for another seat
        closes, when the rules keep it open only until the next player acts."""
        window = self.uno_window
        if window is None or window == seat:
            return
        rules = self.rules
        if rules is None or rules.uno.catch_window == "until_next_player_acts":
            self.uno_window = None
        else:
            self.window_passed = True  # the later window may now close

    def _open_window(self, seat: int) -> None:
        self.uno_window = seat
        self.window_passed = False

    def _turn_began(self, seat: int) -> None:
        """A seat's turn began: shown by its `turn`, or by the cards it owed
        being drawn (and its turn lost) with no `turn` of its own."""
        window = self.uno_window
        if window is None:
            return
        if (
            window == seat
            and self.window_passed
            and (self.rules is None or self.rules.uno.catch_window == "until_own_next_turn")
        ):
            self.uno_window = None  # safe once the forgetful seat's next turn comes

    def _on_turn(self, event: dict) -> None:
        seat = self._active(event)
        if self.phase == "deal" and not self.strict:
            self.turn = _Turn(seat)  # a draft decision
            return
        self._need_play_phase()
        self._turn_began(seat)
        self.turn = _Turn(seat)

    def _in_turn(self, seat: int, what: str) -> _Turn:
        """The turn `seat` acts in; strict replays insist it is that seat's turn."""
        turn = self.turn
        if turn is None or turn.seat != seat:
            if self.strict:
                whose = "nobody's" if turn is None else f"seat {turn.seat}'s"
                raise LogError(f"seat {seat} {what}, but it is {whose} turn")
            turn = self.turn = _Turn(seat)  # out of turn (jump-in), or no rules to say
        return turn

    def _on_play(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        card = self._card(event.get("card"))
        colour = self._colour(event.get("color"))
        own = _split(card)[0]
        if own != _WILD and colour != own:
            raise LogError(f"{card} puts {own} in force, not {colour!r}")
        if card not in self.hands[seat]:
            raise LogError(
                f"seat {seat} plays {card} but does not hold it (hand: {self.hands[seat]})"
            )
        turn = self._in_turn(seat, f"plays {card}")
        strict = self.strict
        rules = self.rules
        allowed = True
        if strict:
            if turn.acted:
                raise LogError(f"seat {seat} plays {card} after its turn was used")
            owed = self.owed
            if owed is not None and owed.target == seat:
                top_kind = rules.kind_of[self.discard[-1]].name
                if top_kind not in rules.kind_of[card].stacks_on:
                    raise LogError(
                        f"seat {seat} owes {owed.count} cards; only a card that stacks "
                        f"on {self.discard[-1]} may answer, not {card}"
                    )
            else:
                self._check_play_rules(seat, card, turn)
            allowed = self._conditions_hold(rules.kind_of[card].play_only_if, seat, card)
        self._acts(seat)
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.color = colour
        self.top_by = seat
        turn.acted = True
        self.reveal = None
        going_out = not self.hands[seat]
        if len(self.hands[seat]) == 1 and not self.uno_called[seat]:
            self._open_window(seat)
        if strict:
            self._owe(rules.effects_of[card], seat, going_out, False, allowed)

    def _check_play_rules(self, seat: int, card: str, turn: _Turn) -> None:
        rules = self.rules
        if turn.draws:
            mode = rules.turn.play_drawn
            if mode == "none":
                raise LogError(f"seat {seat} drew, and these rules let no card be played after")
            if mode == "drawn_only" and card not in turn.drawn:
                raise LogError(
                    f"seat {seat} drew {turn.drawn}; only a drawn card may be played, not {card}"
                )
        if not self._matches(card):
            raise LogError(
                f"{card} matches neither the colour in force ({self.color}) "
                f"nor the top card {self.discard[-1]}"
            )
        if self._playable(seat, card) is False:
            kind = rules.kind_of[card]
            if len(self.hands[seat]) == 1 and kind.category != "number":
                raise LogError(f"the last card may not be an action card ({card})")
            raise LogError(f"{card} may be played only if {kind.play_only_if}")

    def _has_playable(self, seat: int) -> bool | None:
        """Does the seat hold a card it may play? None when the rules cannot tell."""
        if self.rules is None:
            return None
        unknown = False
        for card in set(self.hands[seat]):
            playable = self._playable(seat, card)
            if playable:
                return True
            if playable is None:
                unknown = True
        return None if unknown else False

    def _on_draw(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        cards = self._cards(event)
        why = event.get("why")
        if not isinstance(why, str) or why not in _DRAW_REASONS:
            raise LogError(f"'why' must be one of {sorted(_DRAW_REASONS)}, not {why!r}")
        if not cards:
            raise LogError("a draw of no cards")
        strict = self.strict
        expect = self.expect
        owed = self.owed
        if expect is not None:
            if (seat, why) != (expect.seat, expect.why):
                raise LogError(
                    f"{expect.reason}: seat {expect.seat} should draw (why '{expect.why}'), "
                    f"not seat {seat} (why '{why}')"
                )
            self._take_from_pile(cards, f"seat {seat} drew")
            self._check_count(len(cards), expect.count, expect.reason)
            self.expect = None
        elif why == "turn":
            turn = self._in_turn(seat, "draws")
            if strict:
                if turn.acted:
                    raise LogError(f"seat {seat} draws after its turn was used")
                if owed is not None and owed.target == seat:
                    raise LogError(f"seat {seat} owes {owed.count} cards and draws for its turn")
                self._check_turn_draw(seat, turn, len(cards))
            self._acts(seat)
            self._take_from_pile(cards, f"seat {seat} drew")
            turn.draws += 1
            turn.drawn.extend(cards)
            self.hands[seat].extend(cards)
            turn.last_drawn_matched = self._matches(cards[-1])
            self._drew(seat)
            return
        elif why == "penalty" and strict:
            if owed is None:
                raise LogError(f"seat {seat} draws a penalty that nobody owes")
            if owed.target is not None and owed.target != seat:
                raise LogError(f"seat {owed.target} owes the penalty, not seat {seat}")
            if self.turn is not None and self.turn.seat == seat:
                self._acts(seat)  # answered its own penalty turn: accepting
            else:
                self._turn_began(seat)  # it had nothing to answer with
            self._take_from_pile(cards, f"seat {seat} drew")
            self._check_count(len(cards), owed.count, "the penalty")
            self.owed = None
        elif why in ("uno", "challenge") and strict:
            raise LogError(f"a draw for '{why}' with no catch or challenge before it")
        else:
            if self.turn is not None and self.turn.seat == seat:
                self._acts(seat)
            self._take_from_pile(cards, f"seat {seat} drew")
        self.hands[seat].extend(cards)
        self._drew(seat)

    def _drew(self, seat: int) -> None:
        self.uno_called[seat] = False
        if self.uno_window == seat:
            self.uno_window = None

    def _check_count(self, got: int, due: int | None, what: str) -> None:
        if due is None or got == due:
            return
        if got < due and self._nothing_to_draw():
            return  # the pile ran out
        raise LogError(f"{what} is {due} card(s), but {got} were drawn")

    def _check_turn_draw(self, seat: int, turn: _Turn, count: int) -> None:
        rules = self.rules
        draw = rules.turn.draw
        if turn.draws == 0:
            if not rules.turn.draw_when_playable and self._has_playable(seat):
                raise LogError(
                    f"seat {seat} draws while holding a card it may play "
                    f"(hand: {self.hands[seat]}, top {self.discard[-1]}, colour {self.color})"
                )
        elif draw.mode == "one":
            raise LogError(f"seat {seat} draws a second time in one turn")
        elif draw.mode == "until_playable" and turn.last_drawn_matched:
            raise LogError(f"seat {seat} goes on drawing after drawing a playable card")
        if draw.mode == "until_playable":
            if count != 1:
                raise LogError("drawing until playable takes one card at a time")
        elif count > draw.count:
            raise LogError(f"a draw is {draw.count} card(s), not {count}")
        elif count < draw.count and self.pile is not None:
            # Fewer only when the pile (and the discard under the top) ran out.
            available = sum(self.pile.values()) + max(0, len(self.discard) - 1)
            if available >= draw.count:
                raise LogError(f"a draw is {draw.count} card(s), not {count}")
        cap = draw.cap
        if cap is not None:
            # until_playable stops at the cap; unlimited may start a draw below it.
            if draw.mode == "until_playable" and len(turn.drawn) + count > cap:
                raise LogError(f"seat {seat} draws more than the cap of {cap} in one turn")
            if draw.mode == "unlimited" and turn.draws and len(turn.drawn) >= cap:
                raise LogError(f"seat {seat} draws again after reaching the cap of {cap}")

    def _on_pass(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        turn = self._in_turn(seat, "passes")
        if self.strict:
            if turn.acted:
                raise LogError(f"seat {seat} passes after its turn was used")
            owed = self.owed
            if owed is not None and owed.target == seat:
                raise LogError(f"seat {seat} owes {owed.count} cards; it cannot just pass")
            if turn.draws == 0:
                if self._nothing_to_draw() is False:
                    raise LogError(f"seat {seat} passes without drawing, with cards left to draw")
                if not self.rules.turn.draw_when_playable and self._has_playable(seat):
                    raise LogError(f"seat {seat} passes while holding a card it may play")
        self._acts(seat)
        turn.acted = True

    def _on_skip(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        owed = self.owed
        if owed is not None and owed.target == seat:
            # The penalty was taken but nothing was left to draw.
            if self._nothing_to_draw() is False:
                raise LogError(f"seat {seat} owes {owed.count} cards and is skipped without them")
            self.owed = None
            if self.turn is None or self.turn.seat != seat:
                self._turn_began(seat)
        if self.turn is not None and self.turn.seat == seat:
            self._acts(seat)  # it accepted a penalty (or lost a challenge)
            self.turn.acted = True

    def _on_direction(self, event: dict) -> None:
        self._need_play_phase()
        direction = event.get("direction")
        if direction not in (1, -1) or type(direction) is not int:
            raise LogError(f"'direction' is 1 or -1, not {direction!r}")
        if direction == self.direction:
            raise LogError(f"the direction 'changes' to the one already in force ({direction})")
        self.direction = direction

    def _on_uno(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        if self.strict:
            size = len(self.hands[seat])
            if self.uno_called[seat]:
                raise LogError(f"seat {seat} already called UNO")
            if size == 2:
                self._in_turn(seat, "calls UNO before its second-to-last card")
            elif size == 1:
                if self.uno_window != seat:
                    raise LogError(f"seat {seat} calls UNO too late: the catch window is closed")
            else:
                raise LogError(f"seat {seat} calls UNO holding {size} cards")
        self.uno_called[seat] = True
        if self.uno_window == seat:
            self.uno_window = None

    def _on_catch(self, event: dict) -> None:
        self._need_play_phase()
        by = self._active(event, "by")
        seat = self._active(event)
        if by == seat:
            raise LogError(f"seat {seat} catches itself")
        if self.strict:
            if len(self.hands[seat]) != 1 or self.uno_called[seat]:
                raise LogError(f"seat {seat} is caught but does not hold one card without UNO")
            if self.uno_window != seat:
                raise LogError(f"seat {by} catches seat {seat} after the catch window closed")
            if self.rules.uno.penalty > 0:
                self.expect = _Expect(seat, self.rules.uno.penalty, "uno", "a caught seat draws")
        self.uno_window = None

    def _on_challenge(self, event: dict) -> None:
        self._need_play_phase()
        by = self._active(event, "by")
        seat = self._active(event)
        guilty = event.get("guilty")
        if not isinstance(guilty, bool):
            raise LogError("'guilty' must be true or false")
        self._in_turn(by, "challenges")
        self._acts(by)
        if not self.strict:
            self.owed = None
            return
        owed = self.owed
        rules = self.rules
        if owed is None:
            raise LogError(f"seat {by} challenges, but no penalty is owed")
        if owed.target is not None and owed.target != by:
            raise LogError(f"seat {by} challenges a penalty aimed at seat {owed.target}")
        if owed.source != seat:
            raise LogError(f"the penalty came from seat {owed.source}, not seat {seat}")
        if not (owed.challengeable and rules.challenge.enabled):
            raise LogError("this penalty cannot be challenged")
        if owed.stacked and not rules.challenge.when_stacked:
            raise LogError("these rules allow no challenge of a stacked penalty")
        if owed.guilty is not None and owed.guilty != guilty:
            word = "illegal" if owed.guilty else "legal"
            raise LogError(f"the challenged play was {word}, but 'guilty' is {guilty}")
        self.owed = None
        if owed.count is not None:
            if guilty:
                self.expect = _Expect(seat, owed.count, "challenge", "a guilty seat draws")
            else:
                due = owed.count + rules.challenge.extra_if_innocent
                self.expect = _Expect(by, due, "challenge", "a lost challenge costs cards")

    def _on_reveal(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        to = self._seat(event, "to")
        cards = self._cards(event)
        if Counter(cards) != Counter(self.hands[seat]):
            raise LogError(f"seat {seat} shows {cards}, but holds {self.hands[seat]}")
        self.reveal = {"p": seat, "to": to, "cards": list(cards)}

    def _on_reshuffle(self, event: dict) -> None:
        self._need_play_phase()
        count = event.get("cards")
        if type(count) is not int or count < 1:
            raise LogError(f"'cards' is the count of cards moved, not {count!r}")
        if count != len(self.discard) - 1:
            raise LogError(
                f"{count} cards moved, but {len(self.discard) - 1} lie under the top discard"
            )
        moved = self.discard[:-1]
        del self.discard[:-1]
        if self.pile is not None:
            if self.pile:
                # A draw ran the pile out part-way: the engine writes the reshuffle
                # first, then the whole draw, whose first cards are the old pile's.
                self.leftover = Counter(self.pile)
            self.pile.update(moved)

    def _on_swap(self, event: dict) -> None:
        self._need_play_phase()
        seat = self._active(event)
        other = self._active(event, "with")
        if other == seat:
            raise LogError(f"seat {seat} swaps hands with itself")
        self.hands[seat], self.hands[other] = self.hands[other], self.hands[seat]
        for swapped in (seat, other):
            self.uno_called[swapped] = False
            if self.uno_window == swapped:
                self.uno_window = None

    def _on_hands(self, event: dict) -> None:
        self._need_play_phase()
        hands = event.get("hands")
        if not isinstance(hands, list) or len(hands) != self.players:
            raise LogError("'hands' lists one hand per seat")
        new = [[self._card(c) for c in hand] for hand in hands]
        before = Counter(c for hand in self.hands for c in hand)
        after = Counter(c for hand in new for c in hand)
        discard = event.get("discard")
        if discard is not None:
            discard = self._cards(event, "discard")
            if not discard or discard != self.discard[-len(discard) :]:
                raise LogError("the discard pile after the new hands is not the old one's top")
        if after != before or discard is not None:
            # The hands were gathered with the discard (all but the top) and the
            # draw pile, and dealt again: only those cards may come back.
            if self.pile is not None:
                pool = before + self.pile + Counter(self.discard[:-1])
                if after - pool:
                    raise LogError(
                        f"the new hands hold cards that were not there: {dict(after - pool)}"
                    )
                self.pile = pool - after
            self.discard = discard if discard is not None else self.discard[-1:]
        self.hands = new
        self.uno_called = [False] * self.players
        self.uno_window = None

    def _on_discard(self, event: dict) -> None:
        """A seat put cards from its hand under the top discard (an effect)."""
        self._need_play_phase()
        seat = self._active(event)
        cards = self._cards(event)
        for card in cards:
            self._remove_from_hand(seat, card, "discards")
        self.discard[-1:-1] = cards
        if len(self.hands[seat]) == 1 and not self.uno_called[seat]:
            self._open_window(seat)

    def _on_round_end(self, event: dict) -> None:
        self._need_play_phase()
        winner = self._active(event, "winner")
        points = event.get("points")
        scores = event.get("scores")
        blocked = bool(event.get("blocked", False))
        if not isinstance(points, dict) or set(points) != {str(s) for s in range(self.players)}:
            raise LogError("'points' must give every seat's points, keyed by seat")
        if any(type(v) is not int for v in points.values()):
            raise LogError("round points are whole numbers")
        if not isinstance(scores, list) or len(scores) != self.players:
            raise LogError("'scores' lists one total per seat")
        expected = [self.scores[s] + points[str(s)] for s in range(self.players)]
        if scores != expected:
            raise LogError(
                f"the scores {scores} are not the totals before the round "
                f"{self.scores} plus its points {points}"
            )
        if not blocked and self.hands[winner]:
            raise LogError(f"seat {winner} wins the round holding {self.hands[winner]}")
        self.owed = None  # a penalty still owed when the round ends is dropped
        if self.strict:
            self._check_points(winner, points, blocked)
        self._check_conservation()
        self.scores = list(scores)
        self.round_winner = winner
        self.last_points = dict(points)
        self.phase = "round_over"
        self.turn = None
        self.uno_window = None

    def _hand_points(self, seat: int) -> int:
        return sum(self.rules.points[c] for c in self.hands[seat])

    def _check_points(self, winner: int, points: dict, blocked: bool) -> None:
        rules = self.rules
        active = self._active_seats()
        if blocked:
            lowest = min(active, key=lambda s: (self._hand_points(s), s))
            if winner != lowest:
                raise LogError(f"a blocked round goes to the lowest hand (seat {lowest})")
        scheme = rules.scoring.scheme
        due = [0] * self.players
        # With teams, partners sit opposite and share what either wins.
        team = (
            (winner, (winner + self.players // 2) % self.players)
            if rules.scoring.teams
            else (winner,)
        )
        if scheme == "winner_takes_points":
            won = sum(self._hand_points(s) for s in active if s not in team)
            for seat in team:
                due[seat] = won
        elif scheme == "losers_score_own_hand":
            for seat in active:
                if seat != winner:
                    due[seat] = self._hand_points(seat)
        elif scheme == "rounds_won":
            for seat in team:
                due[seat] = 1
        else:
            return  # a scheme this replay does not know
        got = [points[str(s)] for s in range(self.players)]
        if got != due:
            raise LogError(f"the round scores {got} under '{scheme}', not {due}")

    def _on_eliminated(self, event: dict) -> None:
        if self.phase != "round_over":
            raise LogError("a seat is eliminated only when a round has ended")
        seat = self._active(event)
        score = event.get("score")
        if score is not None and score != self.scores[seat]:
            raise LogError(f"seat {seat} has {self.scores[seat]} points, not {score!r}")
        if self.target is not None and self.scores[seat] < self.target:
            raise LogError(f"seat {seat} is eliminated below the target of {self.target}")
        self.eliminated[seat] = True

    def _on_game_end(self, event: dict) -> None:
        if self.phase != "round_over":
            raise LogError("the match ends before its last round ended")
        winner = self._seat(event, "winner")
        scores = event.get("scores")
        if scores != self.scores:
            raise LogError(f"the final scores {scores!r} are not the totals {self.scores}")
        self.winner = winner
        self.over = True
        self.phase = "over"


def _cut_leaders(cut: dict[int, str]) -> list[int]:
    """The seats with the highest cut; action cards count 0."""

    def value(card: str) -> int:
        face = _split(card)[1]
        return int(face) if face.isdigit() else 0

    best = max(value(c) for c in cut.values())
    return [s for s, c in cut.items() if value(c) == best]


# --- conveniences ------------------------------------------------------------------------


def replay_events(events: Iterable[dict], rules=None, *, load_rules: bool = True) -> TableReplay:
    """Replay a whole log; raises LogError at the first contradiction."""
    return TableReplay(rules, load_rules=load_rules).apply_all(events)


def iter_snapshots(
    events: Iterable[dict], rules=None, *, load_rules: bool = True
) -> Iterator[dict]:
    """The table after each event, one snapshot per event (for a viewer that steps)."""
    replay = TableReplay(rules, load_rules=load_rules)
    for event in events:
        replay.apply(event)
        yield replay.snapshot()


def replay_file(path: str | os.PathLike[str], rules=None) -> TableReplay:
    """Read and replay a log file; errors name the file and line."""
    events = read_log(path)
    try:
        return replay_events(events, rules)
    except LogError as err:
        line = None if err.index is None else err.index + 1
        raise LogError(
            err.reason, path=os.fspath(path), line=line, index=err.index, event=err.event
        ) from None
