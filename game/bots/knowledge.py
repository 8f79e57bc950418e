"""What one seat knows about the cards it cannot see, from what it saw happen.

A `SeatKnowledge` is fed every action with the events as its seat saw them
(`game.engine.seen.seen_events`) and keeps, per other seat:

- the cards known to be in that hand (shown to this seat in a reveal, or its
  own old hand after a swap or a rotation);
- the hand's unknown cards in *groups* (`[count, excluded]`): cards that came
  in together and what they cannot be. A seat that had to draw, or could not
  play what it drew, held no card the top card accepted; that excludes those
  names from every group it then held. A card played comes out of a group
  that may hold it, chosen so that no world still possible is lost (the
  group that excludes the most, when it excludes all the others do; else
  those groups merge and keep only what they all exclude).

- its *clues*: the plays it made on its own turn this round, with what
  fitted then and the cards it gained and played otherwise (a drawn card,
  a stack) since its play before, so that a sampled hand, taken back
  through those gains and plays, can be weighed by
  how well it explains them (`game.bots.inference.PlayHistory`).

From that it answers what the heuristics ask ("how likely is Bo to hold a
red card?") and what the search needs (the pool of unseen cards and each
hand's constraints, see `game.bots.sampling`). It never sees a hidden card:
it reads only events its seat saw and the seat's `view`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots.deck import DeckFacts, bits
from game.engine.actions import Accept, Challenge, Choose, Draw, Pass, Play
from game.engine.kind_names import KindName
from game.engine.view import View

Group = list[int]  # [count, excluded names mask]
# Cards a seat gained, by name (-1: a card this seat did not see).
Gained = tuple[int, ...]
# A play on an ordinary turn: (names that fitted, whether the next seat was
# down to two cards, the name played, the colour named (-1: none), and the
# cards gained and the names played otherwise (a drawn card, a stack) between
# the seat's play before and this one).
Clue = tuple[int, bool, int, int, Gained, tuple[int, ...]]
# Plays kept per seat: the older ones say less of the hand it holds now.
MAX_CLUES = 12


class SeatKnowledge:
    def __init__(self, deck: DeckFacts, seat: int) -> None:
        self.deck = deck
        self.seat = seat
        self.players = 0
        self.direction = 1
        self.eliminated: list[bool] = []
        # Public history a heuristic may weigh, per seat: challengeable
        # penalties faced and challenged, and how its own were judged.
        self.faced: list[int] = []
        self.challenged: list[int] = []
        self.caught_bluffing: list[int] = []
        self.cleared: list[int] = []
        # This round, per seat: hand sizes, cards known, groups of unknown cards.
        self.size: list[int] = []
        self.known: list[Counter[int]] = []
        self.groups: list[list[Group]] = []
        self.acted: list[bool] = []
        # Per seat, its plays this round, oldest first, and the cards it
        # gained and played otherwise since the last of them: what a world's
        # deal of that hand must explain (`game.bots.inference`).
        self.clues: list[list[Clue]] = []
        self.gained: list[list[int]] = []
        self.lost: list[list[int]] = []
        self.top: int | None = None  # the top card's name
        self.color = -1  # the colour in force
        self.to_act: int | None = None
        self.decision: KindName | None = None  # what the seat to act was last asked
        self.pile_bottom: Counter[int] = Counter()  # known to lie under the draw pile
        self.draft_discard: Counter[int] = Counter()
        self._new_round()

    # --- feeding ---------------------------------------------------------------

    def observe(self, action, events: Sequence[Mapping[str, Any]]) -> None:
        """One action's events, as this seat saw them (`action` is None for
        events no action caused: the start of the match)."""
        if events and events[0]["t"] == "game":
            self._new_match(events[0]["players"])
        if not self.players:
            return  # joined mid-match: knows only what `view` shows
        kind = type(action)
        actor = None if action is None else action.seat
        if kind is Draw and actor is not None and not self.acted[actor]:
            if not self.deck.rules.model.turn.draw_when_playable:
                self._exclude_all(actor, self._no_play_mask(actor))
        elif (
            kind is Pass
            and actor is not None
            and not self.acted[actor]
            and self.decision == "play"
            and self.to_act == actor
        ):
            # Passing an ordinary turn happens only when nothing fits and
            # nothing is left to draw.
            self._exclude_all(actor, self._no_play_mask(actor))
        if (
            kind in (Accept, Challenge)
            and actor is not None
            and self.top is not None
            and self.deck.challengeable[self.top]
        ):
            self.faced[actor] += 1
            self.challenged[actor] += kind is Challenge
        if kind is Choose and actor is not None:
            # An answer to a question (a colour dump's "all", the first card's
            # included) is no card picked from the hand: its plays are no clues.
            self.acted[actor] = True
        drawn_groups: list[Group] = []
        for event in events:
            self._event(event, actor, drawn_groups if kind is Draw else None)
        if kind is Draw and actor is not None and actor != self.seat and drawn_groups:
            self._after_draw(actor, events, drawn_groups)
        if kind in (Play, Draw) and actor is not None:
            self.acted[actor] = True

    def _after_draw(self, seat: int, events, drawn: list[Group]) -> None:
        """What another seat's ordinary draw tells: drawing until a card fits
        means every card before the last did not; passing straight after means
        what it drew (or, where any card may follow a draw, its hand) fits nothing."""
        turn = self.deck.rules.model.turn
        auto_pass = any(e["t"] == "pass" and e["p"] == seat for e in events)
        if turn.draw.mode == "until_playable" and self.top is not None:
            matches = self.deck.fits(self.color, self.top)
            for group in drawn[:-1]:
                group[1] |= matches
        if not auto_pass or self.top is None:
            return
        mask = self._no_play_mask(seat)
        if turn.play_drawn == "drawn_only":
            for group in drawn:
                group[1] |= mask
        elif turn.play_drawn == "any":
            self._exclude_all(seat, mask)
        self._tidy(seat)

    def _no_play_mask(self, seat: int) -> int:
        """Names `seat` would surely have been offered to play now."""
        if self.top is None:
            return 0
        mask = self.deck.playable(self.color, self.top)
        if self.deck.rules.model.round_end.finish_on_action_card == "forbidden" and (
            self.size[seat] == 1
        ):
            mask &= self.deck.number_mask
        return mask

    def _event(self, e: Mapping[str, Any], actor, drawn_groups: list[Group] | None) -> None:
        learn = LEARNT_FROM.get(e["t"])
        if learn is not None:
            learn(self, e, actor, drawn_groups)

    # What each event teaches: (self, event, the seat whose action it follows,
    # the groups of cards that action drew, when they are being collected).

    def _on_game(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        """Started already (`observe`): a match is known from its first event on."""

    def _on_round(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self._new_round()

    def _on_deal(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        p = e["p"]
        self.size[p] = len(e["cards"])
        if p == self.seat:
            self.known[p] = Counter(self.deck.index[c] for c in e["cards"])
        else:
            self.groups[p] = [[len(e["cards"]), 0]]

    def _on_draft(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        card = e["card"]
        if e["kept"]:
            self._gain(e["p"], [card])
        elif card is not None:
            self.draft_discard[self.deck.index[card]] += 1

    def _on_start(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.top = self.deck.index[e["card"]]
        self.color = self._color(e["color"])
        self.direction = e["direction"]
        if self.draft_discard:
            # The draft discard went face down under the draw pile.
            self.pile_bottom = self.draft_discard
            self.draft_discard = Counter()

    def _on_turn(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.to_act = e["p"]
        self.acted[e["p"]] = False
        self.decision = "play"

    def _on_play(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        deck = self.deck
        p = e["p"]
        name = deck.index[e["card"]]
        if (
            p != self.seat
            and p == actor
            and self.decision == "play"
            and self.to_act == p
            and not self.acted[p]
            and self.top is not None
        ):
            clues = self.clues[p]
            clues.append(
                (
                    deck.fits(self.color, self.top),
                    self.size[self._next(p)] <= 2,
                    name,
                    self._color(e["color"]) if deck.wild[name] else -1,
                    tuple(self.gained[p]),
                    tuple(self.lost[p]),
                )
            )
            if len(clues) > MAX_CLUES:
                del clues[0]
            self.gained[p] = []
            self.lost[p] = []
        elif p != self.seat:  # its own plays explain nothing to itself
            self.lost[p].append(name)
        self._lose(p, name)
        self.top = name
        self.color = self._color(e["color"])

    def _on_color(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.color = self._color(e["color"])

    def _on_discard(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self._forget(e["p"])
        for card in e["cards"]:
            self._lose(e["p"], self.deck.index[card])

    def _on_draw(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        group = self._gain(e["p"], e["cards"])
        if drawn is not None and e["p"] == actor and e["why"] == "turn" and group:
            drawn.append(group)

    def _on_reveal(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        if e["to"] != self.seat:
            return
        p = e["p"]
        self.known[p] = Counter(self.deck.index[c] for c in e["cards"])
        self.groups[p] = []
        self._forget(p)
        self.size[p] = len(e["cards"])

    def _on_challenge(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        if e["guilty"]:
            self.caught_bluffing[e["p"]] += 1
        else:
            self.cleared[e["p"]] += 1

    def _on_swap(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        a, b = e["p"], e["with"]
        for table in (self.known, self.groups, self.size):
            table[a], table[b] = table[b], table[a]  # type: ignore[index]
        self._forget(a)
        self._forget(b)

    def _on_direction(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.direction = e["direction"]

    def _on_reshuffle(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.pile_bottom = Counter()

    def _on_eliminated(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        self.eliminated[e["p"]] = True

    def _on_hands(self, e: Mapping[str, Any], actor, drawn: list[Group] | None) -> None:
        hands = e["hands"]
        players = self.players
        if self.top is not None and self.deck.moves_hands_in_order(self.top):
            # Every hand moved one seat on, in the direction of play: what was
            # known of a hand is now known of its new holder.
            order = [s for s in range(players) if not self.eliminated[s]]
            moved_known = list(self.known)
            moved_groups = list(self.groups)
            for s in order:
                nxt = self._next(s)
                moved_known[nxt] = self.known[s]
                moved_groups[nxt] = self.groups[s]
            self.known, self.groups = moved_known, moved_groups
        else:
            self.known = [Counter() for _ in range(players)]
            self.groups = [[[len(hands[s]), 0]] if hands[s] else [] for s in range(players)]
        self.size = [len(h) for h in hands]
        self.clues = [[] for _ in range(players)]
        self.gained = [[] for _ in range(players)]
        self.lost = [[] for _ in range(players)]
        mine = hands[self.seat]
        self.known[self.seat] = Counter(self.deck.index[c] for c in mine)
        self.groups[self.seat] = []
        if "discard" in e:
            self.pile_bottom = Counter()

    def _next(self, seat: int) -> int:
        nxt = (seat + self.direction) % self.players
        while self.eliminated[nxt]:
            nxt = (nxt + self.direction) % self.players
        return nxt

    # --- bookkeeping -----------------------------------------------------------

    def _new_match(self, players: int) -> None:
        self.players = players
        self.eliminated = [False] * players
        self.faced = [0] * players
        self.challenged = [0] * players
        self.caught_bluffing = [0] * players
        self.cleared = [0] * players
        self._new_round()

    def _new_round(self) -> None:
        players = self.players
        self.size = [0] * players
        self.known = [Counter() for _ in range(players)]
        self.groups = [[] for _ in range(players)]
        self.acted = [False] * players
        self.clues = [[] for _ in range(players)]
        self.gained = [[] for _ in range(players)]
        self.lost = [[] for _ in range(players)]
        self.top = None
        self.color = -1
        self.to_act = None
        self.decision = None
        self.pile_bottom = Counter()
        self.draft_discard = Counter()

    def _color(self, name: str | None) -> int:
        return -1 if name is None else self.deck.colors.index(name)

    def _forget(self, seat: int) -> None:
        """Drop `seat`'s clues: its hand changed in a way they cannot be
        traced back through (a swap, a reveal, a dump)."""
        self.clues[seat] = []
        self.gained[seat] = []
        self.lost[seat] = []

    def _gain(self, seat: int, cards: list) -> Group | None:
        self.size[seat] += len(cards)
        if not cards:
            return None
        if cards[0] is not None:
            names = [self.deck.index[c] for c in cards]
            self.known[seat].update(names)
            if seat != self.seat:
                self.gained[seat].extend(names)
            return None
        self.gained[seat].extend([-1] * len(cards))
        group = [len(cards), 0]
        self.groups[seat].append(group)
        return group

    def _lose(self, seat: int, name: int) -> None:
        self.size[seat] = max(0, self.size[seat] - 1)
        known = self.known[seat]
        if known[name] > 0:
            known[name] -= 1
            if not known[name]:
                del known[name]
            return
        bit = 1 << name
        groups = self.groups[seat]
        able = [g for g in groups if g[0] and not g[1] & bit]
        if able:
            # Take it from the group that excludes all that the others do: had
            # it come from another, the card left over there fits this group
            # too, so no world is lost. Without such a group, the groups that
            # may have held it become one that excludes only what all exclude.
            widest = max(able, key=lambda g: g[1].bit_count())
            if all(g[1] & widest[1] == g[1] for g in able):
                widest[0] -= 1
            else:
                merged = [sum(g[0] for g in able) - 1, widest[1]]
                for g in able:
                    merged[1] &= g[1]
                    g[0] = 0
                groups.append(merged)
        else:
            # What was believed rules this card out: the belief was wrong
            # (a hand this seat lost track of). Keep the counts, forget the rest.
            for group in groups:
                group[1] = 0
            for group in groups:
                if group[0]:
                    group[0] -= 1
                    break
        self._tidy(seat)

    def _exclude_all(self, seat: int, mask: int) -> None:
        if seat == self.seat or not mask:
            return
        for group in self.groups[seat]:
            group[1] |= mask

    def _tidy(self, seat: int) -> None:
        merged: list[Group] = []
        for group in self.groups[seat]:
            if not group[0]:
                continue
            if merged and merged[-1][1] == group[1]:
                merged[-1][0] += group[0]
            else:
                merged.append(group)
        self.groups[seat] = merged

    # --- reading ---------------------------------------------------------------

    def sync(self, view: View) -> None:
        """Square the counts with what the seat sees now: its own hand, and
        every hand's size (a bot seated mid-round starts from here)."""
        players = view["players"]
        if self.players != players:
            self._new_match(players)
        deck = self.deck
        self.known[self.seat] = Counter(deck.nid[c] for c in view["hand"])
        self.groups[self.seat] = []
        sizes = view["hand_sizes"]
        for seat in range(players):
            if seat == self.seat:
                continue
            counted = sum(self.known[seat].values()) + sum(g[0] for g in self.groups[seat])
            if counted < sizes[seat]:
                self.groups[seat].append([sizes[seat] - counted, 0])
            elif counted > sizes[seat]:
                self._forget(seat)
                self.known[seat] = Counter()
                self.groups[seat] = [[sizes[seat], 0]] if sizes[seat] else []
        self.size = list(sizes)
        if view["back"] is not None:
            self._see_public_faces(view)
        if sum(self.pile_bottom.values()) > view["draw_pile"]:
            # Draws reached the cards known to lie at the bottom of the pile:
            # where the rest of them are is no longer known.
            self.pile_bottom = Counter()
        self.top = deck.index[view["top"]] if view["top"] else None
        self.color = self._color(view["color"])
        self.direction = view["direction"]

    def _see_public_faces(self, view: View) -> None:
        """A two-sided deck: everyone sees the other face of each card in the
        other hands, and a card showing other face `b` is one of the cards
        printed with `b` behind: each hand's cards are grouped by the face
        seen, each group excluding every name no such card has in play."""
        deck = self.deck
        back = view["back"]
        if back is None:
            return  # a one-sided deck shows nothing of the other hands
        behind: dict[str, int] = {}  # other face -> the names in play it may hide
        for card, face in enumerate(back.face_names):
            behind[face] = behind.get(face, 0) | 1 << deck.nid[card]
        for seat, faces in enumerate(view["public"]):
            if seat == self.seat:
                continue
            self.known[seat] = Counter()
            self.groups[seat] = [
                [n, deck.all_mask & ~behind.get(face, deck.all_mask)]
                for face, n in sorted(Counter(faces).items())
            ]

    def unseen(self, view: View) -> list[int]:
        """Per name, the copies whose place this seat does not know: in another
        hand's unknown cards or in the draw pile."""
        deck = self.deck
        left = list(deck.copies)
        for card in view["hand"]:
            left[deck.nid[card]] -= 1
        for card_name in view["discard"]:
            left[deck.index[card_name]] -= 1
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                for name, n in known.items():
                    left[name] -= n
        for name, n in self.pile_bottom.items():
            left[name] -= n
        for name, n in self.draft_discard.items():
            left[name] -= n
        if view["draft_card"]:
            left[deck.index[view["draft_card"]]] -= 1
        # Never below zero: a stale belief must not make counts impossible.
        return [max(0, n) for n in left]

    def p_holds(self, seat: int, mask: int, unseen: list[int]) -> float:
        """The chance that `seat` holds at least one card named in `mask`."""
        if any(mask >> name & 1 for name in self.known[seat]):
            return 1.0
        p_none = 1.0
        for count, excluded in self.groups[seat]:
            allowed = ~excluded
            pool = 0
            hits = 0
            for name, n in enumerate(unseen):
                if n and allowed >> name & 1:
                    pool += n
                    if mask >> name & 1:
                        hits += n
            if pool:
                p_none *= max(0.0, 1 - hits / pool) ** count
        return 1 - p_none

    def void(self, seat: int) -> int:
        """The names every unknown card of `seat` is known not to be."""
        groups = self.groups[seat]
        if not groups:
            return 0
        mask = self.deck.all_mask
        for _, excluded in groups:
            mask &= excluded
        for name in self.known[seat]:
            mask &= ~(1 << name)
        return mask

    def known_names(self, seat: int) -> Counter[int]:
        return self.known[seat]

    def described_voids(self, seat: int) -> list[int]:
        """Colours `seat` is known to hold none of."""
        void = self.void(seat)
        return [
            color for color, mask in enumerate(self.deck.color_mask) if mask and void & mask == mask
        ]

    def clues_of(self, seat: int) -> list[Clue]:
        return self.clues[seat]

    def since_clue(self, seat: int) -> tuple[Gained, tuple[int, ...]]:
        """The cards `seat` gained, and the names it played otherwise, since its last clue."""
        return tuple(self.gained[seat]), tuple(self.lost[seat])

    def constraints(self, seat: int) -> tuple[Counter[int], list[Group]]:
        return self.known[seat], [list(g) for g in self.groups[seat] if g[0]]

    def names_of(self, mask: int) -> list[int]:
        return list(bits(mask))


# The events a seat learns from (`EventKind.teaches`), by type (`t`); the
# others teach it nothing. A new match (`game`) is taken in by `observe`
# first of all, before the check that skips a match joined midway.
LEARNT_FROM = {
    "game": SeatKnowledge._on_game,
    "round": SeatKnowledge._on_round,
    "deal": SeatKnowledge._on_deal,
    "draft": SeatKnowledge._on_draft,
    "start": SeatKnowledge._on_start,
    "turn": SeatKnowledge._on_turn,
    "play": SeatKnowledge._on_play,
    "color": SeatKnowledge._on_color,
    "discard": SeatKnowledge._on_discard,
    "draw": SeatKnowledge._on_draw,
    "reveal": SeatKnowledge._on_reveal,
    "challenge": SeatKnowledge._on_challenge,
    "swap": SeatKnowledge._on_swap,
    "hands": SeatKnowledge._on_hands,
    "direction": SeatKnowledge._on_direction,
    "reshuffle": SeatKnowledge._on_reshuffle,
    "eliminated": SeatKnowledge._on_eliminated,
}
