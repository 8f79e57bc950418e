"""Input that does what it shows: typing names, the arrows of the
choosers, browsing rule sets, one focus, asking before leaving."""

from __future__ import annotations

import pygame

from game.scenes.setup_form import ERROR_SIZE
from game.scenes.setup_rows import base_info
from game.scenes.title import TitleScene
from game.ui import text, widgets
from game.ui.input import key_event
from tests.scenes.players import open_setup

ARROW_COLORS = {(255, 193, 7), (200, 200, 210), (220, 220, 230)}


def type_text(driver, text: str) -> None:
    """Type as a keyboard does: a KEYDOWN (with the key's code when it has one) and
    then a TEXTINPUT with the character, for every character."""
    for ch in text:
        code = pygame.key.key_code(ch.lower()) if ch.isascii() and ch.isalnum() else 0
        pygame.event.post(key_event(code, ch))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        driver.frames()


def drawn_arrows(driver, rect: pygame.Rect) -> list[tuple[int, int]]:
    """Centres of the arrow shapes drawn inside `rect`, left to right (found in the pixels)."""
    driver.frames()
    surface = driver.app.screen
    columns: list[int] = []
    points: dict[int, list[int]] = {}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            if tuple(surface.get_at((x, y)))[:3] in ARROW_COLORS:
                points.setdefault(x, []).append(y)
        if x in points:
            columns.append(x)
    blobs: list[list[int]] = []
    for x in columns:
        if blobs and x - blobs[-1][-1] <= 2:
            blobs[-1].append(x)
        else:
            blobs.append([x])
    centres = []
    for xs in blobs:
        ys = [y for x in xs for y in points[x]]
        centres.append(((xs[0] + xs[-1]) // 2, (min(ys) + max(ys)) // 2))
    return centres


def row_of(setup, kind: str, index: int = 0):
    return next(r for r in setup.rows if r.kind == kind and r.index == index)


def test_a_name_field_takes_every_printable_key(driver):
    """Seen: typing "Jess" gave "Je" and jumped two rows down (S and W are Up/Down)."""
    setup = open_setup(driver)
    seat = row_of(setup, "seat", 1)
    driver.click((seat.rect.x + 100, seat.rect.centery))
    focus = setup.focus
    assert setup.editing == 1
    for _ in range(16):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "Jess")
    assert setup.seats[1].name == "Jess"
    assert setup.editing == 1 and setup.focus == focus
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "Ömür ıΩõ")
    assert setup.seats[1].name == "Ömür ıΩõ"
    # Letters that are commands elsewhere are letters here: M (mute), U, D, C, X, A, W.
    muted = driver.app.settings.muted
    for _ in range(9):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "MUDCXAW")
    assert setup.seats[1].name == "MUDCXAW" and driver.app.settings.muted == muted
    driver.key(pygame.K_RETURN)
    assert setup.editing is None and setup.seats[1].name == "MUDCXAW"
    # Navigation keys act again once the field is finished.
    driver.key(pygame.K_DOWN)
    assert setup.focus != focus


def test_esc_finishes_a_name_without_leaving_setup(driver):
    setup = open_setup(driver)
    seat = row_of(setup, "seat", 0)
    driver.click((seat.rect.x + 100, seat.rect.centery))
    type_text(driver, "x")
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup and setup.editing is None


def test_each_arrow_acts_where_it_is_drawn(driver):
    """Seen: clicking ◀ on Rules, Players and "Play to" moved forward."""
    setup = open_setup(driver)
    for kind in ("players", "target", "base"):
        row = row_of(setup, kind)
        left, right = drawn_arrows(driver, row.rect)[-2:]
        before = _value(setup, kind)
        driver.click(right)
        after_right = _value(setup, kind)
        assert after_right != before, kind
        driver.click(left)
        assert _value(setup, kind) == before, f"◀ on {kind} did not go back"
    # A seat's kind chooser too.
    seat = row_of(setup, "seat", 2)
    left, right = drawn_arrows(driver, seat.rect)[-2:]
    before = (setup.seats[2].kind, setup.seats[2].level)
    driver.click(right)
    assert (setup.seats[2].kind, setup.seats[2].level) != before
    driver.click(left)
    assert (setup.seats[2].kind, setup.seats[2].level) == before


