"""The phone page in each of its states, in a real Chromium, for the
accessibility tests (tests/phones/test_access.py) and the page's screenshots
(tools/screenshots_phone_page.py).

A match is played by bots on every seat, seat 0's phone page showing it; at
the moment a state is reached (seat 0 asked for a colour, say) the table
offers it to the page, which draws it, and the caller looks. Every state is a
real one, sent by the game's own server; only a private moment (sent by the
TV's side of the phones) is put to the page by hand, as a message of that
shape.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from game.engine.actions import SEAT_ACTIONS, Action
from game.engine.state import GameState
from game.phones.offer import PhoneLooks, every_color, every_face
from game.phones.table import PhoneTable
from game.play.match import MatchSession
from game.play.seats import SeatConfig
from game.ui.card_book import CardBook
from tests.phones.players import MAX_STEPS, step

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
PHONE, TABLET = (390, 844), (768, 1024)
BOTS = [SeatConfig("Ana", "bot", "basic"), SeatConfig("Bo", "bot", "basic")]
BOTS += [SeatConfig("Cy", "bot", "basic")]


def open_browser(profile: Path, size: tuple[int, int] = PHONE):
    """Headless Debian Chromium, its viewport exactly the size of a phone held upright."""
    page = open_chromium(profile, size)
    resize(page, size)
    return page


def open_chromium(profile: Path, size: tuple[int, int]):
    """Headless Debian Chromium with its own profile, its window `size`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--window-size={size[0]},{size[1]}",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    page = webdriver.Chrome(options=options, service=Service(DRIVER))
    page.set_page_load_timeout(20)
    return page


def resize(page, size: tuple[int, int]) -> None:
    """The page's viewport exactly `size` CSS pixels (the window's frame aside)."""
    page.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True},
    )


class PageTable:
    """A match of bots whose seat 0 is shown on a phone page."""

    def __init__(self, page, rules: list[str], seed: int, *, single_round: bool = False) -> None:
        self.page = page
        seats = BOTS[:2] if "duo" in rules else BOTS  # UNO Duo is for two
        self.session = MatchSession(rules, seats, seed=seed, single_round=single_round)
        state = self.session.state
        self.table = PhoneTable(
            [0],
            sorted(every_face(state)),
            CardBook(self.session.rules),
            PhoneLooks(),
            colors=every_color(state),
        )

    @contextmanager
    def served(self) -> Iterator[PageTable]:
        self.table.start()
        try:
            self.page.get(self.table.server.address(0))
            yield self
        finally:
            self.table.stop()

    def until(
        self,
        reached: Callable[[GameState, list[dict]], bool],
        prefer: Callable[[GameState], Action | None] | None = None,
        *,
        between: bool = True,
    ) -> None:
        """Play on until `reached` holds, then show seat 0's page the table then.
        `prefer` may choose seat 0's move instead of its bot (None: the bot's);
        without `between` the page is shown nothing on the way."""
        session = self.session
        for _ in range(MAX_STEPS):
            if reached(session.state, session.log):
                self.show()
                return
            if session.state.over:
                break
            chosen = prefer(session.state) if prefer is not None else None
            if chosen is None and not between:
                seat = session.state.pending.seat if session.state.pending else 0
                chosen = session.bots[seat].choose(session.look(seat), session.legal(seat))
            if chosen is not None:
                session.apply(chosen)
            else:
                step(session, self.table)
        raise AssertionError("the match never came to the state asked for")

    def show(self) -> None:
        """Offer the table as it is and wait until the page has drawn it."""
        self.table.sync(self.session.state, self.session.log)
        offer = self.table.offers.current(0)
        for _ in range(200):
            if self.page.execute_script("return document.body.dataset.offer") == str(offer):
                settle(self.page)
                return
            time.sleep(0.02)
        raise AssertionError("the page did not show the latest offer")


# The page has drawn what it was last given: every picture loaded, no card
# still sliding up.
SETTLED = """
return Array.from(document.images).every(image => image.complete)
  && document.getAnimations().length === 0;
"""


def settle(page) -> None:
    """Wait until the page has drawn what it was last given (SETTLED)."""
    for _ in range(250):
        if page.execute_script(SETTLED):
            return
        time.sleep(0.02)
    raise AssertionError("the page's pictures did not load, or its cards did not stop moving")


