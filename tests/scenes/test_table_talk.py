"""What the table tells the couch and fair out-of-turn play,
driven through the real scenes with posted input."""

from __future__ import annotations

import pygame

from game.bots import timing
from game.play.match import SeatConfig
from game.scenes.play import PlayScene
from game.ui import settings as settings_module
from tests.scenes.players import Couch, start_match

TWO_HUMANS = [
    SeatConfig("Ana"),
    SeatConfig("Bo", "bot"),
    SeatConfig("Selin"),
    SeatConfig("Cy", "bot"),
]
ONE_HUMAN = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
# Bots that say UNO as a reaction once the card is down (or forget): a person may
# catch them. A bot that never forgets UNO says it with its play.
SLOW_CALLERS = [
    SeatConfig("Ana"),
    SeatConfig("Bo", "bot", "beginner"),
    SeatConfig("Cy", "bot", "beginner"),
]
SIDE_BY_SIDE = [SeatConfig("Ana"), SeatConfig("Selin"), SeatConfig("Bo", "bot")]


def on_table(driver) -> PlayScene | None:
    top = driver.top
    return top if isinstance(top, PlayScene) and top.controls.idle else None


def test_uno_and_catch_buttons_say_whose_move_they_are(driver, monkeypatch):
    """Seen: the UNO! button came up on Ana's turn for another player's late call,
    with nothing saying whose."""
    monkeypatch.setitem(timing.PACE, "instant", 1000.0)  # bots leave the calls to people
    checked = {"other": 0, "own": 0, "catch": 0}
    for seed in range(1, 12):
        driver.app.stack.clear()
        screen = start_match(driver.app, SIDE_BY_SIDE, seed=seed)
        couch = Couch(driver, call_uno=False)
        names = screen.session.state.names
        for _ in range(3000):
            if driver.top_name == "RoundScoreScene":
                break
            couch.step()
            scene = on_table(driver)
            if scene is None:
                continue
            window = scene.state.uno_window
            viewer = scene.table.viewer
            if viewer is not None and scene.controls.board.uno_button.visible:
                assert scene.controls.board.uno_button.label == "UNO!"  # only the looker's own call
                checked["own"] += 1
            if window < 0 or screen.session.is_bot(window):
                continue
            if viewer is not None and viewer != window:
                assert not scene.controls.board.uno_button.visible, (
                    "someone else's call offered to the looker"
                )
                assert scene.controls.board.catch_button.visible
                assert scene.controls.board.catch_button.label == f"Catch {names[window]}!"
                checked["other"] += 1
        if checked["other"] and checked["own"]:
            return
    raise AssertionError(f"the cases never came up: {checked}")


def test_a_lone_human_sees_catch_named(driver, monkeypatch):
    monkeypatch.setitem(timing.PACE, "instant", 1000.0)  # bots never get round to it
    screen = start_match(driver.app, SLOW_CALLERS, seed=7)
    couch = Couch(driver)
    names = screen.session.state.names

    def catchable():
        scene = on_table(driver)
        return scene is not None and scene.controls.board.catch_button.visible

    assert driver.until(catchable, limit=20000, each=couch.play_on)
    scene = driver.top
    window = scene.state.uno_window
    assert screen.session.is_bot(window)
    assert scene.controls.board.catch_button.label == f"Catch {names[window]}!"
    assert not scene.controls.board.uno_button.visible  # a bot's call is nobody's button


def test_a_human_catches_a_bot_who_is_slow_to_call(driver):
    """Seen: bots called their own UNO at once, so nobody could catch a bot. Now a
    bot that may forget says UNO after its card is down, a human reaction later: a
    quick C wins."""
    screen = start_match(driver.app, SLOW_CALLERS, seed=11)
    session = screen.session
    couch = Couch(driver)
    driver.app.settings.pacing = "normal"

    def bot_on_one_card():
        scene = on_table(driver)
        return scene is not None and session.is_bot(scene.state.uno_window)

    assert driver.until(bot_on_one_card, limit=40000, each=couch.play_on)
    target = session.state.uno_window
    # The bot played down to one card without calling: its call is a reaction away.
    last_play = next(e for e in reversed(session.log) if e["t"] == "play")
    assert last_play["p"] == target
    assert not any(e["t"] == "uno" and e["p"] == target for e in session.log[-3:])
    driver.key(pygame.K_c)
    catches = [e for e in session.log if e["t"] == "catch"]
    assert catches and catches[-1] == {"t": "catch", "by": 0, "p": target}
    # A second catch of the same miss is turned away kindly, naming who was first.
    driver.key(pygame.K_c)
    assert "already caught" in (screen.table.callouts.toast_text or "")
    assert sum(e["t"] == "catch" for e in session.log) == len(catches)


