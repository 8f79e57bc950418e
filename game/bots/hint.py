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
table spreads it over frames, game/scenes/table_hint.py); it needs no clock
limit, since the search's budget of engine actions bounds it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.bots.expert import ExpertBot, finish
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
from game.engine.ruleset import RuleSet
from game.engine.said import Said, said, said_n

# Hints answer within this long even on a slow machine (the search's own
# budget usually ends it sooner).
HINT_MS = 150


@dataclass(frozen=True)
class Hint:
    action: object
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
        action: object
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


def explain(bot: ExpertBot, view: dict, action) -> Said:
    """One line, in plain words, of why `action` is the move."""
    advisor = bot.advisor
    deck = advisor.deck
    know = advisor.knowledge
    names = view["names"]
    me = view["seat"]
    players = view["players"]
    sizes = view["hand_sizes"]
    step = view["direction"]
    nxt = (me + step) % players
    while view["eliminated"][nxt] and nxt != me:
        nxt = (nxt + step) % players
    opposite = (me + players // 2) % players
    partner = opposite if advisor.is_partner(view, opposite) else None
    hand = [deck.nid[c] for c in view["hand"]]
    reasons: list[Said] = []

    def on_uno() -> Said | None:
        close = [s for s in range(players) if s not in (me, partner) and 0 < sizes[s] <= 2]
        if not close:
            return None
        seat = min(close, key=lambda s: (sizes[s], (s - me) % players))
        if sizes[seat] == 1:
            return said("{name} is on UNO", name=names[seat])
        return said_n("{name} has {n} card", "{name} has {n} cards", sizes[seat], name=names[seat])

    kind = type(action)
    if kind is Play:
        name = deck.nid[action.card]
        label = deck.label(name)
        left = list(hand)
        left.remove(name)
        if not left:
            return said("the {card} is your last card: play it and win the round", card=label)
        threat = on_uno()
        if deck.hurt[name] and nxt != partner and sizes[nxt] <= 2:
            reasons.append(
                said_n(
                    "the {card} slows {name}, who has {n} card",
                    "the {card} slows {name}, who has {n} cards",
                    sizes[nxt],
                    card=label,
                    name=names[nxt],
                )
            )
        elif deck.wild[name]:
            named = action.color
            if named is not None:
                color = deck.colors.index(named)
                held = sum(1 for n in left if deck.color[n] == color)
                reasons.append(
                    said_n(
                        "the {card} turns play to {color}: you hold {n} {color} card",
                        "the {card} turns play to {color}: you hold {n} {color} cards",
                        held,
                        card=label,
                        color=named,
                    )
                )
            else:
                reasons.append(said("the {card} is the card that fits best", card=label))
        else:
            wilds = [n for n in left if deck.wild[n]]
            if wilds:
                reasons.append(said("keeps your {card}", card=deck.label(wilds[0])))
            color = deck.color[name]
            if color >= 0 and color in know.described_voids(nxt) and nxt != partner:
                reasons.append(
                    said(
                        "{name} could not play {color} before",
                        name=names[nxt],
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
        if threat and not any(names[s] in r for r in reasons for s in range(players)):
            reasons.append(threat)
    elif kind is Draw:
        if any(isinstance(c.action, Play) for c in bot.last):
            reasons.append(said("drawing costs less than anything you could play"))
        else:
            reasons.append(said("nothing in your hand fits"))
    elif kind is Pass:
        if view["drawn"]:
            drawn = deck.label(deck.index[view["drawn"][-1]])
            reasons.append(said("keep the {card} for later", card=drawn))
        else:
            reasons.append(said("nothing better to do"))
    elif kind is Challenge:
        reasons.append(
            said(
                "{name} probably still had a {color} card",
                name=names[view["penalty"]["source"]],
                color=view["penalty"]["color_before"],
            )
        )
    elif kind is Accept:
        reasons.append(said("a challenge would probably fail and cost you more"))
    elif kind is CallUno:
        reasons.append(said("call UNO now, or anyone can catch you"))
    elif kind is Catch:
        reasons.append(said("{name} forgot to call UNO", name=names[action.target]))
    elif kind is NextRound:
        reasons.append(said("on to the next round"))
    elif kind is Choose:
        reasons.append(_choice_words(advisor, view, action, nxt, partner))
    else:
        reasons.append(said("it is the best move the search found"))
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


def _choice_words(advisor, view: dict, action: Choose, nxt: int, partner) -> Said:
    deck = advisor.deck
    names = view["names"]
    kind = view["pending"]["kind"]
    value = action.value
    if kind == "color":
        named = str(value)
        color = deck.colors.index(named)
        held = sum(1 for c in view["hand"] if deck.color[deck.nid[c]] == color)
        if nxt != partner and color in advisor.knowledge.described_voids(nxt):
            return said_n(
                "you hold {n} {color} card and {name} could not play {color}",
                "you hold {n} {color} cards and {name} could not play {color}",
                held,
                color=named,
                name=names[nxt],
            )
        return said_n("you hold {n} {color} card", "you hold {n} {color} cards", held, color=named)
    if kind == "player":
        return said_n(
            "{name} has the fewest cards ({n})",
            "{name} has the fewest cards ({n})",
            view["hand_sizes"][value],
            name=names[value],
        )
    if kind == "draft":
        label = deck.label(deck.index[view["draft_card"]])
        if value == "keep":
            return said("the {card} is worth keeping", card=label)
        return said("the {card} is weak", card=label)
    if kind == "dump":
        if value == "all":
            return said("play them all: fewer cards in hand")
        return said("keep them for now")
    if kind == "dump_next":
        return said(
            "the {card} goes down now; the last card down acts", card=deck.card_label(value)
        )
    return said("the best answer the search found")


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