def _value(setup, kind: str):
    return {"players": len(setup.seats), "target": setup.target, "base": setup.base}[kind]


def test_browsing_rule_sets_keeps_every_seat(driver):
    """Seen: passing UNO Duo (two players) while browsing wiped 10 seats down to 2."""
    setup = open_setup(driver)
    players = row_of(setup, "players")
    setup.focus = setup.rows.index(players)
    for _ in range(6):
        driver.key(pygame.K_RIGHT)
    assert len(setup.seats) == 10
    seat = row_of(setup, "seat", 7)
    driver.click((seat.rect.x + 100, seat.rect.centery))
    for _ in range(16):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "Zeynep")
    driver.key(pygame.K_RETURN)
    kinds = [(s.name, s.kind, s.level) for s in setup.seats]
    setup.focus = 0
    for _ in range(len(setup.base_sets)):
        driver.key(pygame.K_RIGHT)
        if setup.base == "duo":
            assert len(setup.seats) == 2  # shown clamped to what the rules allow
    assert setup.base == "classic"
    assert [(s.name, s.kind, s.level) for s in setup.seats] == kinds


def test_the_mouse_moves_the_one_focus(driver):
    """Seen: hover and keyboard focus drew the same outline on two buttons."""
    driver.app.push(TitleScene(driver.app))
    title = driver.top
    driver.frames()
    driver.key(pygame.K_DOWN)
    target = next(b for b in title.buttons if b.label == "Settings")
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    driver.frames()
    lit = [b for b in title.buttons if b.lit]
    assert lit == [target]
    driver.key(pygame.K_RETURN)  # Enter presses what the mouse pointed at
    assert driver.top_name == "SettingsScene"


def test_setup_has_one_focus_under_the_mouse(driver):
    setup = open_setup(driver)
    seat = row_of(setup, "seat", 2)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=seat.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    driver.frames()
    assert setup.rows[setup.focus] is seat
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=setup.start_button.rect.center,
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
    )
    driver.frames()
    assert setup.rows[setup.focus].kind == "start"
    assert not setup.back_button.lit


def test_esc_on_the_title_asks_before_quitting(driver):
    """Seen: Esc on the title quit at once."""
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    driver.key(pygame.K_ESCAPE)
    assert driver.app.running and driver.top_name == "ConfirmScene"
    driver.key(pygame.K_ESCAPE)  # no, stay
    assert driver.top_name == "TitleScene" and driver.app.running
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_RETURN)  # yes, quit
    assert not driver.app.running


def test_leaving_a_match_asks_and_says_it_is_saved(driver):
    from game.play.match import SeatConfig
    from tests.scenes.players import start_match

    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    start_match(driver.app, seats, seed=3)
    driver.frames(5)
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert driver.top_name == "PauseScene"
    quit_button = next(b for b in pause.buttons if "Quit" in b.label)
    driver.click(quit_button.rect.center)
    confirm = driver.top
    assert driver.top_name == "ConfirmScene"
    assert "saved" in confirm.detail and "Continue" in confirm.detail
    driver.key(pygame.K_ESCAPE)
    assert driver.top is pause
    driver.click(quit_button.rect.center)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "TitleScene" and len(driver.app.stack) == 1
    assert driver.top.buttons[0].label == "Continue"


def test_closing_the_window_mid_match_asks_first(driver):
    from game.play.match import SeatConfig
    from tests.scenes.players import start_match

    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    start_match(driver.app, seats, seed=3)
    driver.frames(5)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames()
    assert driver.app.running and driver.top_name == "ConfirmScene"
    assert "Continue" in driver.top.detail  # the match is saved, and says where it is
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # a second close means it
    driver.frames()
    assert not driver.app.running


def test_buttons_light_one_at_a_time():
    a = widgets.Button((0, 0, 10, 10), "a")
    b = widgets.Button((20, 0, 10, 10), "b")
    focus = widgets.FocusList([a, b])
    focus.hover((25, 5))
    assert [x.lit for x in (a, b)] == [False, True]
    focus.move(1)
    assert [x.lit for x in (a, b)] == [True, False]


