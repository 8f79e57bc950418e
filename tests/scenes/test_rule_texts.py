"""The long rule texts (the Rules screen, the pause's rules in force) scroll
down to their last line and no further: scrolled to the end, the panel is
full, never one line at its top over an empty panel."""

from __future__ import annotations

import pygame

from game.play.match import SeatConfig
from game.scenes.pause import PauseScene
from game.scenes.players import PlayersScene
from game.scenes.rules_text import RulesScene
from tests.scenes.players import start_match


def _inked_rows(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How many pixel rows of `area` hold text (near-white pixels)."""
    rows = 0
    for y in range(area.top, area.bottom, 4):
        if any(min(surface.get_at((x, y))[:3]) > 215 for x in range(area.left, area.right, 2)):
            rows += 1
    return rows


def test_the_rules_screen_stops_at_its_last_line(driver):
    driver.app.push(RulesScene(driver.app))
    driver.frames()
    scene = driver.top
    for _ in range(len(scene.lines) + 10):
        driver.key(pygame.K_DOWN)
    lowest = scene.scroll
    driver.key(pygame.K_UP)
    assert scene.scroll == lowest - 1  # one press up moves at once
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False))
    driver.frames()
    assert scene.scroll == lowest
    # The panel's lower half still holds text.
    assert _inked_rows(driver.app.screen, pygame.Rect(80, 400, 1100, 250)) > 10


def test_the_rules_screen_says_again_what_the_lessons_add(driver):
    """Learning as you play says a card's and a house rule's `teach:` text
    after the rules' own words (rules/README.md); the Rules screen says it
    too, in the player's language, under its card and under each house rule,
    so a lesson can be read again."""
    from game import i18n
    from game.rules.names import available_rule_sets
    from tests.support.rules import file_data

    def teach(name: str, *where: str) -> dict[str, str]:
        node = file_data(name)
        for key in where:
            node = node[key]
        return node["teach"]

    wild_draw_four = teach("classic", "cards", "wild_draw_four")
    stacking = teach("house/stacking", "house_rules", "stacking")
    for code in ("en", "tr"):
        i18n.set_language(code)
        lines = RulesScene(driver.app).lines
        assert "    " + wild_draw_four[code] in lines, code
        heading = lines.index("# " + i18n._("House rules (New game adds them to a rule set)"))
        house = lines[heading:]
        names = [n for n in available_rule_sets() if n.startswith("house/")]
        assert sum(1 for line in house if not line.startswith(" ")) == len(names) + 1
        named = ("Stacking:", "Üst üste koyma:")
        said = next(i for i, line in enumerate(house) if line.startswith(named))
        assert house[said + 1] == "    " + stacking[code]


def test_the_pause_rules_stop_at_their_last_line(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    driver.app.push(PauseScene(driver.app, screen=screen))
    driver.frames()
    pause = driver.top
    for _ in range(len(pause.lines) + 10):
        driver.key(pygame.K_RIGHT)
    lowest = pause.scroll
    assert 0 < lowest < len(pause.lines)
    driver.key(pygame.K_LEFT)
    assert pause.scroll < lowest  # scrolling back answers at once
    driver.key(pygame.K_RIGHT)
    assert pause.scroll == lowest
    assert _inked_rows(driver.app.screen, pygame.Rect(470, 400, 740, 220)) > 10


def test_a_long_favourite_on_the_players_screen_wraps_rather_than_shrinks(app):
    from game.scenes.players import FAVOURITE_ROOM, ROW, favourite_image
    from game.ui import text

    long_label = "Classic UNO + Jump-in + Stacking + Seven-O"
    img = favourite_image(long_label)
    assert img.get_width() <= FAVOURITE_ROOM and img.get_height() <= ROW
    # Two lines of readable type, not one line shrunk to 12 px.
    shrunk = text.fit(long_label, 22, FAVOURITE_ROOM)
    assert img.get_height() > 1.5 * shrunk.get_height()
    short = favourite_image("UNO 112")  # a short one stays one line, full size
    assert short.get_height() == text.render("UNO 112", 22).get_height()
    # A little too long for 22: one line a little smaller, not the wrapped 16.
    label = next(
        w
        for w in ("Klassinen UNO + Seitsemän-nolla", "Klassinen UNO + Seitsemän-nolla + X")
        if text.width(w, 22) > FAVOURITE_ROOM >= text.width(w, 18)
    )
    assert favourite_image(label).get_height() >= text.render(label, 18).get_height()


def test_page_keys_move_a_page_and_home_end_reach_the_ends(driver):
    # The Rules text runs to some 150 lines: a line a press was a long way down.
    driver.app.push(RulesScene(driver.app))
    driver.frames()
    scene = driver.top
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll > 5
    driver.key(pygame.K_END)
    lowest = scene.scroll
    driver.key(pygame.K_DOWN)
    assert scene.scroll == lowest  # End is the last line, as far as Down goes
    driver.key(pygame.K_PAGEUP)
    assert 0 < scene.scroll < lowest
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0


def test_page_keys_on_the_players_screen(driver):
    from game.player_files.stats import PlayerRecord

    stats = driver.app.saves.stats
    for i in range(30):
        stats.players[f"p{i:02d}"] = PlayerRecord(f"P{i:02d}", matches=1)
    driver.app.push(PlayersScene(driver.app))
    driver.frames()
    scene = driver.top
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll == scene.visible_rows - 1
    driver.key(pygame.K_END)
    assert scene.scroll == len(scene.players) - scene.visible_rows
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0


def test_the_favourite_rule_set_is_worded_in_the_language_of_the_moment(app):
    from game import i18n
    from game.scenes.players import favourite_words

    kept = "classic + house/jump-in"  # as game/player_files/stats.py keeps it
    assert favourite_words(kept) == "Classic UNO + Jump-in"
    i18n.set_language("tr")
    assert favourite_words(kept).startswith("Klasik UNO + ")
    # A file from before kept the words then shown: they are shown as written.
    assert favourite_words("Klassinen UNO + Jump-in") == "Klassinen UNO + Jump-in"
    assert favourite_words(None) == "-"
