"""Tables a test arranges card by card, and reading them back by name.

* `rigged(rules, hands=..., draw=..., top=...)` -- a mid-round GameState of
  any rule set: every hand, the draw pile (top first), the discard top and
  colour in force, the seat to act, direction, dealer, scores. Each physical
  card is used once; the cards nobody named go to the bottom of the draw
  pile (or under the discard top, with `rest="discard"`), so every card of
  the deck is conserved.
* `start_round(rules, players, dealer=..., turned=[...], hands=...)` -- round
  1 dealt from a rigged pile (a `RiggedRng` whose shuffles put the named
  cards on top), for the deal and the first-card table. (The cut for the
  dealer is not rigged: test_classic_setup checks it on many seeded games.)
* `draft_round(rules, dealer, pile)` -- round 1 of a drafting rule set (UNO
  Duo) from a rigged pile; `turn_up(rules, first, ...)` -- a rigged table
  whose first card the engine's own round start turns up.
* `hand`, `draw_pile`, `top`, `colour`, `pending`, `card_in_hand` -- the
  table read back by card names; `conserved` -- every card in one place.
"""

from __future__ import annotations

from game.engine import dealing, new_game
from game.engine.pending import Decision
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.state import GameState
from tests.support.events import check_events, check_hands
from tests.support.rules import classic

# --- a rigged table mid-round ---------------------------------------------------------


class _Pool:
    """The physical cards not yet placed, looked up by name (`red:7`)."""

    def __init__(self, state: GameState) -> None:
        self.names = state.cards.names
        self.free: dict[str, list[int]] = {}
        # A two-sided card may be named by its face in play alone (`red:7`):
        # then any card showing that face.
        self.faces = state.cards.face_names if "/" in self.names[0] else None
        for card_id, name in enumerate(self.names):
            self.free.setdefault(name, []).append(card_id)

    def take(self, name: str) -> int:
        if self.faces is not None and "/" not in name:
            for full, ids in self.free.items():
                if ids and full.partition("/")[0] == name:
                    return ids.pop(0)
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
    """A state mid-round, for any rule set, where `to_act` must play
    (`pending = Decision("play", to_act)`).

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
    state.draft_card = -1  # a drafting rule set's new_game opened a draft
    state.draft_discard = []
    state.legal_cache = {}
    state.pending = Decision("play", to_act)
    return state


# --- reading a table by card names ----------------------------------------------------


def hand(state: GameState, seat: int) -> list[str]:
    return [state.cards.names[c] for c in state.hands[seat]]


def draw_pile(state: GameState) -> list[str]:
    """The draw pile by name, top first."""
    return [state.cards.names[c] for c in reversed(state.draw_pile)]


def top(state: GameState) -> str:
    return state.cards.names[state.top]


def color(state: GameState) -> str | None:
    return state.cards.color_name(state.color)


def card_in_hand(state: GameState, seat: int, name: str) -> int:
    for card in state.hands[seat]:
        if name in (state.cards.names[card], state.cards.face_names[card]):
            return card
    raise AssertionError(f"seat {seat} holds no {name}: {hand(state, seat)}")


def names_of(state: GameState, cards) -> list[str]:
    return [state.cards.names[c] for c in cards]


def pending(state: GameState) -> tuple | None:
    """(kind, seat) of the open decision."""
    decision: Decision | None = state.pending
    return None if decision is None else (decision.kind, decision.seat)


def conserved(state: GameState) -> bool:
    """Every physical card is in exactly one place (a draft's piles included)."""
    everywhere = [c for h in state.hands for c in h] + state.draw_pile + state.discard
    everywhere += state.draft_discard + ([state.draft_card] if state.draft_card >= 0 else [])
    return sorted(everywhere) == list(range(state.cards.size))


# --- a rigged shuffle, for the deal, the draft and the first card -----------------------


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
    state.rng = RiggedRng(state.tables[0].face_names, script)
    state.legal_cache = {}
    events: list[dict] = []
    dealing.start_round(state, events)
    check_events(events, players)
    check_hands(None, events, state)
    return state, events


def set_shuffle(state: GameState, *orders: list[str | None]) -> None:
    """The state's next shuffles put these cards on top (top first; see
    RiggedRng). Cards dealt from a shuffled pool come off the top."""
    state.rng = RiggedRng(state.cards.names, [list(o) for o in orders])


def draft_round(
    rule_set: RuleSet, dealer: int, pile: list[str | None]
) -> tuple[GameState, list[dict]]:
    """Round 1 of a drafting rule set; the shuffled pile has `pile` on top
    (top first). The dealer (Player 1) drafts first."""
    state, _ = dealing.new_game(rule_set, 2, seed=0)
    state.dealer = dealer
    state.round_no = 0
    state.rng = RiggedRng(state.tables[0].face_names, [list(pile)])
    state.legal_cache = {}
    events: list[dict] = []
    dealing.start_round(state, events)
    check_events(events, 2)
    check_hands(None, events, state)
    return state, events


def turn_up(
    rule_set: RuleSet,
    first: str,
    *,
    hands: dict[int, list[str]],
    dealer: int = 0,
    draw: list[str] = (),
    players: int | None = None,
    color_free: str = "red:5",
) -> tuple[GameState, list[dict]]:
    """A table with `hands` dealt and `draw` on the draw pile; the engine turns
    up `first` as the round's first card (its `first_card` effects run with
    the dealer as the seat that played it)."""
    state = rigged(rule_set, hands=hands, draw=[first, *draw], top=color_free, players=players)
    # The rigged discard top goes to the bottom of the draw pile: no discard yet.
    state.draw_pile[:0] = state.discard
    state.discard = []
    state.dealer = dealer
    state.actor = dealer
    state.pending = None
    state.legal_cache = {}
    events: list[dict] = []
    dealing.turn_up_first(state, events)
    check_events(events, state.players)
    return state, events