def test_setup_errors_are_readable_wrapped_and_the_third_shows(driver, tmp_path, monkeypatch):
    """Seen: small error text clipped after two lines, so a third error never showed."""
    import game.scenes.setup as setup_scene
    from game.ui import rule_catalog

    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "name: Broken\n"
        "cards: {number: {faces: oops, colour: red}}\n"
        "players: {min: 3, max: 2}\n"
        "dealing: {hand_size: lots}\n"
    )
    monkeypatch.setattr(setup_scene, "available_rule_sets", lambda: ["classic", str(broken)])
    rule_catalog.forget_loaded()
    setup = open_setup(driver)
    setup.focus = 0
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    errors = setup.errors
    assert len(errors) >= 3
    assert errors[2] in setup.painter.error_lines
    box = setup.painter.error_box
    assert box is not None and driver.app.screen.get_rect().contains(box)
    from game.ui import text

    assert text.font(ERROR_SIZE).get_linesize() >= 14

    body = text.render("\n".join(setup.painter.error_lines), ERROR_SIZE, wrap=box.w - 20)
    assert body.get_width() <= box.w - 20 and body.get_height() <= box.h - 14
    rule_catalog.forget_loaded()


def test_switching_the_rule_set_loads_only_that_set_at_once(driver, monkeypatch):
    """Seen: the first switch lagged about 0.8 s, loading every house rule against
    the new base. Now only the chosen combination loads at once; the house rules'
    lines follow, one pair a frame."""
    from game.ui import rule_catalog

    setup = open_setup(driver)
    driver.frames(40)  # the house rules of the first base are read by now
    loads: list[tuple] = []
    real = rule_catalog.load_rules
    monkeypatch.setattr(
        rule_catalog, "load_rules", lambda names: loads.append(names) or real(names)
    )
    setup.focus = 0
    driver.key(pygame.K_RIGHT)
    assert len(loads) <= 2, loads  # the new base (and it with the house rules on)
    name, description, _ = base_info(setup.base)
    assert description
    for _ in range(5):
        before = len(loads)
        driver.frames()
        assert len(loads) - before <= 1


def test_a_name_keeps_only_letters_the_game_can_draw(driver):
    """Seen: "李小龍", "محمد" or an emoji typed as a name was taken, and drew as
    nothing: an empty field on the form, an empty name plate at the table. The
    letters the game's font lacks are turned away, and the form says so (in
    letters it can draw)."""
    setup = open_setup(driver)
    seat = row_of(setup, "seat", 1)
    driver.click((seat.rect.x + 100, seat.rect.centery))
    for _ in range(16):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "Li 李小龍 😀")
    assert setup.seats[1].name == "Li  "
    assert setup.message and not text.missing_letters(setup.message)
    type_text(driver, "Дима")  # Cyrillic is in the font
    assert setup.seats[1].name == "Li  Дима"


def test_two_seats_with_one_name_do_not_start(driver):
    """Seen: two seats both called "Ana" started a match where "Pass to Ana" and
    "Catch Ana!" could mean either, and their numbers on Players merged."""
    setup = open_setup(driver)
    taken = setup.seats[0].name
    seat = row_of(setup, "seat", 2)
    driver.click((seat.rect.x + 100, seat.rect.centery))
    for _ in range(16):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, f" {taken.lower()} ")
    driver.key(pygame.K_RETURN)
    setup.start()
    driver.frames()
    assert driver.top is setup
    assert taken.lower() in setup.message
    driver.click((seat.rect.x + 100, seat.rect.centery))
    type_text(driver, "2")
    driver.key(pygame.K_RETURN)
    setup.start()
    driver.frames()
    assert driver.top is not setup


def test_the_seats_are_one_key_away_from_the_rules_and_the_form_says_which(driver):
    """Seen: from Rules the keys reached the seats only through all the house
    rules, or by an unexplained Up round the bottom of the form."""
    setup = open_setup(driver)
    assert setup.rows[setup.focus].kind == "base"
    assert "Tab seats / rules" in setup.footer_line()
    driver.key(pygame.K_TAB)
    row = setup.rows[setup.focus]
    assert (row.kind, row.index) == ("seat", 0)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_TAB)  # and back
    assert setup.rows[setup.focus].kind == "base"
    driver.key(pygame.K_PAGEDOWN)  # as a controller's LB/RB do
    assert setup.rows[setup.focus].kind == "seat"
    driver.app.prompts.device = "pad"
    assert "LB/RB seats / rules" in setup.footer_line()
