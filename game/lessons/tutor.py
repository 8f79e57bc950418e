"""The first time a rule matters in a match: which lessons a moment gives.

A `Tutor` follows one match. After each action the engine applied, it is
handed the state and the events that action wrote, and says which lessons
now matter and were not taught yet (`moments`). A moment is read off what
the engine declares, never off card names:

- the events (game/engine/events/): a card played or turned up first, the
  deck turned over, a round dealt or scored;
- the open decision (game/engine/decisions.py): its purpose
  (game/engine/purposes.py: cards owed; one's turn, asked between plays or
  in the middle of one, when more cards may join it) and whether it deals
  the hands (a draft);
- the legal actions (game/engine/legality.py): a card of a kind that does
  something among the plays of the seat to act, a card to stack, a
  challenge, an UNO call, a card another seat may jump in with.

A moment about a card in a hand is that seat's alone (`Lesson.seat`); a
public one lists only cards every seat sees (a played card, the top card).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from game.engine.actions import Action, CallUno, Challenge, Play
from game.engine.cards import CardTable
from game.engine.decisions import REGISTRY, purpose_of
from game.engine.legality import legal_actions, out_of_turn_seats
from game.engine.purposes import Purpose
from game.engine.ruleset import RuleSet
from game.engine.state import GameState
from game.i18n import language
from game.lessons.specs import (
    Lesson,
    LessonSpec,
    Topic,
    card_key,
    covered_by,
    lesson,
    lessons_of,
)

# What `to_dict` writes, and the most `from_dict` reads: a rule set has at
# most a few dozen lessons, taught at most once per seat.
SAVE_VERSION = 1
MAX_TAUGHT = 2000
MAX_KEY = 120


class Moment(NamedTuple):
    """A lesson's moment: who may see it (None: everyone), the cards involved,
    and whether it is a card turned up to start a round."""

    key: str
    seat: int | None
    cards: tuple[str, ...] = ()
    first: bool = False


class Tutor:
    """One match's teacher: remembers what has been taught.

    `per_seat` (hands on phones): each rule is taught once to each player; a
    public moment teaches everyone at once. Otherwise (one screen) each rule
    is taught once, to whoever meets it first. `learners`: the seats that
    are taught a moment of their own (the people; None: every seat), so a
    bot's card never uses up a lesson a person has yet to meet."""

    def __init__(
        self,
        rules: RuleSet,
        seats: int,
        per_seat: bool = False,
        learners: Collection[int] | None = None,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.per_seat = per_seat
        self.learners = frozenset(range(seats) if learners is None else learners)
        self.specs: dict[str, LessonSpec] = {spec.key: spec for spec in lessons_of(rules)}
        self._covered = covered_by(list(self.specs.values()))
        # (key, seat): taught to that seat; (key, None): taught to everyone.
        self._taught: set[tuple[str, int | None]] = set()

    # --- what has been taught -----------------------------------------------------------

    def taught(self, key: str, seat: int | None = None) -> bool:
        """Whether lesson `key` was taught (to `seat`, or to everyone)."""
        if (key, None) in self._taught:
            return True
        return self.per_seat and seat is not None and (key, seat) in self._taught

    def done(self) -> bool:
        """Whether every lesson was taught to every learner: no moment is left."""
        return all(
            self.taught(key) or all(self.taught(key, seat) for seat in self.learners)
            for key in self.specs
        )

    def _mark(self, key: str, seat: int | None) -> None:
        self._taught.add((key, seat if self.per_seat else None))

    # --- the moments --------------------------------------------------------------------

    def moments(self, state: GameState, events: Sequence[Mapping[str, Any]]) -> list[Lesson]:
        """The lessons that matter now and were not taught yet, after the
        engine applied an action that wrote `events` (after `new_game`: its
        events); they are marked taught."""
        found: list[Lesson] = []
        if self.done():
            return found
        seen: set[tuple[str, int | None]] = set()
        for moment in [*self._from_events(state, events), *self._from_state(state)]:
            spec = self.specs.get(moment.key)
            if spec is None or moment[:2] in seen or self.taught(moment.key, moment.seat):
                continue
            if moment.seat is not None and moment.seat not in self.learners:
                continue  # a bot's own moment: kept for a person
            seen.add(moment[:2])
            found += self._teach(spec, moment)
        return found

    def _teach(self, spec: LessonSpec, moment: Moment) -> list[Lesson]:
        """The lesson of `spec` at this moment. A house rule that changed what
        it explains speaks instead, its own words first, then the rule's."""
        seat, cards = moment.seat, moment.cards
        self._mark(spec.key, seat)
        houses = [h for h in self._covered.get(spec.key, ()) if not self.taught(h, seat)]
        if not houses:
            return [lesson(self.rules, spec, cards, seat, first=moment.first)]
        found = []
        for index, house in enumerate(houses):
            self._mark(house, seat)
            more = spec if index == 0 else None
            found.append(lesson(self.rules, self.specs[house], cards, seat, more, moment.first))
        return found

    def reword(self, taught: Lesson) -> Lesson:
        """`taught` in the language now spoken: a moment worded before the
        player changed the language, waiting to be shown or up on a screen."""
        spec = self.specs.get(taught.key)
        if spec is None or taught.lang == language():
            return taught
        more = None if taught.more is None else self.specs[taught.more]
        return lesson(self.rules, spec, taught.cards, taught.seat, more, taught.first)

    def _from_events(self, state: GameState, events: Iterable[Mapping[str, Any]]) -> list[Moment]:
        """Public moments: what every seat saw happen."""
        found: list[Moment] = []
        for event in events:
            kind = event["t"]
            if kind == "play" or kind == "start":
                face = str(event["card"]).partition("/")[0]
                first = kind == "start"
                key = self._played_key(state, str(event["card"]), first)
                if key is not None:
                    found.append(Moment(key, None, (face,), first))
            elif kind == "round":
                found.append(Moment(Topic.DEAL.value, None))
            elif kind == "flip":
                top = str(event["top"]).partition("/")[0]
                found.append(Moment(f"side:{event['side']}", None, (top,)))
            elif kind == "round_end":
                found.append(Moment(Topic.SCORING.value, None))
        return found

    def _played_key(self, state: GameState, name: str, first: bool) -> str | None:
        """The lesson of the card `name` (as an event writes it), played or
        (`first`) turned up to start a round: looked up on the side it shows."""
        face = name.partition("/")[0]
        for table in state.tables or (state.cards,):
            card = table.by_name.get(name)
            if card is not None and table.face_names[card] == face:
                if not first:
                    return self._card_lesson(table, card)
                # Turned up first, it does only what its `first_card` says.
                spec = table.kind[card]
                acts = spec.first_card is None or bool(spec.first_card)
                return card_key(spec.name) if acts and card_key(spec.name) in self.specs else None
        return None

    def _card_lesson(self, table: CardTable, card: int) -> str | None:
        """The lesson of `card` (on `table`'s side), if its kind has one: its
        face's own, for a number face that acts alone (Seven-O's 7)."""
        kind = table.kind[card].name
        if table.category[card] == "number":
            key = card_key(kind, int(table.symbol[card]))
            if key in self.specs:
                return key
        key = card_key(kind)
        return key if key in self.specs else None

    def _from_state(self, state: GameState) -> list[Moment]:
        """Moments of what a seat may do now."""
        decision = state.pending
        if decision is None or state.over:
            return []
        found: list[Moment] = []
        seat = decision.seat
        declared = REGISTRY[decision.kind]
        if declared.deals:
            found.append(Moment(Topic.DRAFT.value, None))
        offered = legal_actions(state, seat)
        plays = _cards_of(offered)
        purpose = purpose_of(decision)
        names = state.cards.face_names
        if purpose is Purpose.TURN and declared.between_plays:
            found.append(Moment(Topic.DRAWING.value, None))  # what a turn may do, first
        if purpose is Purpose.OWED and plays:
            found.append(Moment(Topic.STACKING.value, seat, tuple(names[c] for c in plays)))
        elif purpose is Purpose.TURN and plays and not declared.between_plays:
            # One's turn in the middle of a play: more cards may join it (`turn.multi_play`).
            found.append(Moment(Topic.MULTI_PLAY.value, seat, tuple(names[c] for c in plays)))
        elif plays:
            found += self._playable(state, seat, plays)
        if any(type(action) is Challenge for action in offered) and state.discard:
            found.append(Moment(Topic.CHALLENGE.value, None, (names[state.top],)))
        if any(type(action) is CallUno and action.seat == seat for action in offered):
            found.append(Moment(Topic.UNO.value, seat))
        if purpose is Purpose.TURN and len(state.hands[seat]) == 1:
            found.append(Moment(Topic.LAST_CARD.value, None))
        for other in out_of_turn_seats(state):
            if other == seat:
                continue
            jumps = _cards_of(legal_actions(state, other))
            if jumps:
                found.append(Moment(Topic.JUMP_IN.value, other, tuple(names[c] for c in jumps)))
        return found

    def _playable(self, state: GameState, seat: int, plays: list[int]) -> list[Moment]:
        """A lesson for each kind of card `seat` may play now that has one:
        theirs alone, with their cards of it."""
        cards = state.cards
        by_key: dict[str, list[str]] = {}
        for card in plays:
            key = self._card_lesson(cards, card)
            if key is not None and cards.face_names[card] not in by_key.setdefault(key, []):
                by_key[key].append(cards.face_names[card])
        return [Moment(key, seat, tuple(names)) for key, names in by_key.items()]

    # --- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """What was taught, for a saved match: resumed, it does not teach again."""
        taught = sorted(
            self._taught, key=lambda item: (item[0], -1 if item[1] is None else item[1])
        )
        return {"v": SAVE_VERSION, "taught": [[key, seat] for key, seat in taught]}

    @classmethod
    def from_dict(
        cls,
        rules: RuleSet,
        seats: int,
        data: object,
        per_seat: bool = False,
        learners: Collection[int] | None = None,
    ) -> Tutor:
        """A tutor that remembers what `data` (`to_dict`'s, read from a file:
        hostile) says was taught. Raises ValueError, with a message, when it
        is not such data; lessons this rule set does not have are dropped."""
        tutor = cls(rules, seats, per_seat, learners)
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise ValueError("not a record of lessons taught (version 1)")
        taught = data.get("taught")
        if not isinstance(taught, list) or len(taught) > MAX_TAUGHT:
            raise ValueError(f"lessons taught: a list of at most {MAX_TAUGHT} entries")
        for entry in taught:
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or not isinstance(entry[0], str)
                or len(entry[0]) > MAX_KEY
                or not (entry[1] is None or (type(entry[1]) is int and 0 <= entry[1] < seats))
            ):
                raise ValueError("a lesson taught is [key, seat or null]")
            key, seat = entry
            if key in tutor.specs:
                tutor._mark(key, seat)
        return tutor


def _cards_of(actions: Iterable[Action]) -> list[int]:
    """The cards among `actions`' plays, each once, in the order offered."""
    found: list[int] = []
    for action in actions:
        if type(action) is Play and action.card not in found:
            found.append(action.card)
    return found
