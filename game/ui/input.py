"""One place that turns keys, mouse buttons and controller buttons into commands.

Scenes react to commands (`"left"`, `"play"`, `"uno"`...) rather than key codes, so
the keyboard map, a gamepad and the tests all share one path. Mouse clicks are
passed on with their position (already in logical 1280x720 pixels under SCALED).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

LEFT = "left"
RIGHT = "right"
UP = "up"
DOWN = "down"
CONFIRM = "confirm"  # Enter: play the selected card, press the focused button
DRAW = "draw"  # D
UNO = "uno"  # U
CATCH = "catch"  # C
PASS = "pass"  # Space: pass, take, continue
BACK = "back"  # Esc: pause, close, back
FULLSCREEN = "fullscreen"  # F11
CHALLENGE = "challenge"  # X
MUTE = "mute"  # M
BACKSPACE = "backspace"
DIGIT = "digit"  # 1-9, 0: choose by number
HISTORY = "history"  # H: what happened this round

KEYMAP: dict[int, str] = {
    pygame.K_LEFT: LEFT,
    pygame.K_a: LEFT,
    pygame.K_RIGHT: RIGHT,
    pygame.K_UP: UP,
    pygame.K_w: UP,
    pygame.K_DOWN: DOWN,
    pygame.K_s: DOWN,
    pygame.K_RETURN: CONFIRM,
    pygame.K_KP_ENTER: CONFIRM,
    pygame.K_d: DRAW,
    pygame.K_u: UNO,
    pygame.K_c: CATCH,
    pygame.K_SPACE: PASS,
    pygame.K_ESCAPE: BACK,
    pygame.K_F11: FULLSCREEN,
    pygame.K_x: CHALLENGE,
    pygame.K_m: MUTE,
    pygame.K_h: HISTORY,
    pygame.K_BACKSPACE: BACKSPACE,
}

# Standard (Xbox-style) controller layout, as pygame._sdl2.controller reports it.
PADMAP: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_A: CONFIRM,
    pygame.CONTROLLER_BUTTON_B: PASS,
    pygame.CONTROLLER_BUTTON_X: DRAW,
    pygame.CONTROLLER_BUTTON_Y: UNO,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: CATCH,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: CHALLENGE,
    pygame.CONTROLLER_BUTTON_START: BACK,
    pygame.CONTROLLER_BUTTON_BACK: HISTORY,
}


class Command:
    """What the player asked for: `name`, plus the mouse position for clicks."""

    __slots__ = ("name", "pos", "digit", "event")

    def __init__(self, name: str, pos=None, digit: int | None = None, event=None) -> None:
        self.name = name
        self.pos = pos
        self.digit = digit
        self.event = event

    def __repr__(self) -> str:
        return f"Command({self.name!r}, pos={self.pos})"

    @property
    def from_pad(self) -> bool:
        """Pressed on a game controller (where B means back in a menu)."""
        return self.event is not None and self.event.type == pygame.CONTROLLERBUTTONDOWN


CLICK = "click"
RIGHT_CLICK = "right_click"
MOVE = "move"
WHEEL = "wheel"
TEXT = "text"


def command_for(event: pygame.event.Event) -> Command | None:
    """The command an event stands for, or None for anything else (a stray key)."""
    kind = event.type
    if kind == pygame.KEYDOWN:
        key = getattr(event, "key", None)
        name = KEYMAP.get(key) if isinstance(key, int) else None
        if name is not None:
            return Command(name, event=event)
        if key is not None and pygame.K_0 <= key <= pygame.K_9:
            return Command(DIGIT, digit=key - pygame.K_0, event=event)
        return None
    if kind == pygame.MOUSEBUTTONDOWN:
        pos = getattr(event, "pos", None)
        if pos is None:
            return None
        button = getattr(event, "button", 1)
        if button == 1:
            return Command(CLICK, pos=pos, event=event)
        if button == 3:
            return Command(RIGHT_CLICK, pos=pos, event=event)
        return None
    if kind == pygame.MOUSEMOTION:
        pos = getattr(event, "pos", None)
        return Command(MOVE, pos=pos, event=event) if pos is not None else None
    if kind == pygame.MOUSEWHEEL:
        return Command(WHEEL, digit=int(getattr(event, "y", 0)), event=event)
    if kind == pygame.CONTROLLERBUTTONDOWN:
        name = PADMAP.get(getattr(event, "button", -1))
        return Command(name, event=event) if name else None
    if kind == pygame.TEXTINPUT:
        return Command(TEXT, event=event)
    return None


def key_event(key: int, unicode: str = "") -> pygame.event.Event:
    """A KEYDOWN event as the keyboard sends it (for scripted input and tests)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def click_event(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


class Gamepads:
    """Game controllers, opened as they are plugged in and closed when they go.

    pygame-ce's controller module is marked experimental, so it stays behind
    this class: where it is missing or fails, the game simply has no pads.
    Every button press of any pad arrives as CONTROLLERBUTTONDOWN and maps to
    a command through PADMAP, like a key.
    """

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}  # instance id -> controller
        self._module: Any = None
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._module = controller
        except Exception:  # noqa: BLE001 - no controller support is not an error
            self._module = None

    def notice(self, event: pygame.event.Event) -> str | None:
        """Open or close a pad on hot-plug events; a line to show the table, or None."""
        if self._module is None:
            return None
        if event.type == pygame.CONTROLLERDEVICEADDED:
            try:
                pad = self._module.Controller(event.device_index)
            except (pygame.error, IndexError, AttributeError):
                return None
            self.pads[pad.as_joystick().get_instance_id()] = pad
            return f"Controller connected: {pad.name}"
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(getattr(event, "instance_id", -1), None)
            if pad is None:
                return None
            with contextlib.suppress(pygame.error):
                pad.quit()
            return "Controller unplugged: the game waits, keyboard and mouse still work"
        return None
