"""Rigged decks for scenario tests: the test decides every card.

The tools:

* `rules_with(overrides)` -- classic.yaml with nested option overrides,
  merged the way the loader layers a house-rule file (mappings deep-merged,
  anything else replaced whole; wrap a mapping in `Replace` to replace it
  whole too). `overlay(name)` layers tests/engine/overlays/NAME.yaml over
  classic with the real loader.
* `rigged(rules, hands=..., draw=..., top=...)` -- a mid-round GameState:
  every hand, the draw pile (top first), the discard top and colour in force,
  the seat to act, direction, dealer, scores. Each physical card is used
  once; the cards nobody named go to the bottom of the draw pile (or under
  the discard top, with `rest="discard"`), so the 108 cards are conserved.
* `start_round(rules, players, dealer=..., turned=[...], hands=...)` -- round
  1 dealt from a rigged pile (a `RiggedRng` whose shuffles put the named
  cards on top), for the deal and the first-card table. (The cut for the
  dealer is not rigged: test_classic_setup checks it on many seeded games.)

Every action taken through `act` / `play` is checked against the replay
format: required fields, card names, and "a seat's hand is always exactly
what the log says it is".
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.engine import apply, dealing, legal_actions, new_game, validate_rules
from game.engine.actions import Play
from game.engine.cards import card_table
from game.engine.pending import Decision
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.state import GameState
from game.rules.loader import RULES_DIR, load_rules
from game.rules.yamlsafe import load_yaml_file

OVERLAYS = Path(__file__).resolve().parent / "overlays"


# --- rules and options ---------------------------------------------------------


@cache
def classic() -> RuleSet:
    """rules/classic.yaml through the real loader."""
    return load_rules(["classic"])


@dataclass(frozen=True)
class Replace:
    """An override value that replaces a mapping instead of merging into it."""

    value: dict


def _merge(into: dict, over: dict) -> None:
    for key, value in over.items():
        if isinstance(value, Replace):
            into[key] = copy.deepcopy(value.value)
        elif isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = copy.deepcopy(value)


def rules_with(overrides: dict | None = None, **top_level) -> RuleSet:
    """classic.yaml with option overrides, e.g.
    `rules_with({"turn": {"draw_when_playable": True}})` or
    `rules_with(scoring={"scheme": "rounds_won", "target": 3})`."""
    data = copy.deepcopy(load_yaml_file(RULES_DIR / "classic.yaml").data)
    _merge(data, overrides or {})
    _merge(data, top_level)
    return validate_rules(data, sources=("classic", "test-overrides"))


def overlay(name: str) -> RuleSet:
    """classic layered with a YAML file from tests/engine/overlays/ by the real loader."""
    return load_rules(["classic", str(OVERLAYS / f"{name}.yaml")])


# --- cards by name ---------------------------------------------------------------


class _Pool:
    """The physical cards not yet placed, looked up by name (`red:7`)."""

    def __init__(self, state: GameState) -> None:
        self.names = state.cards.names
        self.free: dict[str, list[int]] = {}
        for card_id, name in enumerate(self.names):
            self.free.setdefault(name, []).append(card_id)

    def take(self, name: str) -> int:
        ids = self.free.get(name)
        if ids is None:
            raise KeyError(f"no card named {name!r} in this deck")
        if not ids:
            raise ValueError(f"every {name} is already placed (each card is used once)")
        return ids.pop(0)

    def rest(self) -> list[int]:
        return sorted(i for ids in self.free.values() for i in ids)


def rigged(
    rules: RuleSet | None = None,
    *,
    hands: dict[int, list[str]],
    draw: list[str] = (),
    top: str = "red:5",
    color: str | None = None,
    under_top: list[str] = (),
    to_act: int = 0,
    players: int | None = None,
    dealer: int | None = None,
    direction: int = 1,
    scores: list[int] | None = None,
    eliminated: list[bool] | None = None,
    round_no: int = 1,
    rest: str = "draw",
    seed: int = 0,
) -> GameState:
    """A state mid-round where `to_act` must play (`pending = Decision("play", to_act)`).

    `draw` is the draw pile top first. `under_top` is the discard pile under
    the top card, bottom first. `rest` says where the unnamed cards go:
    `draw` (under the named draw cards), `discard` (under the discard top, so
    the draw pile is exactly `draw`), or `out` (set aside: only for a blocked
    round, which the 108 cards cannot make).
    """
    rules = rules or classic()
    players = players or max(hands) + 1
    state, _ = new_game(rules, players, seed)
    cards = state.cards
    pool = _Pool(state)
    state.hands = [[pool.take(n) for n in hands.get(s, [])] for s in range(players)]
    top_id = pool.take(top)
    below = [pool.take(n) for n in under_top]
    drawn = [pool.take(n) for n in draw]
    leftovers = pool.rest()
    draw_pile = list(reversed(drawn))  # the top is the end of the list
    discard = below + [top_id]
    if rest == "draw":
        draw_pile = leftovers + draw_pile
    elif rest == "discard":
        discard = leftovers + discard
    elif rest != "out":
        raise ValueError(f"rest: draw, discard or out, not {rest!r}")
    state.draw_pile = draw_pile
    state.discard = discard
    if color is None:
        if cards.color[top_id] < 0:
            raise ValueError("a wild on top needs color=")
        state.color = cards.color[top_id]
    else:
        state.color = cards.colors.index(color)
    state.direction = direction
    state.dealer = (to_act - direction) % players if dealer is None else dealer
    state.round_no = round_no
    state.scores = list(scores) if scores else [0] * players
    state.rounds_won = [0] * players
    state.eliminated = list(eliminated) if eliminated else [False] * players
    state.uno_called = [False] * players
    state.uno_window = -1
    state.penalty = None
    state.queue = []
    state.ctx = None
    state.actor = to_act
    state.skips = 0
    state.play_again = False
    state.drawn = []
    state.idle_passes = 0
    state.turns = 0
    state.over = False
    state.winner = None
    state.legal_cache = {}
    state.pending = Decision("play", to_act)
    return state


def hand(state: GameState, seat: int) -> list[str]:
    return [state.cards.names[c] for c in state.hands[seat]]


def draw_pile(state: GameState) -> list[str]:
    """The draw pile by name, top first."""
    return [state.cards.names[c] for c in reversed(state.draw_pile)]


def top(state: GameState) -> str:
    return state.cards.names[state.top]


def colour(state: GameState) -> str | None:
    return state.cards.color_name(state.color)


def card_in_hand(state: GameState, seat: int, name: str) -> int:
    for card in state.hands[seat]:
        if state.cards.names[card] == name:
            return card
    raise AssertionError(f"seat {seat} holds no {name}: {hand(state, seat)}")


def play_of(state: GameState, seat: int, name: str, color: str | None = None) -> Play:
    return Play(seat, card_in_hand(state, seat, name), color)


def offered(state: GameState, seat: int) -> tuple:
    return legal_actions(state, seat)


def offered_plays(state: GameState, seat: int) -> set[str]:
    """The names of the cards `seat` is offered to play."""
    names = state.cards.names
    return {names[a.card] for a in legal_actions(state, seat) if type(a) is Play}


def offered_kinds(state: GameState, seat: int) -> set[str]:
    return {type(a).__name__ for a in legal_actions(state, seat)}


def act(state: GameState, action, *, conserve: bool = True) -> tuple[GameState, list[dict]]:
    """`apply` (pure: the old state is left alone), then check the events against
    the replay format, the hands, and (unless a scenario set cards aside with
    `rest="out"`) that every card is still somewhere."""
    after, events = apply(state, action)
    check_events(events, after.players)
    check_hands(state, events, after)
    if conserve:
        assert conserved(after), "a card was lost or doubled"
    return after, events


def play(
    state: GameState, seat: int, name: str, color: str | None = None
) -> tuple[GameState, list[dict]]:
    return act(state, play_of(state, seat, name, color))


# --- events ------------------------------------------------------------------------


def kinds(events: list[dict]) -> list[str]:
    return [e["t"] for e in events]


def of(events: list[dict], t: str) -> list[dict]:
    return [e for e in events if e["t"] == t]


def brief(events: list[dict]) -> list[tuple]:
    """Events as short tuples, handy for asserting a whole sequence."""
    out = []
    for e in events:
        t = e["t"]
        if t in ("turn", "pass", "skip", "uno"):
            out.append((t, e["p"]))
        elif t == "play":
            out.append((t, e["p"], e["card"], e["color"]))
        elif t == "draw":
            out.append((t, e["p"], tuple(e["cards"]), e["why"]))
        elif t == "direction":
            out.append((t, e["direction"]))
        elif t == "color":
            out.append((t, e["p"], e["color"]))
        elif t == "catch":
            out.append((t, e["by"], e["p"]))
        elif t == "challenge":
            out.append((t, e["by"], e["p"], e["guilty"]))
        elif t == "reshuffle":
            out.append((t, e["cards"]))
        else:
            out.append((t,))
    return out


CARD = re.compile(r"^(red|yellow|green|blue|wild):([0-9]|[a-z_]+)$")
REQUIRED = {
    "game": ("rules", "seed", "players", "names", "target"),
    "round": ("n", "dealer"),
    "deal": ("p", "cards"),
    "draft": ("p", "card", "kept"),
    "start": ("card", "color", "first", "direction"),
    "color": ("p", "color"),
    "turn": ("p",),
    "play": ("p", "card", "color"),
    "draw": ("p", "cards", "why"),
    "pass": ("p",),
    "skip": ("p",),
    "direction": ("direction",),
    "uno": ("p",),
    "catch": ("by", "p"),
    "challenge": ("by", "p", "guilty"),
    "reshuffle": ("cards",),
    "swap": ("p", "with"),
    "hands": ("hands",),
    "round_end": ("winner", "points", "scores"),
    "game_end": ("winner", "scores"),
}
WHY = {"turn", "penalty", "uno", "challenge", "effect"}
COLOURS = {"red", "yellow", "green", "blue"}


def check_events(events: list[dict], players: int) -> None:
    """Every required event field of replay-format.md is there and well formed."""
    for e in events:
        t = e["t"]
        for name in REQUIRED.get(t, ()):
            assert name in e, f"{t} event without {name!r}: {e}"
        if t in ("play", "start", "draft"):
            assert CARD.match(e["card"]), e
        if t in ("deal", "draw"):
            assert all(CARD.match(c) for c in e["cards"]), e
        if t == "draw":
            assert e["why"] in WHY, e
            assert e["cards"], f"a draw of no cards: {e}"
        if t in ("play", "color"):
            assert e["color"] in COLOURS, e
        if t == "start":
            assert e["color"] in COLOURS | {None} and e["direction"] in (1, -1), e
        if t == "direction":
            assert e["direction"] in (1, -1), e
        if t == "reshuffle":
            assert isinstance(e["cards"], int) and e["cards"] > 0, e
        if t == "challenge":
            assert isinstance(e["guilty"], bool), e
        if t == "round_end":
            assert set(e["points"]) == {str(s) for s in range(players)}, e
            assert len(e["scores"]) == players, e
        if t == "game_end":
            assert len(e["scores"]) == players, e
        for seat_field in ("p", "by", "with"):
            if seat_field in e and t not in ("chose",):
                assert 0 <= e[seat_field] < players, e


def check_hands(before: GameState | None, events: list[dict], after: GameState) -> None:
    """Replaying the log's hand events (deal, draft, draw, play, discard, swap,
    hands) on `before`'s hands gives `after`'s."""
    names = after.cards.names
    players = after.players
    if before is None:
        hands = [Counter() for _ in range(players)]
    else:
        hands = [Counter(names[c] for c in h) for h in before.hands]
    for e in events:
        t = e["t"]
        if t == "round":
            hands = [Counter() for _ in range(players)]
        elif t in ("deal", "draw"):
            hands[e["p"]].update(e["cards"])
        elif t == "draft" and e["kept"]:
            hands[e["p"]][e["card"]] += 1
        elif t == "play":
            assert hands[e["p"]][e["card"]] > 0, f"{e} not in the logged hand"
            hands[e["p"]][e["card"]] -= 1
        elif t == "discard":
            for card in e["cards"]:
                assert hands[e["p"]][card] > 0, f"{e}: {card} not in the logged hand"
                hands[e["p"]][card] -= 1
        elif t == "swap":
            hands[e["p"]], hands[e["with"]] = hands[e["with"]], hands[e["p"]]
        elif t == "hands":
            assert len(e["hands"]) == players, e
            hands = [Counter(h) for h in e["hands"]]
    for seat in range(players):
        logged = +hands[seat]
        actual = Counter(names[c] for c in after.hands[seat])
        assert logged == actual, f"seat {seat}: log says {logged}, hand is {actual}"


def conserved(state: GameState) -> bool:
    """Every physical card is in exactly one place (a draft's piles included)."""
    everywhere = [c for h in state.hands for c in h] + state.draw_pile + state.discard
    everywhere += state.draft_discard + ([state.draft_card] if state.draft_card >= 0 else [])
    return sorted(everywhere) == list(range(state.cards.size))


# --- a rigged shuffle, for the deal and the first card --------------------------------


class RiggedRng:
    """Stands in for the state's `Rng`: its next shuffles put chosen cards on top.

    `script` holds one entry per shuffle call: a list of card names, top
    first; `None` in it means "any card" (the next one the pile happens to
    have). The cards not named keep their order under them. When the script
    runs out, shuffles are the seeded ones again. `below` (where a put-back
    first card is inserted) answers 0, the bottom of the pile.
    """

    def __init__(self, names: list[str], script: list[list[str | None]], seed: int = 0):
        self.card_names = list(names)
        self.script = [list(entry) for entry in script]
        self.inner = Rng(seed)

    def clone(self) -> RiggedRng:
        twin = RiggedRng(self.card_names, self.script)
        twin.inner = self.inner.clone()
        return twin

    def below(self, n: int) -> int:
        return 0 if self.script else self.inner.below(n)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        if not self.script:
            self.inner.shuffle(items)
            return
        wanted = self.script.pop(0)
        rest = list(items)
        chosen: list = [None] * len(wanted)
        for i, name in enumerate(wanted):
            if name is None:
                continue
            for j, card in enumerate(rest):
                if self.card_names[card] == name:
                    chosen[i] = rest.pop(j)
                    break
            else:
                raise ValueError(f"no {name} left to put on top")
        for i, name in enumerate(wanted):
            if name is None:
                chosen[i] = rest.pop()
        items[:] = rest + list(reversed(chosen))


def deal_script(
    players: int,
    dealer: int,
    turned: list[str],
    hands: dict[int, list[str]] | None = None,
    hand_size: int = 7,
) -> list[str | None]:
    """The pile order (top first) that deals `hands` (left of the dealer first,
    one card at a time) and then turns up `turned` (a put-back card first)."""
    hands = hands or {}
    order = [(dealer + 1 + i) % players for i in range(players)]
    out: list[str | None] = []
    for k in range(hand_size):
        for seat in order:
            given = hands.get(seat, [])
            out.append(given[k] if k < len(given) else None)
    return out + list(turned)


def start_round(
    rules: RuleSet | None = None,
    players: int = 4,
    *,
    dealer: int = 0,
    turned: list[str] = ("red:5",),
    hands: dict[int, list[str]] | None = None,
    later: list[list[str | None]] = (),
) -> tuple[GameState, list[dict]]:
    """Round 1 dealt by `dealer` from a rigged pile: `hands` (the rest of each
    hand is any card), then `turned` turned up (a put-back card, then the one
    that stays, then the cards the first card makes someone draw); `later`
    are the next shuffles (after a put-back first card). Built by `new_game`
    and then re-running the round start on the arranged pile."""
    rules = rules or classic()
    state, _ = new_game(rules, players, seed=0)
    state.dealer = dealer
    state.round_no = 0
    size = rules.model.dealing.hand_size
    script = [deal_script(players, dealer, list(turned), hands, size), *later]
    state.rng = RiggedRng(card_table(rules).names, script)
    state.legal_cache = {}
    events: list[dict] = []
    dealing.start_round(state, events)
    check_events(events, players)
    check_hands(None, events, state)
    return state, events
