"""Stop and resume through the real scenes: a match saved at
every decision, closed, and continued from the title — mid-round, mid colour
choice, mid UNO Duo draft, between rounds — behind a curtain first; saves
that cannot be continued reported on the title and kept aside; a finished
match clears its save; the Players screen counts what was played."""

from __future__ import annotations

import json
from collections import Counter

import pygame
import pytest

from game.engine import GameState
from game.log import Incomplete, Reexecution
from game.play.match import SeatConfig
from game.player_files.saves import SAVE_FILE
from game.scenes.play import PlayScene
from game.scenes.players import PlayersScene
from game.scenes.title import TitleScene
from tests.scenes.players import (
    Couch,
    press_continue,
    reopen,
    start_match,
    table_matches_engine,
)
from tests.support.spies import recorded

ANA_BO_CY = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy")]


def continue_match(driver) -> list[tuple[str, object, bool]]:
    """Press Continue and return every card the following frames draw, from
    the very first: (card, place, face up)."""
    screen = press_continue(driver)
    drawn: list[tuple[str, object, bool]] = []
    screen.privacy.witness = lambda card, origin, place, face: drawn.append((card, place, face))
    return drawn


def hand_faces(drawn, seats=None) -> list:
    return [d for d in drawn if isinstance(d[1], int) and d[2] and (seats is None or d[1] in seats)]


def snapshot(state: GameState) -> dict:
    names = state.cards.names
    return {
        "hands": [Counter(names[c] for c in hand) for hand in state.hands],
        "discard": [names[c] for c in state.discard],
        "draw": len(state.draw_pile),
        "scores": list(state.scores),
        "round": state.round_no,
        "pending": (state.pending.kind, state.pending.seat) if state.pending else None,
        "color": state.color,
    }


def replays_exactly(log: list[dict]) -> None:
    check = Reexecution(enumerate(log, start=1))
    with pytest.raises(Incomplete):
        for _ in check:
            pass


def test_a_match_resumed_mid_round_is_the_same_match_behind_a_curtain(driver, prefs):
    screen = start_match(driver.app, ANA_BO_CY, seed=7)
    session = screen.session
    couch = Couch(driver)
    driver.until(lambda: sum(e["t"] == "play" for e in session.log) >= 8, each=couch.step)
    assert driver.until(lambda: driver.top_name == "CurtainScene", each=couch.step, limit=500)
    before, log = snapshot(session.state), list(session.log)
    to_look = session.state.pending.seat
    assert (prefs / SAVE_FILE).is_file()

    reopen(driver)
    drawn = continue_match(driver)
    driver.frames(5)
    top = driver.top
    assert driver.top_name == "CurtainScene" and top.seat == to_look
    assert not hand_faces(drawn), "a hand was shown before its curtain"
    resumed = top.session
    assert snapshot(resumed.state) == before
    assert resumed.log == log
    assert [s.to_dict() for s in resumed.seats] == [s.to_dict() for s in ANA_BO_CY]
    driver.key(pygame.K_SPACE, frames=3)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    table_matches_engine(scene)
    assert hand_faces(drawn, {to_look}) and not hand_faces(drawn, {0, 1, 2} - {to_look})
    # It plays on, and the whole log — before and after the stop — is one match.
    couch = Couch(driver)
    driver.until(lambda: len(resumed.log) > len(log) + 30, each=couch.step)
    replays_exactly(resumed.log)
    assert json.loads((prefs / SAVE_FILE).read_text().split("\n")[1])["t"] == "game"


