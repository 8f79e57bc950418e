"""Learning as you play's shots of tools/screenshots.py (`--learn`), in the real window.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --learn

From the title, as a newcomer goes: Learn to play (learn.png), the rule set
chosen on its Rules row, Start; then the match is played by the autopilot,
and the first three moments the table stops on are saved
(learn-<rules>-<n>.png), for classic, UNO Duo and UNO Flip, in English, and
again in Turkish (learn-<rules>-tr-<n>.png). Then two people share the
screen: a moment about Bo's hand, shown once Bo has lifted the curtain
(learn-shared.png). A moment up when the language is changed under the
pause, in the new one (learn-reworded.png, before it: learn-reworded-before.png),
and the Rules screen at UNO Flip's Flip card, its `teach:` words under it
(rules-teach.png).
"""

from __future__ import annotations

import random
from types import ModuleType

import pygame

from game.ui.input import key_event

RULE_SETS = ("classic", "duo", "flip")
MOMENTS = 3  # saved per match
SEED = 20261202


def open_learn(shots: ModuleType, app, base: str):
    """From the title: Learn to play, `base` on its Rules row."""
    shots.frames(app, 10)
    title = app.top
    title.focus.index = next(i for i, b in enumerate(title.buttons) if b.action == title.learn)
    shots.press(app, pygame.K_RETURN, 4)
    if type(app.top).__name__ == "ConfirmScene":
        shots.press(app, pygame.K_RETURN, 4)  # the last shots' match, saved: a new one
    learn = app.top
    assert type(learn).__name__ == "LearnScene"
    shots.press(app, pygame.K_DOWN, 1)  # to the Rules row
    while learn.base != base:
        shots.press(app, pygame.K_RIGHT, 1)
    shots.frames(app, 4)
    return learn


def moments(
    shots: ModuleType, app, name: str, limit: int = 30000, most: int = MOMENTS, seat=None
) -> int:
    """Play on until `most` lessons were shown (of `seat`'s alone, if given),
    saving each; how many were."""
    saved = 0
    for _ in range(limit):
        top = app.top
        kind = type(top).__name__
        if kind == "LessonScene" and (seat is None or top.lesson.seat == seat):
            shots.frames(app, 20)
            saved += 1
            shots.save(app, f"{name}-{saved}" if most > 1 else name)
            if saved >= most:
                return saved
            pygame.event.post(key_event(pygame.K_RETURN))
        elif kind in ("LessonScene", "ChoiceScene", "RoundScoreScene", "MatchEndScene"):
            pygame.event.post(key_event(pygame.K_RETURN))
        else:
            shots.autopilot(app)
        shots.frames(app)
    return saved


def learn_shots(shots: ModuleType) -> None:
    for language, tail in (("en", ""), ("tr", "-tr")):
        for base in RULE_SETS:
            app = shots.new_app(language=language)
            learn = open_learn(shots, app, base)
            if base == "classic" and not tail:
                shots.save(app, "learn")
            shots.press(app, pygame.K_DOWN, 1)  # to Start
            random.seed(SEED)  # the match's shuffle: the same shots on every run
            shots.press(app, pygame.K_RETURN, 4)
            found = moments(shots, app, f"learn-{base}{tail}")
            assert found == MOMENTS, (base, language, found)
            assert learn is not None
            app.close()
    shared_shot(shots)
    reworded_shot(shots)
    rules_teach_shot(shots)


def shared_shot(shots: ModuleType) -> None:
    """Two people on one screen: Bo's own moment waits for Bo's curtain."""
    from game.play.match import SeatConfig

    app = shots.new_app()
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot", "beginner")]
    shots.start(app, seats, seed=7, learning=True)
    assert moments(shots, app, "learn-shared", most=1, seat=1) == 1
    app.close()


def reworded_shot(shots: ModuleType) -> None:
    """A moment up, then Settings from the pause: Turkish, and back to it."""
    from game.play.match import SeatConfig
    from game.scenes.settings import ROWS

    app = shots.new_app()
    shots.start(
        app, [SeatConfig("Ana"), SeatConfig("Bo", "bot", "beginner")], seed=5, learning=True
    )
    assert moments(shots, app, "learn-reworded-before", most=1) == 1
    shots.press(app, pygame.K_ESCAPE)  # the pause
    shots.press(app, pygame.K_DOWN)
    shots.press(app, pygame.K_RETURN)  # Settings
    for _ in range(ROWS.index("language")):
        shots.press(app, pygame.K_DOWN)
    shots.press(app, pygame.K_RIGHT)  # Türkçe
    shots.press(app, pygame.K_ESCAPE)
    shots.press(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "LessonScene"
    shots.frames(app, 20)
    shots.save(app, "learn-reworded")
    app.close()


def rules_teach_shot(shots: ModuleType) -> None:
    """The Rules screen scrolled to UNO Flip's Flip card and its lesson's words."""
    from game.scenes.rules_text import RulesScene

    app = shots.new_app()
    app.push(RulesScene(app))
    scene = app.top
    heading = scene.lines.index("# UNO Flip")
    at = next(i for i in range(heading, len(scene.lines)) if scene.lines[i].startswith("Flip"))
    while scene.scroll < at - 2:
        before = scene.scroll
        shots.press(app, pygame.K_DOWN, 1)
        assert scene.scroll != before, "the Rules screen does not scroll that far"
    shots.frames(app, 4)
    shots.save(app, "rules-teach")
    app.close()