def test_bots_react_no_faster_than_people(driver):
    """Seen: bots caught a missed UNO the moment the curtain lifted."""
    screen = start_match(driver.app, ONE_HUMAN, seed=2)
    session = screen.session
    couch = Couch(driver, call_uno=False)
    opened: dict[int, float] = {}

    def watch():
        # Instant pace until Ana is near her last card (a card a play): the
        # turns before her missed UNO are not what is timed.
        if len(session.state.hands[0]) <= 3:
            driver.app.settings.pacing = "normal"
        couch.play_on()
        scene = on_table(driver)
        if scene is not None and scene.state.uno_window == 0:
            opened.setdefault(len(session.log), scene.clock)

    def caught():
        return any(e["t"] == "catch" and e["p"] == 0 for e in session.log)

    assert driver.until(caught, limit=60000, each=watch)
    scene = driver.top
    catch_at = scene.clock
    shown = max(opened.values())
    fastest = min(r[timing.CATCH][0] for r in timing.REACTIONS.values())
    assert catch_at - shown >= fastest * timing.PACE["normal"] - 1 / 30


def test_reaction_times_follow_level_and_pace():
    import random

    rng = random.Random(1)
    for level, kinds in timing.REACTIONS.items():
        for kind, (lo, hi) in kinds.items():
            for pace, k in timing.PACE.items():
                t = timing.reaction_time(level, kind, pace, rng)
                assert lo * k - 1e-9 <= t <= hi * k + 1e-9
    assert timing.reaction_time("basic", timing.CATCH, "instant", rng) == 0


def test_history_lists_the_round_in_words(driver):
    screen = start_match(driver.app, ONE_HUMAN, seed=5)
    couch = Couch(driver)

    def told_a_while():
        return on_table(driver) is not None and len(screen.table.narrator.history) > 8

    assert driver.until(told_a_while, limit=4000, each=couch.step)
    scene = driver.top
    driver.key(pygame.K_h)
    assert driver.top_name == "HistoryScene"
    history = [t.text for t in screen.table.narrator.history]
    assert driver.top.lines == history and 0 < len(history) <= 30
    last = screen.table.callouts.line
    assert last is not None and history[-1] == last.text
    driver.key(pygame.K_h)
    assert driver.top is scene
    driver.click(scene.controls.board.history_button.rect.center)
    assert driver.top_name == "HistoryScene"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene


def test_the_curtain_tells_what_happened_since_your_turn(driver):
    """Seen: the curtain showed the top card but not the colour a Wild named."""
    for seed in range(1, 30):
        driver.app.stack.clear()
        screen = start_match(driver.app, TWO_HUMANS, seed=seed)
        couch = Couch(driver)
        for _ in range(3000):
            if driver.top_name == "RoundScoreScene":
                break
            if driver.top_name == "CurtainScene":
                curtain = driver.top
                model = screen.table.model
                since = curtain.since()
                assert since == screen.table.narrator.since_last_move(curtain.seat).texts
                if model.color is not None:
                    assert curtain.color_line() == (
                        f"Colour in force: {screen.book.color_label(model.color)}"
                    )
                top = model.top or ""
                if top.startswith("wild:") and since:
                    assert model.color is not None and curtain.color_line()
                    assert any("names" in line for line in since)
                    return
            couch.step()
    raise AssertionError("no curtain came right after a wild")


