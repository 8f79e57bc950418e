"""Drive the real game window to each scene and save screenshots.

    xvfb-run -a -s "-screen 0 1920x1350x24" python tools/screenshots.py [OUT] [--modding|--eyes]
    xvfb-run -a -s "-screen 0 1920x1350x24" python tools/screenshots.py --bots
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --languages
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --setup
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --flip
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --lab
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --learn

Input goes through the same event path as a player's (posted KEYDOWN events);
an autopilot plays for the humans. Every match is saved as in the game (to a
temporary settings folder), so the title can show one to continue and the
Players screen what was played. Writes docs/screenshots/<scene>.png: the
1280x720 table, and what the real window shows when it is resized to 800x450
and to a tall 1080x1350 (window_<W>x<H>.png; the screen must be that large).
`--modding` takes only the shots of docs/modding.md: its own rule files,
played in the real window (modding_hand.png, modding_wheel.png).
`--languages` takes only the play screen in each language (play_<code>.png,
docs/playing.md "Languages"): the same table, spoken in English, Turkish, Finnish,
Greek and Estonian; and a hint on the table in Turkish (hint_tr.png).
`--eyes` takes only the shots of docs/playing.md's Accessibility section
(eyes_*.png: colour-blind mode, large text, reduced motion). Every screen that
shows colours is taken with colour-blind mode on at least once: the eyes
shots, and the curtain, history, draft, scores, match end and replay shots.
`--bots` takes only docs/bots.md's shots: the seats with their levels
(setup_levels.png), a hint on the table (hint.png) and one on a choice
(hint_choice.png).
`--flip` takes only the UNO Flip shots (tools/screenshots_flip.py): the other
players' public faces, a flip turning the table, the Dark side, and the
round score's side; then plays a family's Flip match through the keyboard.
`--lab` takes only the rule lab's shots (tools/screenshots_lab.py): "What does
this do?" on the New game screen, while the bots play and with its answer.
`--learn` takes only learning as you play's shots (tools/screenshots_learn.py):
Learn to play from the title, and the first three moments of a newcomer's
classic, UNO Duo and UNO Flip match, in English, Turkish and Finnish.
`--setup` takes only the New game screen: setup.png, and UNO Duo in Turkish
with the house rules that do not go with it greyed (setup_duo_tr.png,
docs/playing.md "Languages").
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("COUCH_UNO_PREFS", tempfile.mkdtemp(prefix="couch-uno-shots-"))

import pygame  # noqa: E402

from game.app import App, open_window, start_pygame  # noqa: E402
from game.play.match import MatchSession, SeatConfig  # noqa: E402
from game.scenes.choose import ColorWheelScene  # noqa: E402
from game.scenes.deal import DealScene  # noqa: E402
from game.scenes.replay import ReplayScene  # noqa: E402
from game.scenes.settings import SettingsScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.table.match_screen import MatchScreen  # noqa: E402
from game.ui.input import key_event  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.window import Window  # noqa: E402
from tools.screenshots_flip import flip_shots  # noqa: E402
from tools.screenshots_lab import lab_shots  # noqa: E402
from tools.screenshots_learn import learn_shots  # noqa: E402
from tools.screenshots_phones import phones_shots  # noqa: E402

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
OUT = Path(ARGS[0]) if ARGS else ROOT / "docs" / "screenshots"
GUIDE = ROOT / "docs" / "modding.md"
DT = 1 / 60
WINDOW: Window


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.frame(DT, pygame.event.get())
        app.window.present()


def press(app: App, key: int, n: int = 2) -> None:
    pygame.event.post(key_event(key))
    frames(app, n)


def autopilot(app: App) -> None:
    """One input for a human, if a human is being asked something."""
    top = app.top
    name = type(top).__name__
    if name == "PlayScene" and top.controls.board.uno_button.visible:
        pygame.event.post(key_event(pygame.K_u))  # the autopilot remembers its UNO
    elif name == "PlayScene" and top.controls.actor() is not None:
        table = top.table
        hand = table.sprites(table.bottom)
        lifted = [i for i, s in enumerate(hand) if s.name in top.controls.lit.lift]
        if lifted:
            top.controls.selected = lifted[0]
            pygame.event.post(key_event(pygame.K_RETURN))
        elif top.controls.board.main_button.visible:
            top.controls.board.main_button.press()
    elif name in ("ColorWheelScene", "ChoosePlayerScene", "CurtainScene", "RevealScene"):
        pygame.event.post(key_event(pygame.K_RETURN))


def run_until(app: App, done, limit: int = 20000, pilot: bool = True) -> bool:
    for _ in range(limit):
        if done():
            return True
        if pilot:
            autopilot(app)
        frames(app)
    return done()


def save(app: App, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT / f"{name}.png"))
    print("saved", OUT / f"{name}.png")


def save_window(app: App, size: tuple[int, int]) -> None:
    """What the real window shows at `size` (resized as a player would)."""
    WINDOW.resize(size)
    frames(app, 3)
    name = f"window_{size[0]}x{size[1]}"
    surface = pygame.display.get_surface()
    assert surface is not None and surface.get_size() == size, "the screen is too small"
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(OUT / f"{name}.png"))
    print("saved", OUT / f"{name}.png")
    WINDOW.resize((1280, 720))
    frames(app, 2)


def top_is(app: App, name: str):
    return lambda: type(app.top).__name__ == name


# The settings of the Accessibility shots: every one for the eyes on.
EYES = {"color_patterns": True, "text_size": "large", "reduced_motion": True}
PATTERNS = {"color_patterns": True}


def new_app(pacing: str = "normal", language: str = "en", **eyes) -> App:
    app = App(WINDOW, Settings(pacing=pacing, language=language, **eyes))
    app.push(TitleScene(app))
    return app


def show_match(app: App, session: MatchSession) -> MatchScreen:
    screen = MatchScreen(session, app.art, app.settings, sound=app.play)
    app.replace(DealScene(app, screen=screen))
    return screen


def start(app: App, seats, seed: int, **kw) -> MatchSession:
    session = MatchSession(["classic"], seats, seed=seed, **kw)
    show_match(app, session)
    return session


def guide_files(folder: Path) -> None:
    """Write the rule files of docs/modding.md (its `# file: NAME` blocks) into `folder`."""
    text = GUIDE.read_text(encoding="utf-8")
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S):
        first = body.splitlines()[0]
        if lang == "yaml" and first.startswith("# file: "):
            (folder / first.removeprefix("# file: ").strip()).write_text(body, encoding="utf-8")


def modding_shots() -> None:
    """docs/modding.md's Hot Potato in Ana's hand, named over it, in five colours;
    then the colour wheel it opens, with the fifth colour."""
    folder = Path(tempfile.mkdtemp(prefix="couch-uno-guide-"))
    guide_files(folder)
    app = new_app()
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    session = MatchSession([str(folder / "five-colours.yaml")], seats, seed=25)
    show_match(app, session)

    def potato_to_play() -> bool:
        top = app.top
        if type(top).__name__ != "PlayScene" or top.controls.actor() is None:
            return False
        hand = [s.name for s in top.table.sprites(top.table.bottom)]
        return "wild:hot_potato" in hand

    assert run_until(app, potato_to_play, pilot=False), "Ana never held the Hot Potato"
    play = app.top
    hand = [s.name for s in play.table.sprites(play.table.bottom)]
    play.controls.selected = hand.index("wild:hot_potato")
    frames(app, 40)
    save(app, "modding_hand")
    press(app, pygame.K_RETURN, 2)
    assert type(app.top).__name__ == "ColorWheelScene"
    app.top.focus = "purple"
    frames(app, 20)
    save(app, "modding_wheel")


def bots_shots() -> None:
    """The setup screen with a bot of every level, and a hint asked on the table."""
    app = new_app()
    frames(app, 10)
    press(app, pygame.K_RETURN, 10)
    setup = app.top
    while len(setup.seats) < 5:
        setup.game.change_players(1)
    setup._rebuild()
    seat_rows = [i for i, row in enumerate(setup.rows) if row.kind == "seat"]
    # Seat 2 beginner (one ◀), seat 3 basic, seat 4 strong (▶), seat 5 expert (▶ ▶).
    for seat, steps in ((1, [pygame.K_LEFT]), (3, [pygame.K_RIGHT]), (4, [pygame.K_RIGHT] * 2)):
        while setup.focus != seat_rows[seat]:
            press(app, pygame.K_DOWN, 1)
        for key in steps:
            press(app, key, 1)
    frames(app, 10)
    save(app, "setup_levels")
    hint_shot()
    choice_hint_shot()


def choice_hint_shot() -> None:
    """A hint on a choice: Ana played a 7 under Seven-O and asks (T) whom to
    swap with; the advised player is outlined, with its line of why."""
    app = new_app("fast")
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot", "basic"), SeatConfig("Cy", "bot", "basic")]
    session = MatchSession(["classic", "house/seven-o"], seats, seed=3)
    show_match(app, session)

    def picking() -> bool:
        top = app.top
        advice = top.advice if type(top).__name__ == "ChoosePlayerScene" else None
        return advice is not None and len(advice.actions) > 1

    if not run_until(app, picking):
        raise SystemExit("no player to pick")
    chooser = app.top
    press(app, pygame.K_t, 1)
    run_until(app, lambda: chooser.advice.shown is not None, pilot=False)
    frames(app, 30)
    save(app, "hint_choice")


def hint_shot(language: str = "en", name: str = "hint") -> None:
    """A person asks for a hint (T) on their turn: the table as they see it, in
    `language`, saved as NAME. The first turn whose hint gives two reasons (or
    the twelfth turn) is taken."""
    app = new_app("fast", language=language)
    seats = [SeatConfig("Ana")] + [
        SeatConfig(name, "bot", level)
        for name, level in (("Sprout", "beginner"), ("Ace", "strong"), ("Maestro", "expert"))
    ]
    start(app, seats, seed=21)

    def choosing() -> bool:
        top = app.top
        if type(top).__name__ != "PlayScene" or top.controls.actor() is None:
            return False
        return len(top.controls.lit.lift) >= 2

    for turn in range(12):
        if not run_until(app, choosing):
            break
        scene = app.top
        press(app, pygame.K_t, 1)
        run_until(app, lambda s=scene: s.controls.hint.shown is not None, pilot=False)
        frames(app, 30)
        why = scene.controls.hint.shown.why
        if ";" in why or turn == 11:  # the English it remembers (a Said)
            save(app, name)
            return
        press(app, pygame.K_RETURN, 2)
    raise SystemExit("no turn to show a hint on")


def human_turn_after(app: App, turns: int):
    """A test for run_until: the human is to act, after `turns` turns of theirs."""
    seen = [0]

    def done() -> bool:
        top = app.top
        if type(top).__name__ == "PlayScene" and top.controls.actor() is not None:
            seen[0] += 1
            if seen[0] > turns:
                return True
            autopilot(app)
        return False

    return done


def wheel_shot(app: App, name: str) -> None:
    """The colour wheel over the table on screen, Blue picked, saved as NAME."""
    app.push(
        ColorWheelScene(
            app,
            table=app.top.table,
            colors=["red", "yellow", "green", "blue"],
            on_pick=lambda c: None,
        )
    )
    press(app, pygame.K_RIGHT, 20)
    save(app, name)
    app.pop()


def eyes_shots() -> None:
    """docs/playing.md's Accessibility section: the table and the colour wheel in
    colour-blind mode with large text, and the Settings screen that sets them."""
    app = new_app(**EYES)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee", "Eli")]
    start(app, seats, seed=11)
    run_until(app, human_turn_after(app, 3), pilot=False)
    frames(app, 30)
    save(app, "eyes_table")
    wheel_shot(app, "eyes_wheel")
    app = new_app(**EYES)
    app.push(SettingsScene(app))
    while app.top.rows[app.top.index] != "patterns":
        press(app, pygame.K_DOWN, 1)
    frames(app, 10)
    save(app, "eyes_settings")


def setup_shots() -> None:
    """The New game screen: classic with two house rules on and Tab pressed to
    the first seat, the line under the form saying how (setup.png), and
    UNO Duo in Turkish, the house rules that do not go with it greyed and one
    of them focused, the line under the form saying so (setup_duo_tr.png)."""
    app = new_app()
    frames(app, 10)
    press(app, pygame.K_RETURN, 10)
    setup = app.top
    for house in ("house/stacking", "house/jump-in"):
        if house in setup.house_sets:
            focus_house(app, house)
            press(app, pygame.K_SPACE, 2)
    press(app, pygame.K_TAB, 1)  # to the seats, as the line under the form says
    frames(app, 40)  # every house rule's row read
    save(app, "setup")
    setup_duo_shot("tr", "setup_duo_tr")


def focus_house(app: App, house: str) -> None:
    """Down the New game form to `house`'s row, as a player goes."""
    setup = app.top
    target = next(i for i, r in enumerate(setup.rows) if r.extra.get("house") == house)
    while setup.focus != target:
        press(app, pygame.K_DOWN, 1)