def test_a_lone_human_at_a_table_of_bots_gets_the_curtain_first_too(driver):
    """Whoever sits at the screen when a match comes back may not be its human."""
    seats = [SeatConfig("Bo", "bot"), SeatConfig("Ana"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=11)
    session = screen.session
    couch = Couch(driver)
    # Stopped while a bot is to move: nobody's decision asks for Ana's hand yet.
    assert driver.until(
        lambda: sum(e["t"] == "play" for e in session.log) >= 6 and session.state.pending.seat != 1,
        each=couch.step,
    )

    reopen(driver)
    drawn = continue_match(driver)
    assert driver.top_name == "CurtainScene" and driver.top.seat == 1
    assert driver.top.session.state.pending.seat != 1
    driver.frames(3)
    assert not hand_faces(drawn)
    driver.key(pygame.K_SPACE, frames=3)
    assert driver.until(lambda: hand_faces(drawn, {1}), limit=200)
    assert not hand_faces(drawn, {0, 2})


def test_a_color_choice_is_asked_again_after_the_curtain(driver):
    # Seed 24 turns a Wild up first: Ana (seat 0) names the colour before anyone plays.
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=24)
    assert screen.session.state.pending.kind == "color"
    assert driver.until(lambda: driver.top_name == "CurtainScene")

    reopen(driver)
    drawn = continue_match(driver)
    driver.frames(3)
    assert driver.top_name == "CurtainScene" and driver.top.seat == 0
    driver.key(pygame.K_SPACE, frames=3)
    assert driver.top_name == "ColorWheelScene"
    assert not hand_faces(drawn, {1, 2})
    driver.key(pygame.K_RETURN, frames=3)
    session = driver.app.stack[0].session
    assert [e["t"] for e in session.log].count("color") == 1
    replays_exactly(session.log)


def test_an_uno_duo_draft_goes_on_where_it_stopped(driver):
    seats = [SeatConfig("Ana"), SeatConfig("Bo")]
    screen = start_match(driver.app, seats, seed=1, rules=["duo"])
    session = screen.session
    couch = Couch(driver)
    driver.until(lambda: sum(e["t"] == "draft" for e in session.log) >= 5, each=couch.step)
    driver.until(
        lambda: driver.top_name == "CurtainScene" and session.state.pending.kind == "draft",
        each=couch.step,
    )
    before, drafted = snapshot(session.state), list(session.log)
    seat = session.state.pending.seat

    reopen(driver)
    drawn = continue_match(driver)
    driver.frames(3)
    assert driver.top_name == "CurtainScene" and driver.top.seat == seat
    resumed = driver.top.session
    assert snapshot(resumed.state) == before and resumed.log == drafted
    driver.key(pygame.K_SPACE, frames=3)
    assert driver.top_name == "ChoiceScene" and driver.top.kind == "draft"
    assert not hand_faces(drawn, {1 - seat})
    driver.key(pygame.K_RETURN, frames=3)
    assert resumed.log[len(drafted)]["t"] == "draft"
    replays_exactly(resumed.log)


def test_between_rounds_the_score_comes_back_and_rounds_count_once(driver):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot")]
    start_match(driver.app, seats, seed=5)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    totals = list(driver.top.totals)
    assert driver.app.saves.stats.player("Ana").rounds == 1

    app = reopen(driver)
    continue_match(driver)
    driver.frames(3)
    assert driver.top_name == "RoundScoreScene"  # the round is over: its hands are open to all
    assert driver.top.totals == totals
    assert app.saves.stats.player("Ana").rounds == 1  # counted once, not again on resuming
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_SPACE, frames=2)
    assert driver.top_name in ("DealScene", "PlayScene", "CurtainScene")
    assert driver.app.stack[0].session.state.round_no == 2


def test_the_saved_match_is_named_in_the_language_of_the_moment(driver):
    from game import i18n
    from game.scenes.title import saved_summary

    start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=5)
    driver.frames(3)
    reopen(driver)
    saved = driver.top.saved
    assert saved is not None and saved_summary(saved).startswith("Classic UNO  ·  ")
    # Saved while English was spoken, read after a switch: the rules' own words.
    i18n.set_language("fi")
    assert saved_summary(saved).startswith("Klassinen UNO  ·  ")


