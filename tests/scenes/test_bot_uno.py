"""A bot that never forgets UNO says it with its play, through the same legal
actions as anyone: at the table no catch can race its call."""

from __future__ import annotations

from game.bots.levels import LEVELS
from game.play.match import SeatConfig
from tests.scenes.players import start_match

NEVER_FORGET = [level for level, habits in LEVELS.items() if habits.forgets_uno == 0.0]
LEVELS_AT_TABLE = {"Bo": "basic", "Cy": "strong", "Dee": "expert", "Eli": "basic"}
ALL_BOTS = [SeatConfig(name, "bot", level) for name, level in LEVELS_AT_TABLE.items()]


def test_a_bot_that_never_forgets_uno_is_never_open_to_a_catch(driver):
    """Seen: basic bots were caught in a ten-seat match, their call having lost
    the race to another bot's catch."""
    assert {"basic", "strong", "expert"} <= set(NEVER_FORGET)
    screen = start_match(driver.app, ALL_BOTS, seed=5, single_round=True)
    session = screen.session
    open_to_catch: list[int] = []

    def watch() -> None:
        # Instant pace until someone is near a last card (a card a play): the
        # race of a call against a catch is run at normal pace.
        if min(len(hand) for hand in session.state.hands) <= 3:
            driver.app.settings.pacing = "normal"
        window = session.state.uno_window
        if window >= 0 and session.seats[window].level in NEVER_FORGET:
            open_to_catch.append(window)

    def calls() -> int:
        return sum(e["t"] == "uno" for e in session.log)

    assert driver.until(lambda: calls() >= 3 or session.state.over, limit=40000, each=watch)
    assert calls() >= 1, "nobody got down to one card"
    assert not open_to_catch
    assert not any(e["t"] == "catch" for e in session.log)
