"""Learning as you play, on the screens: the setting in New game, the table
holding on a moment, who may see a moment about a hidden card, and Learn to
play from the title. The moments here come from a stand-in tutor
(tests/scenes/teaching.py) aimed at the worst times; the real tutor's own
moments are played through at the end."""

from __future__ import annotations

import pygame
import pytest

from game.play.match import SeatConfig
from game.scenes.title import TitleScene
from game.table.lessons import LessonDesk
from game.ui.new_game import NewGame
from tests.scenes.players import Couch, open_setup, start_match
from tests.scenes.privacy_watch import watch_app
from tests.scenes.teaching import Lesson, hand_of, teach

# --- the setting ------------------------------------------------------------------


def test_learning_is_on_for_a_first_match_until_a_player_says_otherwise():
    names = ["classic"]
    saved = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "bot"}]}
    assert NewGame(names, saved, lambda name: name == "Ana").learning
    assert not NewGame(names, saved, lambda name: name == "Bo").learning  # a bot learns nothing
    assert not NewGame(names, saved).learning
    game = NewGame(names, saved, lambda name: True)
    game.toggle_learning()
    assert not game.learning
    game.toggle_learning()
    assert game.learning
    assert "learning" not in game.saved()  # chosen per match, not kept for the next


@pytest.mark.newcomers
def test_new_game_has_a_learn_row_on_the_keyboard_path(driver):
    setup = open_setup(driver)
    kinds = [row.kind for row in setup.rows]
    assert kinds.index("house") < kinds.index("learn") < kinds.index("phones")
    assert setup.game.learning  # nobody has finished a match in this players' file
    while setup.rows[setup.focus].kind != "learn":
        driver.key(pygame.K_DOWN)
    assert "first matters" in setup.footer_line()
    driver.key(pygame.K_RETURN)
    assert not setup.game.learning
    driver.key(pygame.K_LEFT)
    assert setup.game.learning
    setup.focus = next(i for i, row in enumerate(setup.rows) if row.kind == "start")
    driver.key(pygame.K_RETURN, frames=2)
    session = next(s.match_screen for s in driver.app.stack if s.match_screen).session
    assert session.learning and session.tutor is not None


def test_old_hands_start_without_learning(driver):
    setup = open_setup(driver)
    assert not setup.game.learning


# --- the table holds on a moment ----------------------------------------------------

PUBLIC = Lesson("card:play", "A card is played", "Match the colour or the number.", ())


def _first_play(state, events):
    return [PUBLIC] if any(e["t"] == "play" for e in events) else []


def test_the_table_holds_on_a_moment_until_a_key(driver):
    app = driver.app
    screen = start_match(app, [SeatConfig("Ana", "bot"), SeatConfig("Bo", "bot")], seed=5)
    teach(screen.session, _first_play)
    assert driver.until(lambda: driver.top_name == "LessonScene", 3000)
    lesson = driver.top
    assert lesson.lesson is PUBLIC
    log = len(screen.session.log)
    driver.frames(90)  # three seconds: a bot would have played by now
    assert driver.top is lesson and len(screen.session.log) == log
    assert any(e["t"] == "play" for e in screen.session.log)
    driver.key(pygame.K_SPACE)
    assert driver.top_name == "PlayScene"
    assert driver.until(lambda: len(screen.session.log) > log, 600)
    assert driver.top_name != "LessonScene"  # once: the tutor does not give it again


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE, None])
def test_a_moment_goes_on_a_key_or_a_click(driver, key):
    app = driver.app
    screen = start_match(app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=5)
    teach(screen.session, _first_play)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "LessonScene", 3000, each=couch.step)
    if key is None:
        driver.click((640, 360))
    else:
        driver.key(key)
    assert driver.top_name != "LessonScene"


# --- privacy --------------------------------------------------------------------------


def _private_each_play(state, events):
    """At every play, a moment about the hand of the seat that did not play:
    never its turn, usually behind its curtain."""
    lessons = []
    for event in events:
        if event["t"] != "play":
            continue
        for seat in range(state.players):
            if seat != event["p"]:
                key = f"hand:{seat}:{len(state.hands[seat])}:{event['card']}"
                lessons.append(
                    Lesson(key, "Your hand", "Only you see this.", hand_of(state, seat), seat)
                )
    return lessons


def _couch_play(driver, screen, watch, lessons_wanted: int, limit: int = 6000) -> None:
    couch = Couch(driver)
    for _ in range(limit):
        couch.play_on()
        if watch.leaks or watch.lessons >= lessons_wanted:
            return


def test_a_moment_about_a_hidden_hand_reaches_only_its_owner(driver, monkeypatch):
    app = driver.app
    app.stack.clear()
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
    screen = start_match(app, seats, seed=11, target=5000)
    teach(screen.session, _private_each_play)
    watch = watch_app(app, screen, monkeypatch)
    _couch_play(driver, screen, watch, lessons_wanted=12)
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert watch.lessons >= 12 and watch.curtains > 0 and watch.faces_seen > 0


def test_the_watch_sees_a_moment_shown_to_the_wrong_person(driver, monkeypatch):
    """The check above can fail: a desk that shows every moment at once leaks."""
    monkeypatch.setattr(LessonDesk, "may_show", lambda self, seat: True)
    app = driver.app
    app.stack.clear()
    screen = start_match(app, [SeatConfig("Ana"), SeatConfig("Bo")], seed=11, target=5000)
    teach(screen.session, _private_each_play)
    watch = watch_app(app, screen, monkeypatch)
    _couch_play(driver, screen, watch, lessons_wanted=12)
    assert watch.leaks


