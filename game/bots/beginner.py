"""The beginner: plays a legal card it likes, without a plan. It follows the
colour when it can, spends wilds only when nothing else fits, names the
colour it holds most, forgets to call UNO now and then and is slow to catch
(see `LEVELS["beginner"]`). It reads only its own `view` and the rule set."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from game.bots.base import Bot, Look, asked
from game.bots.deck import DeckFacts, deck_facts
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
        deck = deck_facts(self._require_rules(view), view["cards"])
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
        return self.answers[asked(view)](self, deck, view, actions)

    def _turn(self, deck: DeckFacts, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self._liked(deck, view, plays)
        for wanted in (Pass, Draw) if view["drawn"] else (Draw, Pass):
            for action in actions:
                if isinstance(action, wanted):
                    return action
        return actions[0]

    def _penalty(self, deck: DeckFacts, view, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self._liked(deck, view, plays)
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

    # The choices: an UNO call or a jump-in may be offered beside one, so each
    # answers from the Choose actions only.

    def _color(self, deck: DeckFacts, view, offered):
        actions = _choices(offered)
        favourite = _favourite(deck, view)
        for action in actions:
            if action.value == favourite:
                return action
        return self._any(deck, view, actions)

    def _player(self, deck: DeckFacts, view, offered):
        sizes = view["hand_sizes"]
        return min(_choices(offered), key=lambda a: (sizes[a.value], self.rng.below(8)))

    def _draft(self, deck: DeckFacts, view, offered):
        by_value = {a.value: a for a in _choices(offered)}
        name = deck.index[view["draft_card"]]
        keep = deck.wild[name] or not deck.is_number[name] or self.chance(0.5)
        return by_value["keep" if keep else "discard"]

    def _dump(self, deck: DeckFacts, view, offered):
        actions = _choices(offered)
        for action in actions:
            if action.value == "all":
                return action
        return self._any(deck, view, actions)

    def _any(self, deck: DeckFacts, view, offered):
        actions = _choices(offered)
        return actions[self.rng.below(len(actions))]

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
        "dump_next": _any,
        "next_round": _next_round,
    }


def _choices(offered: list[Action]) -> list[Choose]:
    return [a for a in offered if isinstance(a, Choose)]


def _favourite(deck: DeckFacts, view) -> str | None:
    counts = [0] * len(deck.colors)
    for card in view["hand"]:
        color = deck.color[deck.nid[card]]
        if color >= 0:
            counts[color] += 1
    best = max(counts)
    return deck.colors[counts.index(best)] if best else None