def test_the_title_names_the_saved_rules_once_loaded_beside_the_menu(driver, monkeypatch):
    """The title's panel words the saved rules as the header does while their
    rule set loads beside the menu (it held the first frame back), then in
    the language of the moment."""
    from game import i18n
    from game.ui import text

    start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=5)
    driver.frames(3)
    reopen(driver)
    title = driver.top
    i18n.set_language("fi")
    drawn = recorded(monkeypatch, text, "fit")
    assert driver.until(lambda: title.saved_rules_loaded, limit=3000)
    drawn.clear()
    driver.frames()
    assert any(line.startswith("Klassinen UNO  ·  ") for line in drawn), drawn


def test_a_finished_match_clears_its_save_and_stays_watchable(driver, prefs, monkeypatch):
    # Play again shuffles anew; a fixed seed keeps the new deal's first
    # decision a plain turn (some deals open with a colour to name).
    monkeypatch.setattr("game.play.match.random.randrange", lambda *_: 21)
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot")]
    start_match(driver.app, seats, seed=9, single_round=True)
    couch = Couch(driver)
    driver.app.close()
    assert (prefs / SAVE_FILE).is_file()
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    driver.key(pygame.K_SPACE)
    assert driver.top_name == "MatchEndScene"
    driver.app.close()
    assert not (prefs / SAVE_FILE).exists()
    assert (prefs / "last_match.jsonl").is_file()
    driver.frames(30)  # the buttons answer once the winner has been seen
    driver.key(pygame.K_RETURN)  # Play again: a new match, saved afresh
    driver.frames(3)
    driver.app.close()
    assert (prefs / SAVE_FILE).is_file()
    assert driver.app.stack[0].session.state.round_no == 1
    assert driver.top_name == "PlayScene", driver.top_name
    driver.key(pygame.K_ESCAPE)  # pause
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # quit to the menu
    driver.key(pygame.K_RETURN)  # yes
    title = driver.top
    labels = [b.label for b in title.buttons]
    assert labels[0] == "Continue" and "Watch last match" in labels
    ana = driver.app.saves.stats.player("Ana")
    assert ana.matches == 1 and ana.rounds == 1


def test_a_new_game_over_a_saved_match_asks_first(driver, prefs, monkeypatch):
    monkeypatch.setattr(
        "game.play.match.random.randrange", lambda *_: 21
    )  # the new match's shuffle
    start_match(driver.app, ANA_BO_CY, seed=7)
    driver.frames(5)
    driver.app.saves.writer.flush()  # the save is written on a thread: a busy machine lags it
    first = json.loads((prefs / SAVE_FILE).read_text().split("\n")[0])["id"]
    reopen(driver)
    title = driver.top
    title.focus.focus(next(b for b in title.buttons if b.label == "New game"))
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "ConfirmScene" and "Ana, Bo, Cy" in driver.top.detail
    driver.key(pygame.K_ESCAPE)  # back: nothing is lost
    assert driver.top is title and title.buttons[0].label == "Continue"
    assert title.focus.current.label == "New game"
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)  # yes: the setup
    assert driver.top_name == "SetupScene"
    driver.key(pygame.K_ESCAPE)  # not started after all: the save is still there
    assert driver.top is title and title.buttons[0].label == "Continue"
    title.focus.focus(next(b for b in title.buttons if b.label == "New game"))
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    driver.top.start()
    driver.frames(2)
    driver.app.close()
    assert json.loads((prefs / SAVE_FILE).read_text().split("\n")[0])["id"] != first