def test_a_human_jumps_in_with_keys_mouse_and_pad(driver, monkeypatch):
    """Seen: a human could never jump in (the scene read an attribute that no longer exists)."""
    # Bots think a second: 30 frames, time to step across a hand and jump in,
    # and half the frames per bot turn of the two seconds this once waited.
    monkeypatch.setitem(settings_module.BOT_DELAY, "instant", 1.0)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    done = []
    for how in ("keyboard", "mouse", "pad"):
        for seed in range(1, 60):
            driver.app.stack.clear()
            screen = start_match(driver.app, seats, seed=seed, rules=["classic", "house/jump-in"])
            session = screen.session
            couch = Couch(driver)

            def chance():
                scene = on_table(driver)
                return scene is not None and scene.controls.jumper() is not None

            if not driver.until(chance, limit=3000, each=couch.play_on):
                continue
            scene = driver.top
            top = screen.table.top_card
            hand = screen.table.sprites(0)
            target = next(i for i, s in enumerate(hand) if s.name == top)
            before = len(session.log)
            if how == "mouse":
                from tests.scenes.players import card_point

                driver.click(card_point(screen.table, target))
            else:
                left, right, press = (
                    (pygame.K_LEFT, pygame.K_RIGHT, None)
                    if how == "keyboard"
                    else (
                        pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                        pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                        pygame.CONTROLLER_BUTTON_A,
                    )
                )
                for _ in range(len(hand)):
                    if scene.controls.selected == target:
                        break
                    _press(driver, how, right)
                _press(driver, how, press if press is not None else pygame.K_RETURN)
            jumped = [e for e in session.log[before:] if e["t"] == "jump_in"]
            assert jumped and jumped[0]["p"] == 0, how
            done.append(how)
            break
    assert done == ["keyboard", "mouse", "pad"]


def _press(driver, how: str, key: int) -> None:
    if how == "pad":
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=key, instance_id=1)
        )
        driver.frames()
    else:
        driver.key(key)


def test_what_the_table_says_through_real_rounds(driver, monkeypatch):
    """Seen at the table: internal card names, a colour told before a swap was even
    chosen, "Skip!" for a Draw Two, catches that did not say who caught whom."""
    import re

    from game.table.view import TableView

    said: list[tuple[int, str, object]] = []  # (events shown so far, text, burst)
    real_show = TableView.show

    def show(self, line):
        said.append((self.model.events, line.text, line.burst))
        return real_show(self, line)

    monkeypatch.setattr(TableView, "show", show)
    monkeypatch.setitem(timing.PACE, "instant", 0.0)
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Gus", "bot")]
    found = set()
    for seed in range(1, 25):
        driver.app.stack.clear()
        said.clear()
        screen = start_match(
            driver.app, seats, seed=seed, rules=["uno112", "house/swap-hands-card"]
        )
        couch = Couch(driver, call_uno=seed % 2 == 0)
        for _ in range(4000):
            if driver.top_name == "RoundScoreScene":
                break
            couch.step()
        log = screen.session.log
        texts = [t for _, t, _ in said]
        assert not [t for t in texts if re.search(r"\w+:\w+|_", t)], texts
        for i, text in enumerate(texts):
            if text.endswith("plays Swap Hands"):
                rest = texts[i + 1 : i + 8]
                assert "names" not in text
                swap = [j for j, t in enumerate(rest) if "swaps hands with" in t]
                named = [j for j, t in enumerate(rest) if " names " in t]
                assert swap and named and swap[0] < named[0], (text, rest)
                found.add("swap")
            if "Draw Two:" in text and i + 1 < len(texts) and "misses a turn" in texts[i + 1]:
                assert not texts[i + 1].startswith("Skip") and said[i + 1][2] is None
                found.add("draw two")
            if " caught " in text and "without UNO" in text:
                by, caught = text.split(" caught ")[0], text.split(" caught ")[1].split()[0]
                penalty = next(e for e in log if e["t"] == "draw" and e["why"] == "uno")
                assert (
                    texts[i + 1] == f"{by} caught {caught}: {caught} draws {len(penalty['cards'])}"
                )
                found.add("catch")
        if {"swap", "draw two", "catch"} <= found:
            return
    raise AssertionError(f"only saw {found}")
