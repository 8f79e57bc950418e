"""Hints on the table: a person asks (T, the Hint button, a
controller's right-stick click) and sees the expert's move highlighted in
their hand with one line of why; Settings turns hints off; a hint is only for
the hand on show to its owner, never through the curtain."""

from __future__ import annotations

import pygame

from game.bots.hint import Advisor
from game.engine import Play
from game.play.match import SeatConfig
from game.play.sim import tell_bots
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.table import hint as table_hint
from tests.scenes.fake_pads import PadRig
from tests.scenes.players import Couch, start_match

ONE_HUMAN = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
TWO_HUMANS = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin")]


def my_turn(driver, couch: Couch | None = None, seat: int | None = None) -> PlayScene:
    """Play on (the couch answering curtains and the like) until a human's hand is up
    on their turn, with a choice to make (two or more moves)."""

    def ready() -> bool:
        top = driver.top
        if not isinstance(top, PlayScene):
            return False
        actor = top.controls.actor()
        if actor is None or (seat is not None and actor != seat):
            return False
        return len(top.session.legal(actor)) > 1

    couch = couch or Couch(driver)
    for _ in range(4000):
        if ready():
            return driver.top
        couch.play_on()  # curtains, colours, turns with one move or another seat's
    raise AssertionError("no human turn came")


def wait_hint(driver, scene: PlayScene, frames: int = 200) -> int:
    hint = scene.controls.hint
    for waited in range(frames):
        if hint.shown is not None:
            return waited
        driver.frames()
    raise AssertionError("the hint never came")


def test_t_shows_the_experts_move_in_the_hand_and_enter_plays_it(driver):
    for seed in (3, 4, 5):
        driver.app.stack.clear()
        start_match(driver.app, ONE_HUMAN, seed=seed)
        scene = my_turn(driver)
        seat = scene.controls.actor()
        hint = scene.controls.hint
        assert hint.button.visible
        driver.key(pygame.K_t)
        wait_hint(driver, scene)
        action = hint.shown.action
        assert action in scene.session.legal(seat)
        line = hint.words()
        assert line.startswith("Hint: ") and " — " in line and "\n" not in hint.shown.why
        if isinstance(action, Play):
            card = scene.state.cards.names[action.card]
            assert scene.table.sprites(seat)[scene.controls.selected].name == card
            assert scene.table.book.label(card) in line
            driver.frames()
            driver.key(pygame.K_RETURN)
            if driver.top_name == "ColorWheelScene":
                driver.key(pygame.K_RETURN)
            played = [e for e in scene.session.log if e["t"] == "play" and e["p"] == seat]
            assert played[-1]["card"] == card
            assert hint.shown is None or hint.key != hint._key(seat)
            return
    raise AssertionError("no seed gave a hint to play a card")


def test_the_hint_button_asks_and_a_hint_goes_when_the_table_moves(driver):
    start_match(driver.app, ONE_HUMAN, seed=7)
    scene = my_turn(driver)
    hint = scene.controls.hint
    driver.click(hint.button.rect.center)
    wait_hint(driver, scene)
    seat = scene.controls.actor()
    # Something happens at the table (the human draws): the hint is gone.
    draws = [a for a in scene.session.legal(seat) if type(a).__name__ == "Draw"]
    if draws:
        scene.controls.act(draws[0])
        driver.frames()
        assert hint.shown is None and hint.words() is None


def test_the_search_is_spread_over_frames_and_gives_the_same_move(driver, monkeypatch):
    """At most a slice of each frame goes to the search: with no time at all, one
    world a frame. However it is spread, the move is the one the advisor gives at once."""
    monkeypatch.setattr(table_hint, "SLICE_S", 0.0)
    for seed in range(1, 12):
        driver.app.stack.clear()
        start_match(driver.app, ONE_HUMAN, seed=seed)
        scene = my_turn(driver)
        session = scene.session
        seat = scene.controls.actor()
        twin = Advisor(session.rules, seat, session.seed ^ (0x417 + seat), deadline_ms=None)
        tell_bots({seat: twin}, [seat], None, list(session.log))
        at_once = twin.hint(session.look(seat), session.legal(seat))
        driver.key(pygame.K_t)
        frames = wait_hint(driver, scene)
        assert scene.controls.hint.shown == at_once
        if frames > 3:  # a real search, a world per frame
            return
    raise AssertionError("no turn needed a search")