def damage(path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) * 2 // 3])
    elif how == "corrupt":
        lines = data.split(b"\n")
        lines[len(lines) // 2] = b'{"t":"play","p":\x00\xff garbage'
        path.write_bytes(b"\n".join(lines))
    elif how == "foreign":
        path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    elif how == "replay log":
        path.write_bytes(data.split(b"\n", 1)[1])  # a log without the save's header
    elif how == "other version":
        head, rest = data.split(b"\n", 1)
        header = json.loads(head)
        header["version"] = 7
        path.write_bytes(json.dumps(header).encode() + b"\n" + rest)
    elif how == "empty":
        path.write_bytes(b"")


WORDS = {
    "truncated": "cut short",
    "corrupt": "is not an event of a replay log",
    "foreign": "not a Couch UNO save",
    "replay log": "not a Couch UNO save",
    "other version": "save format 7",
    "empty": "empty",
}


def saved_match(driver, prefs):
    screen = start_match(driver.app, ANA_BO_CY, seed=7)
    couch = Couch(driver)
    driver.until(lambda: len(screen.session.log) > 60, each=couch.step)
    driver.app.close()
    return prefs / SAVE_FILE


def kept(prefs) -> list:
    return sorted(p.name for p in prefs.iterdir() if p.name.startswith("match.kept-"))


@pytest.mark.parametrize("how", list(WORDS))
def test_a_damaged_save_is_reported_on_the_title_and_kept_aside(driver, prefs, how):
    path = saved_match(driver, prefs)
    damage(path, how)
    damaged = path.read_bytes()
    reopen(driver)
    title = driver.top
    labels = [b.label for b in title.buttons]
    assert "Continue" not in labels
    problem = driver.app.saves.problem
    assert problem is not None and WORDS[how] in problem, problem
    assert not path.exists()
    [aside] = kept(prefs)
    assert (prefs / aside).read_bytes() == damaged  # left as it was, under a name of its own
    assert aside in problem
    driver.frames(2)  # the title draws the problem
    # The rest of the game works: a new game starts and is saved afresh.
    title.focus.index = labels.index("New game")
    title.focus.press()
    assert driver.top_name == "SetupScene"
    driver.top.start()
    driver.frames(2)
    driver.app.close()
    assert path.is_file() and driver.app.saves.problem is None


def test_a_save_whose_rules_changed_is_refused_when_continued(driver, prefs, tmp_path):
    rules = tmp_path / "ours.yaml"
    rules.write_text("extends: classic\nname: Ours\ndescription: our table's rules\n")
    screen = start_match(driver.app, ANA_BO_CY, seed=7, rules=[str(rules)])
    couch = Couch(driver)
    driver.until(lambda: len(screen.session.log) > 40, each=couch.step)
    driver.app.close()
    # Wording is not play: a new description still continues.
    rules.write_text("extends: classic\nname: Ours\ndescription: the rules of our table\n")
    reopen(driver)
    continue_match(driver)
    driver.frames(2)
    assert driver.top_name == "CurtainScene"
    driver.app.close()
    # Seven cards a hand instead of eight is another game: refused, in words.
    rules.write_text("extends: classic\nname: Ours\ndealing: {hand_size: 8}\n")
    reopen(driver)
    title = driver.top
    title.focus.index = 0
    title.focus.press()
    driver.frames(2)
    assert driver.top is title
    assert "have changed since it was saved" in driver.app.saves.problem
    assert [b.label for b in title.buttons][0] == "New game"
    assert len(kept(prefs)) == 1


def test_a_save_whose_moves_do_not_replay_is_refused(driver, prefs):
    path = saved_match(driver, prefs)
    lines = path.read_text().split("\n")
    deal = next(i for i, line in enumerate(lines) if line.startswith('{"t":"deal"'))
    event = json.loads(lines[deal])
    event["cards"][0] = "red:9" if event["cards"][0] != "red:9" else "blue:9"
    lines[deal] = json.dumps(event, separators=(",", ":"))
    path.write_text("\n".join(lines))
    reopen(driver)
    title = driver.top
    assert title.buttons[0].label == "Continue"  # the shape is fine: only replaying tells
    title.focus.press()
    driver.frames(2)
    assert driver.top_name == "TitleScene"
    assert "do not replay" in driver.app.saves.problem
    # The rules are the same and the file was changed: it is the file's fault.
    assert "the file was changed or damaged after it was saved" in driver.app.saves.problem
    assert "version" not in driver.app.saves.problem
    assert len(kept(prefs)) == 1 and not path.exists()


def test_leftovers_of_a_write_cut_short_are_cleared(driver, prefs):
    path = saved_match(driver, prefs)
    whole = path.read_bytes()
    leftover = prefs / f".{SAVE_FILE}.abc123.tmp"
    leftover.write_bytes(whole[:100])
    reopen(driver)
    assert not leftover.exists() and path.read_bytes() == whole
    assert driver.top.buttons[0].label == "Continue"


def test_the_players_screen_counts_people_not_bots(driver):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy")]
    screen = start_match(driver.app, seats, seed=3, single_round=True)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    driver.key(pygame.K_SPACE)
    assert driver.top_name == "MatchEndScene"
    log = screen.session.log
    end = next(e for e in log if e["t"] == "round_end")
    reopen(driver)
    title = driver.top
    title.focus.index = [b.label for b in title.buttons].index("Players")
    title.focus.press()
    assert driver.top_name == "PlayersScene"
    players = {p.name: p for p in driver.top.players}
    assert set(players) == {"Ana", "Cy"}
    for seat, name in ((0, "Ana"), (2, "Cy")):
        p = players[name]
        assert (p.matches, p.rounds) == (1, 1)
        assert p.rounds_won == p.matches_won == int(end["winner"] == seat)
        assert p.uno_calls == sum(e["t"] == "uno" and e["p"] == seat for e in log)
        assert p.favourite == "classic"  # by its file, worded where shown
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "TitleScene"


def test_a_damaged_statistics_file_is_kept_aside_with_a_notice(driver, prefs):
    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / "players.json").write_text('{"format": "couch-uno-players", "version": 1, "pla')
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    driver.app.push(PlayersScene(driver.app))
    scene = driver.top
    assert scene.notices and "could not be read" in scene.notices[0]
    assert not (prefs / "players.json").exists()
    assert [p.name for p in prefs.iterdir() if p.name.startswith("players.kept-")]
    driver.frames(2)