@pytest.mark.parametrize(
    "rules", [["classic"], ["classic", "house/jump-in"], ["flip"]], ids=lambda r: "+".join(r)
)
def test_the_tutors_own_moments_keep_hands_private(driver, monkeypatch, rules):
    """The real tutor, two people and a bot: its moments about a hand (the cards
    a seat may play, a jump-in chance on someone else's turn) reach only that
    hand's owner, and every frame of the match shows no card to anyone else."""
    app = driver.app
    app.stack.clear()
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
    screen = start_match(app, seats, seed=7, rules=rules, target=5000, learning=True)
    watch = watch_app(app, screen, monkeypatch)
    couch = Couch(driver)
    for _ in range(4000):
        couch.play_on()
        private = {seat for seat, _key in watch.taught if seat is not None}
        if watch.leaks or (private == {0, 1} and len(watch.taught) >= 6):
            break
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert {seat for seat, _key in watch.taught if seat is not None} == {0, 1}
    assert any(seat is None for seat, _key in watch.taught)
    keys = [key for _seat, key in watch.taught]
    assert len(keys) == len(set(keys)), "a rule was taught twice"


def test_a_phone_seats_moment_goes_to_its_phone_not_the_tv(driver):
    screen = start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo")], seed=3)
    session = screen.session
    desk = LessonDesk(session, screen.privacy, lambda seat: seat == 0, lambda: False)
    mine = Lesson("card:x", "Yours", "On your phone.", hand_of(session.state, 0), 0)
    public = Lesson("card:y", "Everyone's", "On the TV.")
    bots = Lesson("card:z", "A bot's", "Nobody's.", (), 1)
    teach(session, lambda state, events: [])
    session.seats[1].kind = "bot"
    session.bots[1] = None  # type: ignore[assignment]
    from game.play.match import Due

    session.lessons.extend(Due(0, lesson) for lesson in (mine, public, bots))
    screen.privacy.viewer = 0  # even with the seat's hand up on the TV
    assert desk.for_screen() is public
    assert desk.for_screen() is None
    # the public moment shown on the TV goes to the phone too
    assert desk.for_phones() == [(0, public), (0, mine)]
    assert not session.lessons  # the bot's is dropped, never shown


def test_a_phone_is_told_its_own_moment_as_a_private_moment():
    from game.phones.private import PrivateMoments
    from game.ui.card_book import CardBook

    moments = PrivateMoments([0, 1], CardBook())
    lesson = Lesson(
        "card:wd4", "Wild Draw Four", "Play it when no card matches.", ("wild:wild",), 0
    )
    moments.teach(0, lesson, lambda taught: taught)
    (told,) = moments.moments(0)
    assert told["id"] == "lesson:card:wd4" and told["title"] == "Wild Draw Four"
    assert moments.moments(1) == []


# --- a new language -------------------------------------------------------------------


def test_a_moment_up_or_waiting_is_worded_again_in_a_new_language(driver):
    """Settings, from the pause over a moment: the callout up speaks the new
    language at once, and so does every moment still waiting its turn."""
    from game import i18n
    from game.lessons.specs import title_and_words
    from game.scenes.settings import ROWS

    app = driver.app
    screen = start_match(app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=5, learning=True)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "LessonScene", 3000, each=couch.step)
    up = driver.top
    assert screen.session.lessons, "no moment waits behind the first"
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "PauseScene"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "SettingsScene"
    for _ in range(ROWS.index("language")):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert i18n.language() == "tr"
    tutor = screen.session.tutor
    assert tutor is not None

    def in_turkish(lesson) -> bool:
        spec = tutor.specs[lesson.key]
        return (lesson.title, lesson.words) == title_and_words(screen.session.rules, spec)

    assert in_turkish(up.lesson), up.lesson
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    shown = 0
    for _ in range(400):
        if driver.top_name == "LessonScene":
            lesson = driver.top.lesson
            assert in_turkish(lesson), lesson
            shown += 1
            if shown >= 4:
                break
        couch.step()
    assert shown >= 4


# --- Learn to play --------------------------------------------------------------------


def test_learn_to_play_from_the_title(driver):
    driver.app.push(TitleScene(driver.app))
    labels = [b.label for b in driver.top.buttons]
    assert labels.index("Learn to play") == labels.index("New game") + 1
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "LearnScene"
    learn = driver.top
    assert learn.base == "classic"
    driver.key(pygame.K_RETURN)  # the name field
    assert learn.editing
    for _ in range(5):
        driver.key(pygame.K_BACKSPACE)
    for ch in "Zoë":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)  # any rule set on request
    chosen = learn.base
    assert chosen != "classic"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN, frames=2)
    session = next(s.match_screen for s in driver.app.stack if s.match_screen).session
    assert session.learning and session.rule_names == [chosen]
    assert [(s.name, s.kind) for s in session.seats][0] == ("Zoë", "human")
    assert (session.seats[1].kind, session.seats[1].level) == ("bot", "beginner")
    assert driver.app.phones is None  # learnt at the table, whatever Settings says


def test_a_moment_about_a_hand_waits_again_after_the_pause(driver):
    """The pause shows the whole couch the table (every hand goes face down):
    back from it, a moment about Ana's hand is not left up for whoever is
    looking now; it comes back after Ana's curtain."""
    app = driver.app
    screen = start_match(app, [SeatConfig("Ana"), SeatConfig("Bo")], seed=11, target=5000)
    teach(screen.session, _private_each_play)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "LessonScene", 3000, each=couch.step)
    lesson = driver.top.lesson
    owner = lesson.seat
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "PauseScene"
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name != "LessonScene"
    assert screen.table.viewer is None
    assert driver.until(lambda: driver.top_name == "CurtainScene", 300)
    assert driver.top.seat == owner
    driver.key(pygame.K_SPACE)
    assert driver.until(lambda: driver.top_name == "LessonScene", 300)
    assert driver.top.lesson is lesson
