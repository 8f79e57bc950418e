"""The basic bot: plays rather than draws, keeps wilds for need, names the
colour it holds most, calls UNO, catches others, and challenges a Wild Draw
Four when the odds favour it. It reads only its own `view` and the rule set
(for what each card is, and how many of each the deck holds)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from game.bots.base import Bot, Look, asked
from game.bots.deck import DeckFacts, deck_facts, shows_color
from game.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.engine.kind_names import KindName
from game.engine.view import View

# A lost challenge costs 2 more cards than accepting; a won one saves the
# 4 and hands them to the bluffer: an 8-card swing. Challenge above 2/10.
CHALLENGE_THRESHOLD = 0.2
# Basic bots never bluff; a table of humans and random bots does, sometimes.
BLUFF_PRIOR = 0.5


class BasicBot(Bot):
    level = "basic"

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        # Calling UNO matters most, then catching someone, then jumping in.
        for wanted in (CallUno, Catch, Play):
            for action in actions:
                if isinstance(action, wanted):
                    return action
        return None

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        types = {type(a) for a in actions}
        if types == {NextRound}:
            return actions[0]
        view = look()
        deck = deck_facts(self._require_rules(view), view["cards"])
        for wanted in (CallUno, Catch):
            if wanted in types:
                return next(a for a in actions if isinstance(a, wanted))
        return self.answers[asked(view)](self, deck, view, actions)

    def _turn(self, deck: DeckFacts, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self._best_play(deck, view, plays)
        # Already drew this turn and nothing drawn can be played: drawing on
        # only fattens the hand, unless nothing in it fits at all.
        passes = next((a for a in actions if isinstance(a, Pass)), None)
        if passes is not None and view["drawn"] and self._holds_a_match(deck, view):
            return passes
        for fallback in (Draw, Pass):
            for action in actions:
                if isinstance(action, fallback):
                    return action
        return actions[0]

    def _penalty(self, deck: DeckFacts, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:  # stack rather than take the cards
            return self._best_play(deck, view, plays)
        challenge = next((a for a in actions if isinstance(a, Challenge)), None)
        if challenge is not None and self._worth_challenging(deck, view):
            return challenge
        return next(a for a in actions if isinstance(a, Accept))

    def _holds_a_match(self, deck: DeckFacts, view) -> bool:
        color = -1 if view["color"] is None else deck.colors.index(view["color"])
        fits = deck.fits(color, deck.index[view["top"]])
        return any(fits >> deck.nid[c] & 1 for c in view["hand"])

    def _favourite_color(self, deck: DeckFacts, view) -> str | None:
        counts = Counter(
            deck.colors[deck.color[deck.nid[c]]] for c in view["hand"] if not deck.wild[deck.nid[c]]
        )
        return counts.most_common(1)[0][0] if counts else None

    def _best_play(self, deck: DeckFacts, view, plays):
        favourite = self._favourite_color(deck, view)
        sizes = view["hand_sizes"]
        seat = view["seat"]
        nxt = _next_seat(view, seat)
        threatened = sizes[nxt] <= 2

        def rank(action):
            name = deck.nid[action.card]
            score = 0.0
            if deck.wild[name]:
                # Keep wilds for need, unless someone is about to go out.
                score -= 10 if not threatened else -5
                score += 3 if action.color == favourite else 0
            else:
                score += 2 if deck.colors[deck.color[name]] == favourite else 0
                if not deck.is_number[name]:
                    score += 4 if threatened else 1
                else:
                    score += deck.points[name] / 10  # shed points
            return score

        best = max(rank(a) for a in plays)
        top = [a for a in plays if rank(a) == best]
        return top[self.rng.below(len(top))]

    # The choices: an UNO call or a jump-in may be offered beside one, so each
    # answers from the Choose actions only.

    def _color(self, deck: DeckFacts, view, offered):
        actions = _choices(offered)
        favourite = self._favourite_color(deck, view)
        for action in actions:
            if action.value == favourite:
                return action
        return actions[self.rng.below(len(actions))]

    def _player(self, deck: DeckFacts, view, offered):
        sizes = view["hand_sizes"]
        # Swap with the smallest hand.
        return min(_choices(offered), key=lambda a: (sizes[a.value], a.value))

    def _draft(self, deck: DeckFacts, view, offered):
        by_value = {a.value: a for a in _choices(offered)}
        return by_value["keep" if self._worth_keeping(deck, view) else "discard"]

    def _dump(self, deck: DeckFacts, view, offered):
        # Shedding a whole colour is worth it, when the rules allow it.
        by_value = {a.value: a for a in _choices(offered)}
        return by_value.get("all", by_value["none"])

    def _dump_next(self, deck: DeckFacts, view, offered):
        # Numbers first, so the last card down is an action aimed at the opponent.
        return min(
            _choices(offered),
            key=lambda a: (not deck.is_number[deck.nid[int(a.value)]], a.value),
        )

    def _next_round(self, deck: DeckFacts, view, actions):
        return actions[0]

    # How this level answers each kind of decision (Bot.answers).
    answers: ClassVar[Mapping[KindName, Callable[..., Action]]] = {
        "play": _turn,
        "drawn": _turn,
        "more": _turn,
        "penalty": _penalty,
        "color": _color,
        "player": _player,
        "draft": _draft,
        "dump": _dump,
        "dump_next": _dump_next,
        "next_round": _next_round,
    }

    def _worth_keeping(self, deck: DeckFacts, view) -> bool:
        name = deck.index[view["draft_card"]]
        if deck.wild[name] or not deck.is_number[name]:
            return True
        held = Counter(deck.color[deck.nid[c]] for c in view["hand"])
        # Low numbers cost little if stuck in hand; a colour already held plays well.
        return deck.points[name] <= 4 or held[deck.color[name]] > 0

    def _worth_challenging(self, deck: DeckFacts, view) -> bool:
        owed = view["penalty"]
        color_name = owed["color_before"]
        if color_name is None:
            return False
        if color_name not in deck.colors:
            # Named before the table turned over: the source's hand shows
            # that side to everyone.
            return shows_color(view, owed["source"], color_name)
        color = deck.colors.index(color_name)
        seen = Counter(
            deck.color[n]
            for n in [deck.nid[c] for c in view["hand"]] + [deck.index[c] for c in view["discard"]]
        )
        # Unseen cards: the deck less what this seat can see.
        unseen_total = max(1, sum(view["hand_sizes"]) + view["draw_pile"] - len(view["hand"]))
        deck_color = sum(n for name, n in enumerate(deck.copies) if deck.color[name] == color)
        unseen_color = max(0, deck_color - seen[color])
        share = min(1.0, unseen_color / unseen_total)
        held = view["hand_sizes"][owed["source"]]
        p_holds = 1 - (1 - share) ** held
        return p_holds * BLUFF_PRIOR > CHALLENGE_THRESHOLD


def _choices(offered: list[Action]) -> list[Choose]:
    return [a for a in offered if isinstance(a, Choose)]


def _next_seat(view: View, seat: int) -> int:
    """The next seat in play in the direction of play."""
    players = view["players"]
    eliminated = view["eliminated"]
    nxt = (seat + view["direction"]) % players
    while eliminated[nxt] and nxt != seat:
        nxt = (nxt + view["direction"]) % players
    return nxt
