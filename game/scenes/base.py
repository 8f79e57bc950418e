"""The scene interface: the app keeps scenes on a stack and runs only the top one.

An overlay (`opaque = False`) is drawn over the scenes below it; only the top
scene receives input and updates, so a pause freezes the table (a curtain
keeps it going underneath: game/scenes/curtain.py).
A scene is opened by making it: `app.push(HistoryScene(app, screen))`, which
the type checker checks like any other call (docs/architecture.md, "How a
scene is opened"). A scene hears when it is shown (`enter`), covered by another
(`pause`), uncovered again (`resume`) and taken away (`leave`).

What a scene may ask of the app is named by the scene: each scene module
declares a protocol of the roles below that it and the scenes it opens call
(`class HistoryApp(Closes, Paints, KeyPrompts, Protocol)`), its constructor
takes that, and `self.app` is typed by it. The app (game/app.py) plays every
role; neither a scene nor the table it shows imports the app. What the
scenes of a match share is game/scenes/services.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from game.ui.input import Command

if TYPE_CHECKING:
    from game.player_files.saves import SaveSlot
    from game.table.match_screen import MatchScreen
    from game.ui.card_art import CardArt
    from game.ui.input import Gamepads
    from game.ui.prompts import Prompts
    from game.ui.settings import Settings
    from game.ui.sound import SoundBank


S = TypeVar("S", bound="Scene")


# The roles the app plays for its scenes, one concept each. The stack of scenes:


class Opens(Protocol):
    """Shows a scene over the one on top."""

    def push(self, scene: S) -> S: ...


class Closes(Protocol):
    """Takes the scene on top away (the one below is on top again)."""

    def pop(self) -> Scene: ...


class Replaces(Protocol):
    """Swaps the scene on top for another (a round's deal for its table)."""

    def replace(self, scene: S) -> S: ...


class Resets(Protocol):
    """Clears the stack and shows one scene (a saved match picked up)."""

    def reset(self, scene: S) -> S: ...


class OnTop(Protocol):
    """Says which scene is on top (a table holds while an overlay covers it)."""

    @property
    def top(self) -> Scene | None: ...


class Stacks(Protocol):
    """Shows the whole stack, bottom first (what lies under an overlay)."""

    @property
    def stack(self) -> Sequence[Scene]: ...


class Pauses(Protocol):
    """Opens the pause of the match on the stack (the app makes it: no scene
    of a match imports the pause that opens over it)."""

    def pause_match(self) -> None: ...


class Leaves(Protocol):
    """Leaves for the title: the stack cleared, the menu shown (the title is
    the app's to make, so that no scene below it imports it back)."""

    def to_title(self) -> None: ...


class Quits(Protocol):
    """Ends the game."""

    def quit(self) -> None: ...


# What every scene shares:


class Paints(Protocol):
    """The shared card art (faces, backs, colour rings)."""

    @property
    def art(self) -> CardArt: ...


class KeyPrompts(Protocol):
    """The key prompts: the keys of the device pressed last, as a screen names them."""

    @property
    def prompts(self) -> Prompts: ...


class Sounds(Protocol):
    """Plays one of the game's sounds by name."""

    def play(self, name: str) -> None: ...


class Preferences(Protocol):
    """The player's settings (game/ui/settings.py)."""

    @property
    def settings(self) -> Settings: ...


class Adjusts(Protocol):
    """Changes at once what the settings say of the whole game: the language
    (every scene on the stack is worded again), the window, the sound (and
    says whether there is any)."""

    @property
    def sound(self) -> SoundBank: ...

    def change_language(self, code: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def toggle_mute(self) -> None: ...


class Saves(Protocol):
    """The saved match and the players' statistics (game/player_files/)."""

    @property
    def saves(self) -> SaveSlot: ...


class Controllers(Protocol):
    """The game controllers and the seats they claimed (None in tests without)."""

    @property
    def gamepads(self) -> Gamepads | None: ...


class Scene:
    """One screen on the stack. A scene's constructor keeps the app it is
    given as `self.app`, typed by the scene's own protocol: the base class
    takes none, so no scene is typed as asking more than its own."""

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