def test_hints_off_hide_the_button_and_ignore_the_key(driver):
    driver.app.settings.hints = False
    start_match(driver.app, ONE_HUMAN, seed=3)
    scene = my_turn(driver)
    driver.frames()
    hint = scene.controls.hint
    assert not hint.button.visible
    driver.key(pygame.K_t, frames=5)
    driver.click(hint.button.rect.center, frames=5)
    assert hint.shown is None and hint.seat is None


def test_the_settings_screen_turns_hints_off_and_keeps_it(driver, tmp_path, monkeypatch):
    monkeypatch.setenv("COUCH_UNO_PREFS", str(tmp_path))
    driver.app.push(SettingsScene(driver.app))
    driver.frames()
    settings_scene = driver.top
    row = settings_scene.rows.index("hints")
    rect = settings_scene.rects[row]
    driver.click(settings_scene.arrows(rect)[1])
    assert driver.app.settings.hints is False
    assert settings_scene.values()["hints"][0] == "Hints: off"
    from game.ui.settings import Settings

    assert Settings.load(tmp_path).hints is False
    driver.click(settings_scene.arrows(rect)[0])
    assert Settings.load(tmp_path).hints is True


def test_a_hint_is_for_the_hand_on_show_and_never_through_the_curtain(driver):
    start_match(driver.app, TWO_HUMANS, seed=5)
    couch = Couch(driver)
    scene = my_turn(driver, couch)
    seat = scene.controls.actor()
    hint = scene.controls.hint
    driver.key(pygame.K_t)
    wait_hint(driver, scene)
    assert hint.seat == seat
    # The turn ends; the other human's curtain comes: no hint is left for anyone.
    couch.turn(scene)
    for _ in range(2000):
        if driver.top_name == "CurtainScene":
            break
        couch.step()
    assert driver.top_name == "CurtainScene"
    assert hint.words() is None or hint.seat is None
    driver.key(pygame.K_t)  # T on the curtain: nobody's hand is up, nothing shows
    assert hint.seat is None
    # Behind it, the other human; their hint is theirs, with their hand up.
    other = my_turn(driver, couch, seat=next(s for s in (0, 2) if s != seat))
    assert other.table.viewer == other.controls.actor()
    driver.key(pygame.K_t)
    wait_hint(driver, other)
    assert other.controls.hint.seat == other.controls.actor()


def test_with_no_hand_up_t_says_so(driver):
    start_match(driver.app, TWO_HUMANS, seed=5)
    for _ in range(400):
        top = driver.top
        if isinstance(top, PlayScene) and top.controls.idle and top.controls.actor() is None:
            break
        if driver.top_name == "CurtainScene":
            break
        driver.frames()
    top = driver.top
    if isinstance(top, PlayScene):
        driver.key(pygame.K_t)
        assert top.controls.hint.seat is None


