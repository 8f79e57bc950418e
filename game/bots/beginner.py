"""The beginner: plays a legal card it likes, without a plan. It follows the
colour when it can, spends wilds only when nothing else fits, names the
colour it holds most, forgets to call UNO now and then and is slow to catch
(see `LEVELS["beginner"]`). It reads only its own `view` and the rule set."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from game.bots.base import SHARED_ANSWERS, Bot, Look, asked, choices
from game.bots.deck import DeckFacts, deck_facts
from game.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.engine.purposes import Purpose

# How often it dares a challenge.
CHALLENGES = 0.15


class BeginnerBot(Bot):
    level = "beginner"

    def __init__(self, seed: int, rules=None) -> None:
        super().__init__(seed, rules)
        self._forgot = False  # this UNO moment is already lost

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        for action in actions:
            if isinstance(action, CallUno):
                # Remembers late, or not at all.
                if self._forgot or not self.chance(0.5):
                    self._forgot = True
                    continue
                return action
            if isinstance(action, Catch) and self.chance(self.settings.catches):
                return action
            if isinstance(action, Play) and self.chance(self.settings.jumps_in):
                return action
        return None

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        types = {type(a) for a in actions}
        if types == {NextRound}:
            return actions[0]
        view = look()
        self.deck = deck_facts(self._require_rules(view), view["cards"])
        if CallUno in types:
            if self.chance(self.settings.forgets_uno):
                self._forgot = True
                actions = [a for a in actions if not isinstance(a, CallUno)]
            else:
                self._forgot = False
                return next(a for a in actions if isinstance(a, CallUno))
        else:
            self._forgot = False
        if Catch in types and self.chance(self.settings.catches):
            return next(a for a in actions if isinstance(a, Catch))
        return self.answers[asked(view)](self, view, actions)

    def _turn(self, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self._liked(self.deck, view, plays)
        for wanted in (Pass, Draw) if view["drawn"] else (Draw, Pass):
            for action in actions:
                if isinstance(action, wanted):
                    return action
        return actions[0]

    def _penalty(self, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self._liked(self.deck, view, plays)
        challenge = next((a for a in actions if isinstance(a, Challenge)), None)
        if challenge is not None and self.chance(CHALLENGES):
            return challenge
        return next(a for a in actions if isinstance(a, Accept))

    def _liked(self, deck: DeckFacts, view, plays):
        """A card of the colour in force if it has one, else any but a wild."""
        color = view["color"]
        names = [deck.nid[a.card] for a in plays]
        same = [
            a
            for a, n in zip(plays, names, strict=True)
            if not deck.wild[n] and deck.colors[deck.color[n]] == color
        ]
        plain = [a for a, n in zip(plays, names, strict=True) if not deck.wild[n]]
        pool = same or plain
        if pool:
            return pool[self.rng.below(len(pool))]
        favourite = _favourite(deck, view)
        wilds = [a for a in plays if a.color in (None, favourite)]
        return wilds[self.rng.below(len(wilds))] if wilds else plays[0]

    # The choices.

    def _color(self, view, offered):
        actions = choices(offered)
        favourite = _favourite(self.deck, view)
        for action in actions:
            if action.value == favourite:
                return action
        return self._any(view, actions)

    def _swap(self, view, offered):
        # The smallest hand, as every level; among equals, any.
        sizes = view["hand_sizes"]
        return min(choices(offered), key=lambda a: (sizes[a.value], self.rng.below(8)))

    def _keep(self, view, offered):
        deck = self.deck
        by_value = {a.value: a for a in choices(offered)}
        name = deck.index[view["draft_card"]]
        keep = deck.wild[name] or not deck.is_number[name] or self.chance(0.5)
        return by_value["keep" if keep else "discard"]

    def _shed(self, view, offered):
        actions = choices(offered)
        for action in actions:
            if action.value == "all":
                return action
        return self._any(view, actions)

    def _any(self, view, offered):
        actions = choices(offered)
        return actions[self.rng.below(len(actions))]

    # How this level answers a decision, by what it is for (Bot.answers): a
    # card to go down next, any.
    answers: ClassVar[Mapping[Purpose, Callable[..., Action]]] = {
        **SHARED_ANSWERS,
        Purpose.TURN: _turn,
        Purpose.OWED: _penalty,
        Purpose.NAME_COLOR: _color,
        Purpose.SWAP: _swap,
        Purpose.KEEP: _keep,
        Purpose.SHED: _shed,
        Purpose.LAST_ACTS: _any,
    }


def _favourite(deck: DeckFacts, view) -> str | None:
    counts = [0] * len(deck.colors)
    for card in view["hand"]:
        color = deck.color[deck.nid[card]]
        if color >= 0:
            counts[color] += 1
    best = max(counts)
    return deck.colors[counts.index(best)] if best else None
