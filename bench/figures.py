"""What the frame benchmarks share: a percentile of their samples, and the
mix New game's rule lab is asked about (classic + stacking at four seats)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def ask_the_lab(app: App, rounds: int) -> None:
    """Open the rule lab on classic + stacking, as New game's "What does this do?" does."""
    # Imported here: a benchmark sets its video driver before the game loads.
    from game.scenes.rule_lab import RuleLabScene

    app.push(
        RuleLabScene(
            app,
            rules=("classic", "house/stacking"),
            players=4,
            humans=1,
            title="Classic UNO + Stacking",
            rounds=rounds,
        )
    )