def test_the_statistics_notice_sits_in_the_panel_clear_of_the_rows(driver, prefs):
    """Above the panel the notice ran into the line under the title; in the
    panel's foot it takes the last rows' room, and the rows stop above it."""
    from game.scenes.players import BOX, NOTICE_ROWS, ROW

    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / "players.json").write_text("[1, 2, 3]", encoding="utf-8")
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    driver.app.push(PlayersScene(driver.app))
    scene = driver.top
    full = scene.visible_rows
    notice = scene.notice_line()
    assert notice is not None
    _, where = notice
    assert BOX.contains(where)
    rows_bottom = BOX.y + 18 + 40 + full * ROW
    assert rows_bottom <= where.top
    scene.notices = []
    assert scene.visible_rows == full + NOTICE_ROWS
    assert scene.notice_line() is None
    driver.frames(2)


def test_a_folder_where_the_save_goes_is_named_on_the_title(driver, prefs):
    """Python's `open` refuses a folder with a traceback; the save is opened
    and checked before anything opens it as a file, so the game starts and
    says what is wrong."""
    (prefs / SAVE_FILE).mkdir(parents=True)
    driver.app.push(TitleScene(driver.app))
    driver.frames(2)
    assert driver.top_name == "TitleScene"
    assert "Continue" not in [b.label for b in driver.top.buttons]
    assert driver.app.saves.problem == (
        f"It is a folder. Move match.save out of the settings folder ({prefs}) to save"
        " matches again."
    )
    assert (prefs / SAVE_FILE).is_dir()  # left alone, as it was


def test_a_folder_named_like_the_statistics_is_named_on_the_players_screen(driver, prefs):
    (prefs / "players.json").mkdir(parents=True)
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    driver.app.push(PlayersScene(driver.app))
    scene = driver.top
    assert [str(n) for n in scene.notices] == [
        "The players' statistics could not be read: it is a folder. Counting starts again."
    ]
    driver.frames(2)