def asked(kind: str, seat: int = 0) -> Callable[[GameState, list[dict]], bool]:
    """The table waits on `seat` for a decision of `kind`."""

    def reached(state: GameState, log: list[dict]) -> bool:
        return (
            state.pending is not None and state.pending.kind == kind and state.pending.seat == seat
        )

    return reached


def waiting(state: GameState, log: list[dict]) -> bool:
    """Seat 0 waits for someone else, well into the round."""
    return len(log) > 40 and state.pending is not None and state.pending.seat != 0


def turn_with_wild(state: GameState, log: list[dict]) -> bool:
    """Seat 0's turn, a wild among the cards it may play (so it names a colour)."""
    if not asked("play")(state, log):
        return False
    from game.engine import legal_actions
    from game.engine.actions import Play

    return any(isinstance(a, Play) and a.color is not None for a in legal_actions(state, 0))


def after_challenge(state: GameState, log: list[dict]) -> bool:
    """A Wild Draw Four was challenged, seat 0 the challenger or the challenged."""
    return any(e.get("t") == "challenge" and 0 in (e.get("by"), e.get("p")) for e in log)


def round_over(state: GameState, log: list[dict]) -> bool:
    return state.pending is not None and state.pending.kind == "next_round"


def match_over(state: GameState, log: list[dict]) -> bool:
    return state.over


def challenge(state: GameState) -> Action | None:
    """Seat 0 challenges every Wild Draw Four it may."""
    if state.pending is not None and state.pending.seat == 0:
        from game.engine import legal_actions

        if SEAT_ACTIONS[0].challenge in legal_actions(state, 0):
            return SEAT_ACTIONS[0].challenge
    return None


# A private moment as the TV's side of the phones sends it (the challenger is
# shown the challenged hand): the page draws whatever it is given.
PRIVATE = """
const message = Object.assign({}, state, {private: [{
  id: 1, title: arguments[0], words: arguments[1],
  cards: state.hand.slice(0, 4),
}]});
receive(message);
"""


# The hand made 20 cards long (the state's own cards, again and again), every
# fifth one playable, as the server would send it.
TWENTY = """
const hand = Array.from({length: 20}, (_, i) => state.hand[i % state.hand.length]);
const options = [0, 5, 10, 15, 19].map(slot => ({words: hand[slot].label, card: slot}));
const players = state.players.map((p, seat) => seat === state.seat ? {...p, cards: 20} : p);
receive(Object.assign({}, state, {hand, options, players, offer: state.offer + 1000}));
const cards = Array.from(document.querySelectorAll("#hand .card"));
return cards.map((card, i) => {
  const box = card.getBoundingClientRect();
  const next = cards[i + 1];
  const covered = next && next.getBoundingClientRect().top < box.top + 10;
  const strip = covered ? next.getBoundingClientRect().left - box.left : box.width;
  return [strip, box.left, box.right, box.top, box.bottom, card.classList.contains("playable")];
});
"""


# The page's states, each as (rules, seed, a single round?, when it is
# reached, seat 0's moves meanwhile, what a person does then on the page).
OPEN_WILD = """
const wild = Array.from(document.querySelectorAll("#hand .card.playable"))
  .find(card => card.dataset.options.includes(","));
wild.click();
"""
SCENES: dict[str, tuple[list[str], int, bool, Callable, Callable | None, str | None]] = {
    "waiting": (["classic"], 3, True, waiting, None, None),
    "turn": (["classic"], 5, True, asked("play"), None, None),
    "color": (["classic"], 5, True, turn_with_wild, None, OPEN_WILD),
    "pick": (["classic", "house/seven-o"], 3, True, asked("player"), None, None),
    "draft": (["duo"], 3, True, asked("draft"), None, None),
    "challenge": (["classic"], 3, True, after_challenge, challenge, PRIVATE),
    "flip": (["flip"], 5, True, asked("play"), None, None),
    "round_over": (["classic"], 3, False, round_over, None, None),
    "match_over": (["classic"], 3, True, match_over, None, None),
}


@contextmanager
def scene(page, name: str) -> Iterator[PageTable]:
    """Seat 0's page showing the state `name` of SCENES."""
    rules, seed, single, reached, prefer, then = SCENES[name]
    table = PageTable(page, rules, seed, single_round=single)
    with table.served():
        table.until(reached, prefer)
        if then is PRIVATE:
            page.execute_script(then, "Bo's hand", "Ana challenged Bo and sees the hand")
        elif then is not None:
            page.execute_script(then)
        settle(page)
        yield table
