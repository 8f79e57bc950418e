"""The basic bot: plays rather than draws, keeps wilds for need, names the
colour it holds most, calls UNO, catches others, and challenges a Wild Draw
Four when the odds favour it. It reads only its own `view`."""

from __future__ import annotations

from collections import Counter

from game.engine.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.engine.rng import Rng

# A lost challenge costs 2 more cards than accepting; a won one saves the
# 4 and hands them to the bluffer: an 8-card swing. Challenge above 2/10.
CHALLENGE_THRESHOLD = 0.2
# Basic bots never bluff; a table of humans and random bots does, sometimes.
BLUFF_PRIOR = 0.5


def _color_of(card: str) -> str:
    return card.split(":", 1)[0]


class BasicBot:
    level = "basic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def interject(self, look, actions):
        # Calling UNO matters most, then catching someone, then jumping in.
        for wanted in (CallUno, Catch, Play):
            for action in actions:
                if isinstance(action, wanted):
                    return action
        return None

    def choose(self, look, actions):
        types = {type(a) for a in actions}
        if types == {NextRound}:
            return actions[0]
        view = look()
        for wanted in (CallUno, Catch):
            if wanted in types:
                return next(a for a in actions if isinstance(a, wanted))
        if Choose in types:
            return self._answer_choice(view, actions)
        plays = [a for a in actions if isinstance(a, Play)]
        if Accept in types:
            if plays:  # stack rather than take the cards
                return self._best_play(view, plays)
            if Challenge in types and self._worth_challenging(view):
                return next(a for a in actions if isinstance(a, Challenge))
            return next(a for a in actions if isinstance(a, Accept))
        if plays:
            return self._best_play(view, plays)
        # Already drew this turn and nothing drawn can be played: drawing on
        # only fattens the hand, unless nothing in it fits at all.
        if Pass in types and view["drawn"] and self._holds_a_match(view):
            return next(a for a in actions if isinstance(a, Pass))
        for wanted in (Draw, Pass):
            for action in actions:
                if isinstance(action, wanted):
                    return action
        return actions[0]

    def _holds_a_match(self, view) -> bool:
        top_face = view["top"].split(":", 1)[1] if view["top"] else None
        return any(
            _color_of(c) in ("wild", view["color"]) or c.split(":", 1)[1] == top_face
            for c in view["hand_cards"]
        )

    def _favourite_color(self, view) -> str | None:
        counts = Counter(_color_of(c) for c in view["hand_cards"] if _color_of(c) != "wild")
        return counts.most_common(1)[0][0] if counts else None

    def _best_play(self, view, plays):
        hand = dict(zip(view["hand"], view["hand_cards"], strict=True))
        favourite = self._favourite_color(view)
        sizes = view["hand_sizes"]
        seat = view["seat"]
        nxt = (seat + view["direction"]) % view["players"]
        threatened = sizes[nxt] <= 2

        def rank(action):
            name = hand[action.card]
            color, face = name.split(":", 1)
            wild = color == "wild"
            score = 0.0
            if wild:
                # Keep wilds for need, unless someone is about to go out.
                score -= 10 if not threatened else -5
                score += 3 if action.color == favourite else 0
            else:
                score += 2 if color == favourite else 0
                if not face.isdigit():
                    score += 4 if threatened else 1
                else:
                    score += int(face) / 10  # shed points
            return score

        best = max(rank(a) for a in plays)
        top = [a for a in plays if rank(a) == best]
        return top[self.rng.below(len(top))]

    def _answer_choice(self, view, offered):
        # An UNO call or a jump-in may be offered beside the choice: answer the
        # choice from the Choose actions only.
        actions = [a for a in offered if isinstance(a, Choose)]
        kind = view["pending"]["kind"] if view["pending"] else None
        if kind == "color":
            favourite = self._favourite_color(view)
            for action in actions:
                if action.value == favourite:
                    return action
        if kind == "player":
            sizes = view["hand_sizes"]
            # Swap with the smallest hand.
            return min(actions, key=lambda a: (sizes[a.value], a.value))
        by_value = {a.value: a for a in actions}
        if kind == "draft":
            return by_value["keep" if self._worth_keeping(view) else "discard"]
        if kind == "dump":
            # Shedding a whole colour is worth it, when the rules allow it.
            return by_value.get("all", by_value["none"])
        if kind == "dump_next":
            # Numbers first, so the last card down is an action aimed at the opponent.
            hand = dict(zip(view["hand"], view["hand_cards"], strict=True))
            return min(actions, key=lambda a: (not hand[a.value].split(":")[1].isdigit(), a.value))
        return actions[self.rng.below(len(actions))]

    def _worth_keeping(self, view) -> bool:
        color, face = view["draft_card"].split(":", 1)
        if color == "wild" or not face.isdigit():
            return True
        held = Counter(_color_of(c) for c in view["hand_cards"])
        # Low numbers cost little if stuck in hand; a colour already held plays well.
        return int(face) <= 4 or held[color] > 0

    def _worth_challenging(self, view) -> bool:
        owed = view["penalty"]
        color = owed["color_before"]
        if color is None:
            return False
        seen = Counter(_color_of(c) for c in view["hand_cards"] + view["discard"])
        # Unseen cards: the deck less what this seat can see.
        unseen_total = max(1, sum(view["hand_sizes"]) + view["draw_pile"] - len(view["hand"]))
        deck_color = 25  # per colour in the classic deck; close enough for a heuristic
        unseen_color = max(0, deck_color - seen[color])
        share = min(1.0, unseen_color / unseen_total)
        held = view["hand_sizes"][owed["source"]]
        p_holds = 1 - (1 - share) ** held
        return p_holds * BLUFF_PRIOR > CHALLENGE_THRESHOLD
