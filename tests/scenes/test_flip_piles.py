"""A flip turns the piles with everything else: while the cards turn over, the
draw pile's top and the discard pile show, from the middle of the turn, the
faces they have after it (the draw pile turned over, the discard pile turned
in place or as a stack), not their old faces until the table catches up."""

from __future__ import annotations

import pytest

from game.play.match import SeatConfig
from game.table.privacy import DISCARD, PILE
from tests.scenes.players import start_match

BOTS = [SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot"), SeatConfig("Dee", "bot")]


@pytest.mark.parametrize("rules", [("flip",), ("flip", "house/flip-in-place")])
def test_the_piles_turn_with_the_table(driver, rules):
    driver.app.settings.pacing = "fast"  # a flip that turns, quickly
    screen = start_match(driver.app, BOTS, seed=5, rules=list(rules))
    table = screen.table
    frame: list[tuple] = []
    table.privacy.witness = lambda *seen: frame.append(seen)
    # Each flip: the draw pile's face before it and drawn in its first half; the
    # piles' faces drawn in its second half, and theirs once the table is idle.
    flips: list[dict] = []
    current: dict | None = None
    last_pile = None
    for _ in range(20000):
        if driver.top_name == "RoundScoreScene" or len(flips) >= 3:
            break
        frame.clear()
        driver.frames(dt=1 / 15)
        done = table.animator.turning()
        piles = [card for card, _o, place, _f in frame if place == PILE]
        tops = [card for card, _o, place, _f in frame if place == DISCARD]
        if done is not None and current is None:
            current = {"pile": set(), "discard": set(), "pile first": set()}
            current["pile before"] = last_pile
            flips.append(current)
        if done is not None and done < 0.5:
            current["pile first"].update(piles[-1:])
        elif done is not None:
            current["pile"].update(piles[-1:])
            current["discard"].update(tops[-1:])
        if done is None:
            last_pile = piles[-1] if piles else None
        if done is None and current is not None and not table.busy:
            current["pile after"] = table.model.pile_back
            current["discard after"] = table.model.top
            current = None
    done_flips = [f for f in flips if "pile after" in f]
    assert done_flips, "no flip was played"
    stale = [
        f
        for f in done_flips
        if f["pile"] != {f["pile after"]}
        or f["discard"] != {f["discard after"]}
        or f["pile first"] - {f["pile before"]}
    ]
    assert not stale, stale
