"""Hints for people: the expert's choice for a seat, and one line of why.

    advisor = Advisor(rules, seat)          # one per human seat, for the match
    advisor.observe(action, seen_events(events, seat))   # after every action
    tip = advisor.hint(look, legal_actions(state, seat))
    tip.action, tip.why     # Play(...), "keeps your Wild; Cy is on UNO"

The advisor remembers what its seat saw, exactly as a bot in that seat
would (it is one), so a hint never uses a card the player could not see.
The words use the rule file's card labels and the players' names. Like the
engine's, they are a `Said` (game/engine/said.py): English text that keeps
its template and values, so the table words it in the player's language at
each frame (`game.i18n.say` with the card book's `engine_words()`, which
gives the labels and colours in that language).
`hint(rules, look, actions)` gives advice without that memory (from the
view alone), for a one-off question. `hinting` is `hint` a search world at
a time, for a screen that must keep drawing frames while it thinks (the
table spreads it over frames, game/table/hint.py); it needs no clock
limit, since the search's budget of engine actions bounds it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.bots.base import asked, owed
from game.bots.expert import ExpertBot, finish
from game.bots.seats import next_seat
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
from game.engine.purposes import Purpose
from game.engine.ruleset import RuleSet
from game.engine.said import Said, said, said_n
from game.engine.view import View

# Hints answer within this long even on a slow machine (the search's own
# budget usually ends it sooner).
HINT_MS = 150


@dataclass(frozen=True)
class Hint:
    action: Action | None  # None: nothing to advise
    why: Said


class Advisor:
    """The expert's advice for one seat, with that seat's memory of the match."""

    def __init__(
        self, rules: RuleSet, seat: int, seed: int = 0, deadline_ms: float | None = HINT_MS
    ) -> None:
        self.bot = ExpertBot(seed, rules, deadline_ms=deadline_ms)
        self.bot.sit(rules, seat)

    def observe(self, action, events: Sequence[Mapping[str, Any]]) -> None:
        """An action and its events as this seat saw them (`seen_events`)."""
        self.bot.observe(action, events)

    def hint(self, look, actions) -> Hint:
        return finish(self.hinting(look, actions))

    def hinting(self, look, actions) -> Generator[None, None, Hint]:
        """`hint`, yielding between the search's worlds. The seat's view is
        taken at the first step: step it before the table changes."""
        view = look()
        bot = self.bot
        bot.advisor.see_faces(view)  # the faces in play (a two-sided deck turns over)
        action: Action | None
        if any(isinstance(a, CallUno) for a in actions):
            action = next(a for a in actions if isinstance(a, CallUno))
        elif view["pending"] is None or view["pending"]["seat"] != view["seat"]:
            action = bot.interject(lambda: view, actions)
            if action is None:
                return Hint(None, said("nothing to do until your turn"))
        else:
            action = yield from bot.deciding(lambda: view, actions)
        return Hint(action, explain(bot, view, action))


def hint(rules: RuleSet, look, actions, seed: int = 0) -> Hint:
    """Advice from the view alone (no memory of what happened before)."""
    view = look()
    return Advisor(rules, view["seat"], seed).hint(lambda: view, actions)


def explain(bot: ExpertBot, view: View, action) -> Said:
    """One line, in plain words, of why `action` is the move."""
    table = _Seat(bot.advisor, view)
    if isinstance(action, Play):
        left = list(table.hand)
        left.remove(bot.advisor.deck.nid[action.card])
        if not left:
            label = bot.advisor.deck.label(bot.advisor.deck.nid[action.card])
            return said("the {card} is your last card: play it and win the round", card=label)
        reasons = _play_reasons(table, action, left)
    else:
        why = _WHY.get(type(action))
        found = said("it is the best move the search found")
        reasons = [found if why is None else why(bot, table, action)]
    chosen = next((c for c in bot.last if c.action == action), None)
    if chosen is not None and bot.last[0] is not chosen and not reasons[1:]:
        # The search overruled the rule of thumb: say how it knows.
        reasons.append(
            said_n(
                "it did best in {n} game played out",
                "it did best in {n} games played out",
                chosen.worlds,
            )
        )
    if len(reasons) == 1:
        return reasons[0]
    return said("{reason}; {more}", reason=reasons[0], more=reasons[1])


class _Seat:
    """The advised seat at the table: who plays next, its partner, its hand."""

    def __init__(self, advisor, view: View) -> None:
        self.advisor = advisor
        self.view = view
        self.names = view["names"]
        self.me = me = view["seat"]
        self.players = view["players"]
        self.sizes = view["hand_sizes"]
        self.nxt = next_seat(view, me)
        self.partner = advisor.partner(view)
        self.hand = [advisor.deck.nid[c] for c in view["hand"]]

    def threat(self) -> Said | None:
        """An opponent close to going out, the closest first."""
        sizes, players, me = self.sizes, self.players, self.me
        close = [s for s in range(players) if s not in (me, self.partner) and 0 < sizes[s] <= 2]
        if not close:
            return None
        seat = min(close, key=lambda s: (sizes[s], (s - me) % players))
        name = self.names[seat]
        if sizes[seat] == 1:
            return said("{name} is on UNO", name=name)
        return said_n("{name} has {n} card", "{name} has {n} cards", sizes[seat], name=name)


def _play_reasons(table: _Seat, action: Play, left: list[int]) -> list[Said]:
    """Why a card, with `left` the hand after it: what it does to the next
    player, the colour it names, or what it keeps; and who is close to going out."""
    deck = table.advisor.deck
    name = deck.nid[action.card]
    label = deck.label(name)
    nxt, sizes = table.nxt, table.sizes
    threat = table.threat()
    reasons: list[Said] = []
    if deck.hurt[name] and nxt != table.partner and sizes[nxt] <= 2:
        reasons.append(
            said_n(
                "the {card} slows {name}, who has {n} card",
                "the {card} slows {name}, who has {n} cards",
                sizes[nxt],
                card=label,
                name=table.names[nxt],
            )
        )
    elif deck.wild[name]:
        reasons.append(_wild_reason(deck, action, label, left))
    else:
        reasons += _colored_reasons(table, name, label, left, threat)
    if threat and not any(table.names[s] in r for r in reasons for s in range(table.players)):
        reasons.append(threat)
    return reasons


def _wild_reason(deck, action: Play, label: str, left: list[int]) -> Said:
    """Why a wild: the colour it names, and how many of it are held."""
    named = action.color
    if named is None:
        return said("the {card} is the card that fits best", card=label)
    color = deck.colors.index(named)
    held = sum(1 for n in left if deck.color[n] == color)
    return said_n(
        "the {card} turns play to {color}: you hold {n} {color} card",
        "the {card} turns play to {color}: you hold {n} {color} cards",
        held,
        card=label,
        color=named,
    )


def _colored_reasons(
    table: _Seat, name: int, label: str, left: list[int], threat: Said | None
) -> list[Said]:
    """Why a card of a colour: the wild it keeps, a colour the next player
    lacks, points shed before someone goes out, or the plain reason."""
    deck = table.advisor.deck
    nxt = table.nxt
    reasons: list[Said] = []
    wilds = [n for n in left if deck.wild[n]]
    if wilds:
        reasons.append(said("keeps your {card}", card=deck.label(wilds[0])))
    color = deck.color[name]
    know = table.advisor.knowledge
    if color >= 0 and color in know.described_voids(nxt) and nxt != table.partner:
        reasons.append(
            said(
                "{name} could not play {color} before",
                name=table.names[nxt],
                color=deck.colors[color],
            )
        )
    elif deck.points[name] >= 10 and threat:
        reasons.append(
            said_n(
                "gets the {card} ({n} point) out of your hand",
                "gets the {card} ({n} points) out of your hand",
                deck.points[name],
                card=label,
            )
        )
    elif not reasons:
        reasons.append(_plain_reason(deck, label, color, left))
    return reasons


def _draw_reason(bot: ExpertBot, table: _Seat, action: Draw) -> Said:
    if any(isinstance(c.action, Play) for c in bot.last):
        return said("drawing costs less than anything you could play")
    return said("nothing in your hand fits")


def _pass_reason(bot: ExpertBot, table: _Seat, action: Pass) -> Said:
    drawn = table.view["drawn"]
    if drawn:
        deck = table.advisor.deck
        return said("keep the {card} for later", card=deck.label(deck.index[drawn[-1]]))
    return said("nothing better to do")


def _challenge_reason(bot: ExpertBot, table: _Seat, action: Challenge) -> Said:
    penalty = owed(table.view)
    return said(
        "{name} probably still had a {color} card",
        name=table.names[penalty["source"]],
        color=penalty["color_before"],
    )


def _accept_reason(bot: ExpertBot, table: _Seat, action: Accept) -> Said:
    return said("a challenge would probably fail and cost you more")


def _call_reason(bot: ExpertBot, table: _Seat, action: CallUno) -> Said:
    return said("call UNO now, or anyone can catch you")


def _catch_reason(bot: ExpertBot, table: _Seat, action: Catch) -> Said:
    return said("{name} forgot to call UNO", name=table.names[action.target])


def _next_round_reason(bot: ExpertBot, table: _Seat, action: NextRound) -> Said:
    return said("on to the next round")


def _choose_reason(bot: ExpertBot, table: _Seat, action: Choose) -> Said:
    return _choice_words(table.advisor, table.view, action, table.nxt, table.partner)


# Why each other type of move (a card played is `_play_reasons`).
_WHY: dict[type, Callable[..., Said]] = {
    Draw: _draw_reason,
    Pass: _pass_reason,
    Challenge: _challenge_reason,
    Accept: _accept_reason,
    CallUno: _call_reason,
    Catch: _catch_reason,
    NextRound: _next_round_reason,
    Choose: _choose_reason,
}


def _choice_words(advisor, view: View, action: Choose, nxt: int, partner) -> Said:
    reason = CHOICE_REASONS.get(asked(view))
    if reason is None:
        return said("the best answer the search found")
    return reason(advisor, view, action.value, nxt, partner)


def _color_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    deck = advisor.deck
    named = str(value)
    color = deck.colors.index(named)
    held = sum(1 for c in view["hand"] if deck.color[deck.nid[c]] == color)
    if nxt != partner and color in advisor.knowledge.described_voids(nxt):
        return said_n(
            "you hold {n} {color} card and {name} could not play {color}",
            "you hold {n} {color} cards and {name} could not play {color}",
            held,
            color=named,
            name=view["names"][nxt],
        )
    return said_n("you hold {n} {color} card", "you hold {n} {color} cards", held, color=named)


def _swap_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    return said_n(
        "{name} has the fewest cards ({n})",
        "{name} has the fewest cards ({n})",
        view["hand_sizes"][value],
        name=view["names"][value],
    )


def _hurt_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    return said_n(
        "{name} is closest to going out ({n} card)",
        "{name} is closest to going out ({n} cards)",
        view["hand_sizes"][value],
        name=view["names"][value],
    )


def _help_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    if value == partner:
        return said("{name} is your partner", name=view["names"][value])
    return said_n(
        "{name} is furthest from going out ({n} card)",
        "{name} is furthest from going out ({n} cards)",
        view["hand_sizes"][value],
        name=view["names"][value],
    )


def _draft_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    deck = advisor.deck
    label = deck.label(deck.index[view["draft_card"]])
    if value == "keep":
        return said("the {card} is worth keeping", card=label)
    return said("the {card} is weak", card=label)


def _dump_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    if value == "all":
        return said("play them all: fewer cards in hand")
    return said("keep them for now")


def _dump_next_reason(advisor, view: View, value, nxt: int, partner) -> Said:
    return said(
        "the {card} goes down now; the last card down acts",
        card=advisor.deck.card_label(value),
    )


# Why the advice answers a choice as it does, by what the choice is for
# (game/engine/purposes.py); the moves of a turn are worded above.
CHOICE_REASONS: dict[Purpose, Callable[..., Said]] = {
    Purpose.NAME_COLOR: _color_reason,
    Purpose.SWAP: _swap_reason,
    Purpose.HURT: _hurt_reason,
    Purpose.HELP: _help_reason,
    Purpose.KEEP: _draft_reason,
    Purpose.SHED: _dump_reason,
    Purpose.LAST_ACTS: _dump_next_reason,
}


def _plain_reason(deck, label: str, color: int, left: list[int]) -> Said:
    """Why an ordinary card: it keeps play in the colour held most, or it is
    simply the one the search rated best."""
    if color >= 0:
        held = [sum(1 for n in left if deck.color[n] == c) for c in range(len(deck.colors))]
        if held[color] and held[color] == max(held):
            return said(
                "the {card} keeps play in {color}, your longest colour",
                card=label,
                color=deck.colors[color],
            )
    return said("the {card} came out best of your choices when played out", card=label)
