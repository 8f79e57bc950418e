"""Events in tests: short tuples to assert a sequence with (`brief`), and the
checks every action's events pass (`check_events`: the replay format's
declaration, game/engine/events/; `check_hands`: the hands the log implies are
the hands the engine holds).
"""

from __future__ import annotations

import re
from collections import Counter

from game.engine.state import GameState
from game.log.format import check_event


def kinds(events: list[dict]) -> list[str]:
    return [e["t"] for e in events]


def of(events: list[dict], t: str) -> list[dict]:
    return [e for e in events if e["t"] == t]


def brief(events: list[dict]) -> list[tuple]:
    """Events as short tuples, handy for asserting a whole sequence: the kind,
    then the fields that tell one such event from another."""
    out = []
    for e in events:
        t = e["t"]
        if t in ("turn", "pass", "skip", "uno", "jump_in", "eliminated"):
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
        elif t == "swap":
            out.append((t, e["p"], e["with"]))
        elif t == "chose":
            out.append((t, e["p"], e["player"]))
        elif t == "discard":
            out.append((t, e["p"], tuple(e["cards"])))
        elif t == "draft":
            out.append((t, e["p"], e["card"], e["kept"]))
        elif t == "start":
            out.append((t, e["card"], e["color"], e["first"], e["direction"]))
        elif t in ("round_end", "game_end"):
            out.append((t, e["winner"]))
        else:
            out.append((t,))
    return out


# A face is colour:face; a two-sided card is its face in play/its other face.
_FACE = r"(red|yellow|green|blue|pink|teal|orange|purple|wild):([0-9]|[a-z_]+)"
CARD = re.compile(rf"^{_FACE}(/{_FACE})?$")
COLORS = {"red", "yellow", "green", "blue", "pink", "teal", "orange", "purple"}


def check_events(events: list[dict], players: int) -> None:
    """Every event is as the replay format declares it (game/engine/events/,
    the writer's strict check), and names only cards and colours of the rule
    sets played here."""
    for e in events:
        check_event(e, players)
        t = e["t"]
        if t in ("play", "start", "draft"):
            assert CARD.match(e["card"]), e
        if t in ("deal", "draw"):
            assert all(CARD.match(c) for c in e["cards"]), e
        if t in ("play", "color"):
            assert e["color"] in COLORS, e
        if t == "start":
            assert e["color"] in COLORS | {None}, e


def check_hands(before: GameState | None, events: list[dict], after: GameState) -> None:
    """Replaying the log's hand events (deal, draft, draw, play, discard, swap,
    hands) on `before`'s hands gives `after`'s."""
    names = after.cards.names
    players = after.players
    if before is None:
        hands = [Counter() for _ in range(players)]
    else:
        hands = [Counter(before.cards.names[c] for c in h) for h in before.hands]
    for e in events:
        t = e["t"]
        if t == "flip":  # every card turned over: its name shows the other face first
            hands = [Counter({_turned(n): k for n, k in h.items()}) for h in hands]
        elif t == "round":
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


def _turned(name: str) -> str:
    face, _, back = name.partition("/")
    return f"{back}/{face}" if back else name
