"""Each bot seat chooses its level on the setup screen ("In the game
setup each bot seat chooses its level; names hint at it"): with the keys, the
drawn ◀ ▶ and a controller's d-pad; the choice is kept in the settings and
seats a bot of that level."""

from __future__ import annotations

import pygame

from game.bots.expert import ExpertBot
from game.bots.levels import LEVELS
from game.bots.strong import StrongBot
from game.play.seats import BOT_LEVELS, LEVEL_NAMES
from game.scenes.setup import SetupScene
from game.ui.settings import Settings
from tests.scenes.fake_pads import PadRig
from tests.scenes.players import open_setup

ARROW_COLORS = {(255, 193, 7), (200, 200, 210), (220, 220, 230)}


def seat_row(setup, index: int):
    return next(r for r in setup.rows if r.kind == "seat" and r.index == index)


def focus_seat(driver, setup, index: int) -> None:
    """Point at the seat's name: the form's one focus follows the pointer."""
    row = seat_row(setup, index)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.frames()
    assert setup.rows[setup.focus] is seat_row(setup, index)


def arrows_drawn(driver, rect: pygame.Rect) -> list[tuple[int, int]]:
    """Centres of the arrow shapes found in the pixels inside `rect`, left to right."""
    driver.frames()
    surface = driver.app.screen
    columns: dict[int, list[int]] = {}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            if tuple(surface.get_at((x, y)))[:3] in ARROW_COLORS:
                columns.setdefault(x, []).append(y)
    blobs: list[list[int]] = []
    for x in sorted(columns):
        if blobs and x - blobs[-1][-1] <= 2:
            blobs[-1].append(x)
        else:
            blobs.append([x])
    return [
        ((xs[0] + xs[-1]) // 2, (min(ys) + max(ys)) // 2)
        for xs in blobs
        for ys in [[y for x in xs for y in columns[x]]]
    ]


def kind(setup, index: int) -> tuple[str, str, str]:
    seat = setup.seats[index]
    return seat.kind, seat.level if seat.is_bot else "-", seat.name


def test_the_keys_walk_a_seat_through_human_and_every_level(driver):
    setup = open_setup(driver)
    assert kind(setup, 1) == ("bot", "basic", "Bo")
    focus_seat(driver, setup, 1)
    seen = []
    for _ in range(5):
        driver.key(pygame.K_RIGHT)
        seen.append(kind(setup, 1))
    # Each level's default name hints at it; a person's is a person's.
    assert seen == [
        ("bot", "strong", "Ace"),
        ("bot", "expert", "Maestro"),
        ("human", "-", "Bo"),
        ("bot", "beginner", "Rookie"),
        ("bot", "basic", "Bo"),
    ]
    driver.key(pygame.K_LEFT)
    assert kind(setup, 1) == ("bot", "beginner", "Rookie")


def test_every_arrow_drawn_on_a_seat_changes_its_level(driver):
    setup = open_setup(driver)
    for level in BOT_LEVELS:  # drawn in every level's colours, the arrows are found
        row = seat_row(setup, 2)
        left, right = arrows_drawn(driver, row.rect)[-2:]
        before = kind(setup, 2)
        driver.click(right)
        assert kind(setup, 2) != before, level
        driver.click(left)
        assert kind(setup, 2) == before, f"◀ on a {before[1]} seat did not go back"
        driver.click(right)


def test_two_bots_of_a_level_get_two_names_and_a_typed_name_stays(driver):
    setup = open_setup(driver)
    for seat in (1, 2):
        focus_seat(driver, setup, seat)
        driver.key(pygame.K_RIGHT, frames=1)
        driver.key(pygame.K_RIGHT, frames=1)
    assert [kind(setup, s) for s in (1, 2)] == [
        ("bot", "expert", LEVEL_NAMES["expert"][0]),
        ("bot", "expert", LEVEL_NAMES["expert"][1]),
    ]
    setup.game.name_seat(3, "Grandpa")
    focus_seat(driver, setup, 3)
    driver.key(pygame.K_LEFT)
    assert kind(setup, 3) == ("bot", "beginner", "Grandpa")


def test_a_controller_changes_a_level_with_its_d_pad(driver):
    rig = PadRig(driver)
    setup = open_setup(driver)
    pad = rig.plug("Pad")
    focus_seat(driver, setup, 3)
    rig.press(pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert kind(setup, 3) == ("bot", "strong", "Ace")
    rig.press(pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    rig.press(pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert kind(setup, 3) == ("bot", "beginner", "Rookie")


def test_the_levels_are_remembered_and_seat_their_bots(driver, tmp_path, monkeypatch):
    monkeypatch.setenv("COUCH_UNO_PREFS", str(tmp_path))
    setup = open_setup(driver)
    focus_seat(driver, setup, 1)
    driver.key(pygame.K_RIGHT)  # strong
    focus_seat(driver, setup, 2)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)  # expert
    setup.start()
    driver.frames()
    session = driver.app.stack[-1].screen.session
    assert isinstance(session.bots[1], StrongBot) and isinstance(session.bots[2], ExpertBot)
    assert session.bots[3].level == "basic"
    kept = Settings.load(tmp_path).setup["seats"]
    assert [(s["kind"], s["level"], s["name"]) for s in kept[1:]] == [
        ("bot", "strong", "Ace"),
        ("bot", "expert", "Maestro"),
        ("bot", "basic", "Dee"),
    ]
    # The next new game opens with them.
    while driver.app.stack:
        driver.app.stack.pop().leave()
    driver.app.settings = Settings.load(tmp_path)
    driver.app.push(SetupScene(driver.app))
    driver.frames()
    again = driver.top
    assert [kind(again, s)[:2] for s in (1, 2, 3)] == [
        ("bot", "strong"),
        ("bot", "expert"),
        ("bot", "basic"),
    ]


def test_a_focused_bot_seat_says_how_its_level_plays(driver):
    setup = open_setup(driver)
    focus_seat(driver, setup, 1)
    for level in ("strong", "expert"):
        driver.key(pygame.K_RIGHT)
        assert setup.footer_line() == f"{LEVELS[level].title} bot: {LEVELS[level].blurb}"
    driver.key(pygame.K_RIGHT)  # a person: the keys' help again
    assert setup.footer_line().startswith("Up/Down move")