def test_a_controllers_r3_asks_for_its_own_seat_only(driver):
    rig = PadRig(driver)
    pads = {}
    for seat in (0, 2):
        pads[seat] = rig.plug(f"Pad {seat}", guid=f"guid-{seat}")
        rig.gamepads.claim(pads[seat].instance, seat)
    start_match(driver.app, TWO_HUMANS, seed=5)
    couch = Couch(driver)
    scene = my_turn(driver, couch)
    seat = scene.controls.actor()
    other = 2 if seat == 0 else 0
    rig.press(pads[other], pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert scene.controls.hint.seat is None  # not its hand on show
    rig.press(pads[seat], pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    wait_hint(driver, scene)
    assert scene.controls.hint.seat == seat


def test_the_hints_line_is_worded_in_the_language_of_the_moment(driver):
    """The line is worded as it is drawn, so a switch of language
    (the Language row; the pause turns the card book) re-words a hint on show,
    its cards named in the new language."""
    from game import i18n

    start_match(driver.app, ONE_HUMAN, seed=3)
    scene = my_turn(driver)
    hint = scene.controls.hint
    driver.key(pygame.K_t)
    wait_hint(driver, scene)
    english = hint.words()
    assert english.startswith("Hint: ") and hint.shown.why.lower() in english.lower()
    i18n.set_language("fi")
    scene.table.book.speak("fi")
    finnish = hint.words()
    assert finnish.startswith("Vihje: ") and hint.shown.why not in finnish
    action = hint.shown.action
    if isinstance(action, Play):
        card = scene.state.cards.names[action.card]
        assert scene.table.book.label(card) in finnish
    driver.frames()  # and it draws


def test_enter_takes_a_hint_that_is_not_a_card(driver):
    """A hint to take the cards, pass or draw outlines its button; Enter then does
    that, not play the card the table had selected (with stacking, a +2 could
    stack on the very cards the hint said to take). Moving the selection first
    means the person chose a card of their own: Enter plays it as ever."""
    from game.engine import Accept, Draw, Pass

    seats = [SeatConfig("Ana"), SeatConfig("Selin"), SeatConfig("Bo", "bot")]
    taken_as_hinted = chose_own = 0
    for seed in range(1, 12):
        driver.app.stack.clear()
        start_match(driver.app, seats, seed=seed, rules=["classic", "house/stacking"])
        couch = Couch(driver)
        for _ in range(1500):
            scene = driver.top
            actor = scene.controls.actor() if isinstance(scene, PlayScene) else None
            if actor is None or len(scene.session.legal(actor)) < 2:
                couch.play_on()
                continue
            driver.key(pygame.K_t)
            wait_hint(driver, scene)
            action = scene.controls.hint.shown.action
            if type(action) not in (Accept, Draw, Pass):
                couch.play_on()
                continue
            taken: list = []
            real_act = scene.controls.act
            scene.controls.act = lambda a, taken=taken, real=real_act: taken.append(a) or real(a)
            own = taken_as_hinted > chose_own and len(scene.table.sprites(actor)) > 1
            if own:
                driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
            del scene.controls.act
            if own:
                assert action not in taken
                assert all(isinstance(a, Play) for a in taken)
                chose_own += 1
            else:
                assert taken == [action], (scene.controls.hint.words(), taken)
                taken_as_hinted += 1
            if chose_own >= 1 and taken_as_hinted >= 2:
                return
            couch.play_on()
    raise AssertionError(f"too few hints that are not a card: {taken_as_hinted}, {chose_own}")


def test_a_refusal_after_a_hint_is_readable_and_t_selects_the_hinted_card_again(driver):
    """Seen: after T, trying a card that may not be played drew its red reason
    under the hint's line, where it faded unread; and T again left the other
    card selected, so Enter played it. Then: the line, kept clear of the
    reason, was pushed over the piles."""
    for seed in range(3, 30):
        driver.app.stack.clear()
        start_match(driver.app, ONE_HUMAN, seed=seed)
        scene = my_turn(driver)
        seat = scene.controls.actor()
        hand = scene.table.sprites(seat)
        unplayable = [i for i, s in enumerate(hand) if s.name not in scene.controls.lit.lift]
        driver.key(pygame.K_t)
        wait_hint(driver, scene)
        hint = scene.controls.hint
        if not unplayable or not isinstance(hint.shown.action, Play):
            continue
        hinted = scene.controls.selected
        while scene.controls.selected != unplayable[0]:
            driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RETURN)
        toast = scene.table.toast_box()
        assert toast is not None, "no reason was given"
        # The reason is said alone: the hint's line waits rather than cover it,
        # or be pushed over the piles (found by QA), and comes back after it.
        assert hint.line_box() is None, "the hint's line is drawn over the reason"
        piles = [scene.table.layout.piles[p] for p in ("draw_pile", "discard_pile")]
        driver.until(lambda table=scene.table: table.toast_box() is None, limit=600)
        line = hint.line_box()
        assert line is not None and line.collidelist(piles) < 0, "the hint covers the piles"
        driver.key(pygame.K_t)
        assert scene.controls.selected == hinted
        return
    raise AssertionError("no hint on a hand with a card that may not be played")
