"""Rigging for the variant tests: UNO 112, UNO Duo, house rules, mixes.

Builds on `tests/engine/rig.py` (imported, never changed) with what the
variants need on top:

* `rules(*names)` -- a base and house-rule files through the real loader
  (`rules("classic", "house/stacking")`), cached.
* `house_option(house, options, base=...)` -- a house-rule file with one of
  its documented options set, the way a table would: a copy of
  `rules/house/HOUSE.yaml` with `options` merged in, written to a temporary
  folder and layered over the base by the real loader.
* `overlay_file(name, data)` -- any mapping as a rule file of its own (for
  options a house file does not carry, e.g. multi-card's `color_combo`).
* `rig(...)` -- `rig.rigged` for any rule set (it clears a Duo draft that
  `new_game` opened, so the state is mid-round).
* `act` / `play` / `choose` -- `apply`, then check every event against the
  replay format (rig.check_events) and the hands against the log, where the
  log also knows the engine's extra events: `draft` (a kept card joins the
  hand), `discard` (cards leave a hand), `hands` (every hand replaced).
* `draft_round(rules, dealer, pile)` -- round 1 of a drafting rule set from a
  rigged pile (top first), for UNO Duo's draft and first card.
* `turn_up(rules, first, ...)` -- a rigged table whose first card is turned
  up by the engine's own round start, for first-card tables.
* `bv(events)` -- `rig.brief` knowing the extra events too.
"""

from __future__ import annotations

import atexit
import copy
import shutil
import tempfile
from functools import cache
from pathlib import Path

import yaml

from game.engine import Accept, Challenge, Choose, Draw, Pass, Play, dealing, legal_actions
from game.engine.cards import card_table
from game.engine.pending import Decision
from game.engine.ruleset import RuleSet
from game.engine.state import GameState
from game.rules.loader import RULES_DIR, load_rules
from game.rules.yamlsafe import load_yaml_file
from tests.engine import rig
from tests.engine.rig import (
    RiggedRng,
    _merge,
    act,
    brief,
    check_events,
    check_hands,
    rigged,
)

_TMP = Path(tempfile.mkdtemp(prefix="uno-variant-rules-"))
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)


# --- rule sets ---------------------------------------------------------------------


@cache
def rules(*names: str) -> RuleSet:
    """The named rule files layered by the real loader, e.g. rules("duo")."""
    return load_rules(list(names))


def overlay_file(name: str, data: dict) -> str:
    """Write `data` as a rule file `NAME.yaml` and return its path."""
    path = _TMP / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


_OPTION_FILES: dict[tuple, RuleSet] = {}


def house_option(house: str, options: dict, base: str | tuple[str, ...] = "classic") -> RuleSet:
    """rules/house/HOUSE.yaml with its options changed (e.g. `{"turn": {"draw":
    {"cap": 3}}}`), layered over `base` by the real loader."""
    bases = (base,) if isinstance(base, str) else tuple(base)
    key = (house, repr(options), bases)
    if key not in _OPTION_FILES:
        data = copy.deepcopy(load_yaml_file(RULES_DIR / "house" / f"{house}.yaml").data)
        _merge(data, options)
        path = overlay_file(f"house/{house}-option{len(_OPTION_FILES)}", data)
        _OPTION_FILES[key] = load_rules([*bases, path])
    return _OPTION_FILES[key]


# --- rigged tables -------------------------------------------------------------------


def rig_table(rule_set: RuleSet, **kwargs) -> GameState:
    """`rig.rigged` for any rule set: mid-round, `to_act` to play."""
    state = rigged(rule_set, **kwargs)
    state.draft_card = -1
    state.draft_discard = []
    state.legal_cache = {}
    return state


def set_shuffle(state: GameState, *orders: list[str | None]) -> None:
    """The state's next shuffles put these cards on top (top first; see
    rig.RiggedRng). Cards dealt from a shuffled pool come off the top."""
    state.rng = RiggedRng(state.cards.names, [list(o) for o in orders])


def draft_round(
    rule_set: RuleSet, dealer: int, pile: list[str | None]
) -> tuple[GameState, list[dict]]:
    """Round 1 of a drafting rule set; the shuffled pile has `pile` on top
    (top first). The dealer (Player 1) drafts first."""
    state, _ = dealing.new_game(rule_set, 2, seed=0)
    state.dealer = dealer
    state.round_no = 0
    state.rng = RiggedRng(card_table(rule_set).names, [list(pile)])
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
    state = rig_table(rule_set, hands=hands, draw=[first, *draw], top=color_free, players=players)
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


# --- acting, with the log checked (act, play, check_hands, conserved: see rig) -----------


def offered_play(state: GameState, seat: int, name: str, color: str | None = None) -> Play:
    """The Play the engine offers `seat` for card `name`: naming `color` when
    the play itself names one (a wild), else the colourless one. Fails when
    the card is not offered at all."""
    plays = [
        a
        for a in legal_actions(state, seat)
        if type(a) is Play and state.cards.names[a.card] == name
    ]
    assert plays, f"{name} is not offered to seat {seat}: {legal_actions(state, seat)}"
    for action in plays:
        if action.color in (color, None):
            return action
    raise AssertionError(f"no play of {name} naming {color}: {plays}")


def play_card(state: GameState, seat: int, name: str, color: str | None = None):
    """Play `name` as the engine offers it (see `offered_play`), log checked."""
    return act(state, offered_play(state, seat, name, color))


def choose(state: GameState, seat: int, value):
    return act(state, Choose(seat, value))


def accept(state: GameState, seat: int):
    return act(state, Accept(seat))


def challenge(state: GameState, seat: int):
    return act(state, Challenge(seat))


def draw(state: GameState, seat: int):
    return act(state, Draw(seat))


def pass_(state: GameState, seat: int):
    return act(state, Pass(seat))


def card_id(state: GameState, seat: int, name: str) -> int:
    return rig.card_in_hand(state, seat, name)


def decision_kinds(state: GameState, seat: int) -> set[str]:
    """The kinds of action offered to `seat`, leaving out UNO calls and catches."""
    return {type(a).__name__ for a in legal_actions(state, seat)} - {"CallUno", "Catch"}


def pending(state: GameState) -> tuple | None:
    """(kind, seat) of the open decision."""
    decision: Decision | None = state.pending
    return None if decision is None else (decision.kind, decision.seat)


# --- events ----------------------------------------------------------------------------


def bv(events: list[dict]) -> list[tuple]:
    """rig.brief, knowing the variants' events as well."""
    out = []
    for e, short in zip(events, brief(events), strict=True):
        t = e["t"]
        if t == "swap":
            out.append((t, e["p"], e["with"]))
        elif t == "chose":
            out.append((t, e["p"], e["player"]))
        elif t == "discard":
            out.append((t, e["p"], tuple(e["cards"])))
        elif t in ("jump_in", "eliminated"):
            out.append((t, e["p"]))
        elif t == "draft":
            out.append((t, e["p"], e["card"], e["kept"]))
        elif t == "start":
            out.append((t, e["card"], e["color"], e["first"], e["direction"]))
        elif t in ("round_end", "game_end"):
            out.append((t, e["winner"]))
        else:
            out.append(short)
    return out


def names_of(state: GameState, cards) -> list[str]:
    return [state.cards.names[c] for c in cards]
