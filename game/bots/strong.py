"""The strong bot: a heuristic that counts cards.

It remembers what its seat saw (`SeatKnowledge`): what was played, what each
seat drew, which colours a seat could not follow, hands it was shown. On its
turn it ranks each legal card as the basic bot does (the colour it holds
most, numbers by points, wilds kept until someone is close to going out,
action cards saved for a next seat about to go out) and adds what counting
tells it:
- the colour left in force: one the next seat likely cannot follow (a
  partner, with `teams`, one it likely can);
- an action card never aimed at a partner;
- a restricted card (Wild Draw Four) played against its restriction is a
  bluff, weighed against how often the next seat has challenged: a caught
  bluff costs the cards both ways.
It challenges when the chance that the card owed was a bluff (hands the
source may hold, dealt from what this seat knows, judged by the engine's own
restriction) outweighs the extra cards a lost challenge costs, and answers
every other decision (colour, player, draft, dump, stacking) by the same
lights.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.bots.base import Bot, Look, asked, owed
from game.bots.deck import DeckFacts, deck_facts, shows_color
from game.bots.knowledge import SeatKnowledge
from game.bots.sampling import TableSampler
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
from game.engine.state import GameState
from game.engine.view import View

# Weights of the play ranking (the basic bot's scale: a card of the colour
# held most is worth 2).
GO_OUT = 100.0
WILD_KEPT = 10.0  # spending a wild while nobody is close to going out
WILD_URGENT = 5.0  # a wild when someone is
FAVOURITE = 2.0  # a card of the colour held most
WILD_FAVOURITE = 3.0  # a wild naming the colour held most
ACTION_CALM = 1.0  # an action card, nobody threatening
ACTION_URGENT = 4.0  # an action card against a next seat about to go out
HURT_FRIEND = 1.0  # per card or turn an action would cost a partner next
POINTS = 0.1  # per point shed
SWITCH_AWAY = 3.0  # the next seat likely cannot follow the colour left in force
BLUFF_RISK = 5.0  # per card owed, times the chance of a challenge: a caught bluff costs both ways
DRAW_COST = 12.0  # drawing instead of playing (where allowed): worse than spending a wild
KEEP_DRAWN = 0.6  # keeping a drawn card rather than playing it
GUILT_SAMPLES = 12  # hands dealt to the source to judge a challenge
GUILT_WEIGHT = 1.0
# How often a seat is thought to challenge before it has shown it (a prior
# worth three challengeable cards).
DEFAULT_CHALLENGE_RATE = 0.35


class StrongBot(Bot):
    level = "strong"
    watches = True

    def _seated(self) -> None:
        assert self.rules is not None and self.seat is not None
        self.deck: DeckFacts = deck_facts(self.rules)
        self.knowledge = SeatKnowledge(self.deck, self.seat)
        self.sampler = TableSampler(self.deck, self.seat)

    def observe(self, action, events: Sequence[Mapping[str, Any]]) -> None:
        if self.seat is None or self._faces_stale:
            return
        for at, event in enumerate(events):
            # A round starts on the first side again.
            if event["t"] == "flip" or (event["t"] == "round" and self.deck.cards.side):
                # The cards now show faces this memory does not count by: it
                # starts again from the seat's next look at the table.
                self.knowledge.observe(action, events[:at])
                self._faces_stale = True
                return
        self.knowledge.observe(action, events)

    _faces_stale = False

    def see_faces(self, view: View) -> None:
        """Count by the faces in play (a two-sided deck turns over, and pairs
        its faces anew each match): a new set of faces starts a new memory."""
        if view["cards"] is not self.deck.cards:
            assert self.rules is not None and self.seat is not None
            self.deck = deck_facts(self.rules, view["cards"])
            self.knowledge = SeatKnowledge(self.deck, self.seat)
            self.sampler = TableSampler(self.deck, self.seat)
            # Every reader of the memory (a hint's words too) finds the hands
            # it starts from, whichever path the caller takes next.
            self.knowledge.sync(view)
        self._faces_stale = False

    # --- out of turn -------------------------------------------------------------

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        view = None
        for action in actions:
            if isinstance(action, CallUno):
                return action
        for action in actions:
            if isinstance(action, Catch):
                if view is None:
                    view = look()
                    self.see_faces(view)
                if not self.is_partner(view, action.target):
                    return action
        for action in actions:
            if isinstance(action, Play):
                return action  # shed a card and take the turn
        return None

    # --- on its turn -------------------------------------------------------------

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        types = {type(a) for a in actions}
        if types == {NextRound}:
            return actions[0]
        view = look()
        self._require_rules(view)
        self.see_faces(view)
        self.knowledge.sync(view)
        if CallUno in types:
            return next(a for a in actions if isinstance(a, CallUno))
        for action in actions:
            if isinstance(action, Catch) and not self.is_partner(view, action.target):
                return action
        return self.answers[asked(view)](self, view, actions)

    def _turn(self, view: View, actions):
        return self.rank(view, actions)[0][1]

    def rank(self, view: View, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """The turn's actions (plays, draw, pass), best first, with their worth."""
        table = _Table(self, view)
        scored = []
        for index, action in enumerate(actions):
            if isinstance(action, Play):
                worth = self._play_worth(table, action)
            elif isinstance(action, Draw):
                worth = -DRAW_COST
            elif isinstance(action, Pass):
                worth = -KEEP_DRAWN if view["drawn"] else -DRAW_COST
            else:
                continue
            scored.append((worth, -index, action))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(worth, action) for worth, _, action in scored]

    def _play_worth(self, table: _Table, action: Play) -> float:
        deck = self.deck
        name = deck.nid[action.card]
        left = table.hand_names.copy()
        left.remove(name)
        if not left:
            return GO_OUT
        worth = 0.0
        threatened = table.next_urgent
        if deck.wild[name]:
            # Keep wilds for need, unless someone is about to go out.
            worth += WILD_URGENT if table.urgent else -WILD_KEPT
            if action.color is not None and deck.colors.index(action.color) == table.favourite:
                worth += WILD_FAVOURITE
        else:
            worth += FAVOURITE if deck.color[name] == table.favourite else 0.0
            if not deck.is_number[name]:
                if table.next_is_friend:
                    worth -= deck.hurt[name] * HURT_FRIEND
                else:
                    worth += ACTION_URGENT if threatened else ACTION_CALM
            else:
                worth += deck.points[name] * POINTS  # shed points
        # The colour in force afterwards: one the next seat likely lacks.
        color = deck.color[name]
        if color < 0 and action.color is not None:
            color = deck.colors.index(action.color)
        if color >= 0:
            worth += table.color_worth(color)
        if deck.restricted[name] and not table.allowed(action.card):
            p_challenge = table.challenge_rate(table.next_seat)
            worth -= p_challenge * BLUFF_RISK * (deck.hurt[name] or 4.0)
        return worth

    # --- answers -----------------------------------------------------------------

    # The choices: a jump-in may be offered beside one, so each answers from
    # the Choose actions only.

    def _color(self, view: View, offered):
        table = _Table(self, view)
        colors = self.deck.colors
        return max(_choices(offered), key=lambda a: table.naming_worth(colors.index(a.value)))

    def _player(self, view: View, offered):
        table = _Table(self, view)
        return min(_choices(offered), key=lambda a: table.swap_cost(int(a.value)))

    def _draft(self, view: View, offered):
        table = _Table(self, view)
        by_value = {a.value: a for a in _choices(offered)}
        card = view["draft_card"]
        assert card is not None, "a draft shows its seat the card it looks at"
        return by_value["keep" if table.worth_keeping(card) else "discard"]

    def _dump(self, view: View, offered):
        actions = _choices(offered)
        by_value = {a.value: a for a in actions}
        return by_value.get("all", by_value.get("none", actions[0]))

    def _dump_next(self, view: View, offered):
        # The last card down acts: keep the harshest for last (the kindest
        # when the next seat is a partner).
        table = _Table(self, view)
        deck = self.deck
        sign = -1 if table.next_is_friend else 1
        return min(
            _choices(offered), key=lambda a: (sign * deck.hurt[deck.nid[int(a.value)]], a.value)
        )

    def _next_round(self, view: View, actions):
        return actions[0]

    def _answer_penalty(self, view: View, actions):
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            # Pass the cards on, with the card that hurts least to keep.
            table = _Table(self, view)
            return max(plays, key=lambda a: self._play_worth(table, a))
        challenge = next((a for a in actions if isinstance(a, Challenge)), None)
        if challenge is not None and self.worth_challenging(view):
            return challenge
        return next(a for a in actions if isinstance(a, Accept))

    # How this level answers each kind of decision (Bot.answers).
    answers: ClassVar[Mapping[KindName, Callable[..., Action]]] = {
        "play": _turn,
        "drawn": _turn,
        "more": _turn,
        "penalty": _answer_penalty,
        "color": _color,
        "player": _player,
        "draft": _draft,
        "dump": _dump,
        "dump_next": _dump_next,
        "next_round": _next_round,
    }

    def worth_challenging(self, view: View) -> bool:
        p_guilty = self.guilt_chance(view)
        count = owed(view)["count"]
        extra = self.rules.model.challenge.extra_if_innocent if self.rules else 2
        # Accept: this seat draws `owed`. Challenge: guilty, the source draws
        # them instead; innocent, this seat draws owed + extra.
        return GUILT_WEIGHT * p_guilty * 2 * count > (1 - p_guilty) * extra

    def guilt_chance(self, view: View) -> float:
        """How likely the card owed was played against its restriction: the
        share of hands the source may hold that would make it so, times how
        often that seat bluffs."""
        penalty = owed(view)
        source = penalty["source"]
        if penalty["color_before"] is None or view["top"] is None:
            return 0.0
        if penalty["color_before"] not in self.deck.colors:
            # Named before the table turned over: the source's hand shows
            # that side to everyone, so its guilt is seen, not guessed.
            return float(shows_color(view, source, penalty["color_before"]))
        sampler = self.sampler
        sampler.prepare(view, self.knowledge)
        guilty = 0
        state = sampler.own_state()
        state.color = self.deck.colors.index(penalty["color_before"])
        card = state.discard.pop()
        for _ in range(GUILT_SAMPLES):
            state.hands[source] = sampler.sample_hand(source, self.rng)
            guilty += not state.play_allowed(source, card)
        know = self.knowledge
        caught, cleared = know.caught_bluffing[source], know.cleared[source]
        bluffs = (1 + caught) / (2 + caught + cleared)
        return guilty / GUILT_SAMPLES * bluffs

    def is_partner(self, view: View, seat: int) -> bool:
        return (
            self.rules is not None
            and self.rules.model.scoring.teams
            and seat == (view["seat"] + view["players"] // 2) % view["players"]
        )


def _choices(offered) -> list[Choose]:
    return [a for a in offered if isinstance(a, Choose)]


class _Table:
    """What the strong bot works out once per decision."""

    def __init__(self, bot: StrongBot, view: View) -> None:
        self.bot = bot
        self.view = view
        deck = self.deck = bot.deck
        know = self.know = bot.knowledge
        self.me = me = view["seat"]
        self.players = players = view["players"]
        self.hand_names = [deck.nid[c] for c in view["hand"]]
        self.unseen = know.unseen(view)
        sizes = view["hand_sizes"]
        eliminated = view["eliminated"]
        teams = bot.rules is not None and bot.rules.model.scoring.teams
        self.partner = (me + players // 2) % players if teams else None
        self.opponents = [
            s for s in range(players) if s != me and s != self.partner and not eliminated[s]
        ]
        step = view["direction"]
        nxt = (me + step) % players
        while eliminated[nxt] and nxt != me:
            nxt = (nxt + step) % players
        self.next_seat = nxt
        self.next_is_friend = nxt == self.partner
        self.next_urgent = not self.next_is_friend and sizes[nxt] <= 2
        self.urgent = any(sizes[s] <= 2 for s in self.opponents)
        held = [0] * len(deck.colors)
        for n in self.hand_names:
            if deck.color[n] >= 0:
                held[deck.color[n]] += 1
        self.held = held
        self.favourite = held.index(max(held)) if max(held) else None
        self._own_state: GameState | None = None
        self.top = deck.index[view["top"]] if view["top"] else None

    def color_worth(self, color: int) -> float:
        """How good it is to leave `colour` in force: an opponent next had
        better lack it (all the more when about to go out), a partner hold it."""
        p_next = self.know.p_holds(self.next_seat, self.deck.color_mask[color], self.unseen)
        if self.next_is_friend:
            return SWITCH_AWAY * p_next
        return SWITCH_AWAY * (1 - p_next) * (2.0 if self.next_urgent else 1.0)

    def naming_worth(self, color: int) -> float:
        """How good it is to name `colour` (a colour chosen apart from a play)."""
        worth = WILD_FAVOURITE if color == self.favourite else 0.0
        return worth + self.color_worth(color)

    def allowed(self, card: int) -> bool:
        """Whether this seat may play `card` by its restriction (else a bluff)."""
        if self._own_state is None:
            sampler = self.bot.sampler
            sampler.prepare(self.view, self.know)
            self._own_state = sampler.own_state()
        return self._own_state.play_allowed(self.me, card)

    def challenge_rate(self, seat: int) -> float:
        know = self.know
        return (DEFAULT_CHALLENGE_RATE * 3 + know.challenged[seat]) / (3 + know.faced[seat])

    def swap_cost(self, seat: int) -> float:
        """Taking `seat`'s hand for this one: fewer cards is better, and a
        partner is better left alone."""
        size = self.view["hand_sizes"][seat]
        return size + (50 if seat == self.partner else 0)

    def worth_keeping(self, card: str) -> bool:
        """A draft: keep the card looked at if it beats a card taken blind."""
        deck = self.deck
        name = deck.index[card]
        unseen = self.unseen
        total = sum(unseen) or 1
        blind = sum(self.card_worth(n) * k for n, k in enumerate(unseen)) / total
        return self.card_worth(name) >= blind

    def card_worth(self, name: int) -> float:
        deck = self.deck
        if deck.wild[name]:
            return 3.0 + deck.hurt[name] * 0.3
        held = sum(1 for n in self.hand_names if deck.color[n] == deck.color[name])
        worth = 0.4 * held + deck.hurt[name] * 0.5
        if deck.is_number[name]:
            worth += 1.0 - deck.points[name] / 12
        return worth