def setup_duo_shot(language: str, name: str) -> None:
    app = new_app(language=language)
    frames(app, 10)
    press(app, pygame.K_RETURN, 10)
    setup = app.top
    while setup.base != "duo":
        press(app, pygame.K_RIGHT, 1)
    focus_house(app, "house/stacking")
    frames(app, 60)  # every house rule's row read, against Duo and its own base
    save(app, name)


def language_shots() -> None:
    """The play screen of one table in each language, a refusal shown on it."""
    from game.i18n import LANGUAGES

    for code in LANGUAGES:
        app = new_app(language=code)
        seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee", "Eli")]
        start(app, seats, seed=11)
        run_until(app, human_turn_after(app, 3), pilot=False)
        frames(app, 30)
        play = app.top
        hand = play.table.sprites(play.table.bottom)
        stuck = [i for i, s in enumerate(hand) if s.name not in play.controls.lit.lift]
        if stuck:  # a card that does not match: the table says why, in words
            play.controls.selected = stuck[0]
            press(app, pygame.K_RETURN, 20)
        save(app, f"play_{code}")
    hint_shot("tr", "hint_tr")


def main() -> int:
    global WINDOW
    start_pygame()
    WINDOW = open_window()
    # One page's shots alone.
    sections = {
        "--modding": modding_shots,
        "--bots": bots_shots,
        "--eyes": eyes_shots,
        "--languages": language_shots,
        "--setup": setup_shots,
        "--flip": lambda: flip_shots(sys.modules[__name__]),
        "--phones": lambda: phones_shots(sys.modules[__name__]),
        "--lab": lambda: lab_shots(sys.modules[__name__]),
        "--learn": lambda: learn_shots(sys.modules[__name__]),
    }
    for flag, shots in sections.items():
        if flag in sys.argv:
            shots()
            pygame.quit()
            return 0

    # Menu and setup.
    app = new_app()
    frames(app, 40)
    save(app, "menu")
    setup_shots()

    # A table with one human and bots, a few turns in, the human to act.
    app = new_app()
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee", "Eli")]
    start(app, seats, seed=11)
    run_until(app, human_turn_after(app, 3), pilot=False)
    frames(app, 30)
    save(app, "play")
    save_window(app, (800, 450))
    save_window(app, (1080, 1350))

    # The colour wheel over that table.
    wheel_shot(app, "color_wheel")

    # Pause over the table.
    press(app, pygame.K_ESCAPE, 10)
    save(app, "pause")

    # Two humans: the curtain between them (colour-blind mode on from here).
    app = new_app(**PATTERNS)
    seats = [
        SeatConfig("Ana"),
        SeatConfig("Bo", "bot"),
        SeatConfig("Selin"),
        SeatConfig("Cy", "bot"),
    ]
    start(app, seats, seed=5)
    run_until(app, top_is(app, "CurtainScene"), pilot=False)
    press(app, pygame.K_SPACE, 2)  # first human takes the turn
    for _ in range(4):  # a few turns in, so the curtain has something to tell
        run_until(app, top_is(app, "CurtainScene"))
        press(app, pygame.K_SPACE, 2)
    run_until(app, top_is(app, "CurtainScene"))
    frames(app, 20)
    save(app, "curtain")

    # The history of that round so far (H).
    press(app, pygame.K_SPACE, 2)
    run_until(app, lambda: type(app.top).__name__ == "PlayScene" and app.top.controls.idle)
    press(app, pygame.K_h, 10)
    save(app, "history")

    # UNO Duo's draft between two humans: keep or discard, behind the curtain.
    app = new_app(**PATTERNS)
    session = MatchSession(["duo"], [SeatConfig("Ana"), SeatConfig("Selin")], seed=6)
    show_match(app, session)
    choices = [0]

    def fourth_choice():
        if type(app.top).__name__ == "ChoiceScene":
            choices[0] += 1
            if choices[0] >= 4:
                return True
            press(app, pygame.K_RETURN, 2)
        elif type(app.top).__name__ == "CurtainScene":
            press(app, pygame.K_SPACE, 2)
        return False

    run_until(app, fourth_choice, pilot=False)
    frames(app, 30)
    save(app, "duo_draft")

    # Round score: play a round quickly, then watch the count at normal pace.
    app = new_app("instant", **PATTERNS)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    start(app, seats, seed=3)
    run_until(app, top_is(app, "RoundScoreScene"))
    app.settings.pacing = "normal"
    app.top.scale = 1.0
    app.top.t = 0.0
    frames(app, 240)
    save(app, "round_score")

    # Match end: a short match between bots and one human, played at once.
    app = new_app("instant", **PATTERNS)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee", "Eli", "Fay")]
    start(app, seats, seed=8, target=150)

    def match_over():
        top = app.top
        if type(top).__name__ == "RoundScoreScene":
            pygame.event.post(key_event(pygame.K_SPACE))
        return type(top).__name__ == "MatchEndScene"

    run_until(app, match_over)
    frames(app, 90)
    save(app, "match_end")

    # A few quick rounds among friends, for the Players screen.
    for seed, names in ((31, ("Zeynep", "Mikko", "Eleni")), (32, ("Kadri", "Zeynep", "Mikko"))):
        app.close()
        app = new_app("instant")
        seats = [SeatConfig(n) for n in names] + [SeatConfig("Bo", "bot")]
        start(app, seats, seed=seed, single_round=True)
        run_until(app, match_over, limit=40000)

    # A match left half-way: the title offers to continue it, with its scores.
    app.close()
    app = new_app("instant")
    seats = [
        SeatConfig("Ana"),
        SeatConfig("Bo", "bot"),
        SeatConfig("Selin"),
        SeatConfig("Cy", "bot"),
    ]
    session = start(app, seats, seed=21, target=300)

    def second_round_under_way():
        if type(app.top).__name__ == "RoundScoreScene":
            pygame.event.post(key_event(pygame.K_SPACE))
        return session.state.round_no >= 2 and type(app.top).__name__ == "CurtainScene"

    run_until(app, second_round_under_way)
    app.close()
    app = new_app()
    frames(app, 40)
    save(app, "title_continue")

    # The players' numbers from every match above (people only, by name).
    title = app.top
    title.focus.index = [b.label for b in title.buttons].index("Players")
    press(app, pygame.K_RETURN, 10)
    save(app, "players")

    replay_log = OUT / "_replay.jsonl"
    if (ROOT / "game" / "scenes" / "replay.py").is_file():
        from game.bots import make_bot
        from game.play.sim import play_match
        from game.rules.loader import load_rules

        rules = load_rules(["classic"])
        bots = [make_bot("basic", 100 + i) for i in range(6)]
        result = play_match(rules, 6, 42, bots, single_round=True)
        import json

        replay_log.write_text("".join(json.dumps(e) + "\n" for e in result.events))
        app = new_app(**PATTERNS)
        app.replace(ReplayScene(app, path=str(replay_log)))
        frames(app, 60 * 12)
        save(app, "replay")
        replay_log.unlink()
    modding_shots()
    eyes_shots()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
