"""The scene interface: the app keeps scenes on a stack and runs only the top one.

An overlay (`opaque = False`) is drawn over the scenes below it; only the top
scene receives input and updates, so a pause freezes the table (a curtain
keeps it going underneath: game/scenes/curtain.py).
A scene is opened by making it: `app.push(HistoryScene(app, screen))`, which
the type checker checks like any other call (docs/architecture.md, "How a
scene is opened"). A scene hears when it is shown (`enter`), covered by another
(`pause`), uncovered again (`resume`) and taken away (`leave`).

What a scene may ask of the app is `Services`, named here: the app
(game/app.py) provides it, and neither a scene nor the table it shows
imports the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from game.ui.input import Command

if TYPE_CHECKING:
    from game.phones.link import PhoneServing
    from game.player_files.saves import SaveSlot
    from game.table.match_screen import MatchScreen
    from game.ui.card_art import CardArt
    from game.ui.input import Gamepads
    from game.ui.prompts import Prompts
    from game.ui.settings import Settings
    from game.ui.sound import SoundBank


S = TypeVar("S", bound="Scene")


class Deals(Protocol):
    """Makes a round's deal: `DealScene` (game/scenes/deal.py), which opens the
    table in play. The scenes of a match import one way, deal -> play ->
    round_score -> match_end; the way back round (the next round, a rematch)
    is this, handed along from the deal."""

    def __call__(self, app: Services, screen: MatchScreen, /) -> Scene: ...


class Services(Protocol):
    """What the app does for its scenes (and for the table they show): the
    stack of scenes, the settings, the shared art and sound, the saves, the
    controllers, the line over every scene, and leaving."""

    settings: Settings
    gamepads: Gamepads | None
    phones: PhoneServing | None
    stack: list[Scene]

    @property
    def prompts(self) -> Prompts: ...

    @property
    def art(self) -> CardArt: ...

    @property
    def sound(self) -> SoundBank: ...

    @property
    def saves(self) -> SaveSlot: ...

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: S) -> S: ...

    def pop(self) -> Scene: ...

    def replace(self, scene: S) -> S: ...

    def reset(self, scene: S) -> S: ...

    def to_title(self) -> None: ...

    def play(self, name: str) -> None: ...

    def show_notice(self, line: str, seconds: float = 4.0) -> None: ...

    def ask(
        self,
        question: str,
        on_yes: Callable[[], None],
        *,
        detail: str = "",
        on_no: Callable[[], None] | None = None,
        safe: bool = False,
        meanwhile: Callable[[float], None] | None = None,
    ) -> Scene: ...

    def close_phones(self) -> None: ...

    def pause_match(self) -> None: ...

    def leaving_words(self) -> str: ...

    def ask_to_quit(self) -> None: ...

    def quit(self) -> None: ...

    def change_language(self, code: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def toggle_mute(self) -> None: ...


class Scene:
    opaque = True
    # Part of a match in progress, which quitting would lose.
    in_match = False
    # The seat whose private moment this scene is (its curtain, its choice): another
    # seat's controller is not let in (game/ui/seat_routing.py).
    private_to: int | None = None

    @property
    def match_screen(self) -> MatchScreen | None:
        """The match this scene shows, if it is a match's own screen (its pause pauses it)."""
        return None

    @property
    def captures_text(self) -> bool:
        """A text field has the keyboard: every key is a letter (M is not mute)."""
        return False

    def __init__(self, app: Services) -> None:
        self.app = app

    @property
    def asks_to_quit(self) -> bool:
        """This scene is the question "Quit Couch UNO?"."""
        return False

    @property
    def looking(self) -> int | None:
        """The seat whose owner is at the screen, where a match knows it: the
        prompts follow that person's controller, not another seat's
        (game/ui/prompts.py). None: whoever pressed last."""
        return None

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped, replaced, or cleared away with the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def relabel(self) -> None:
        """The language changed (game/i18n.py): word again what was worded once
        and kept (what is worded as it is drawn needs nothing)."""

    def resume(self) -> None:
        """The scene above it was popped: this one is on top again."""

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        """React to one input event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
