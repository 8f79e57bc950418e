"""One place that turns keys, mouse buttons and controller buttons into commands,
and that knows the controllers: which are plugged in and which seat each plays.

Scenes react to commands (`"left"`, `"play"`, `"uno"`...) rather than key codes, so
the keyboard map, a gamepad and the tests all share one path. Mouse clicks are
passed on with their position (already in logical 1280x720 pixels under SCALED).
A controller's press carries the controller (`Command.pad`) and, once the app has
looked it up, the seat it claimed (`Command.seat`; see `Gamepads`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import _

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
HINT = "hint"  # T: the expert's advice for the hand on show (H was taken by History)
PAGE = "page"  # PageUp/PageDown (digit +1/-1), Home/End (digit +/-ALL_PAGES): long lists
ALL_PAGES = 10_000

# Like the wheel, a positive digit goes up.
PAGE_KEYS: dict[int, int] = {
    pygame.K_PAGEUP: 1,
    pygame.K_PAGEDOWN: -1,
    pygame.K_HOME: ALL_PAGES,
    pygame.K_END: -ALL_PAGES,
}

KEYMAP: dict[int, str] = {
    pygame.K_LEFT: LEFT,
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
    pygame.K_t: HINT,
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
    # Every face and shoulder button has a move; the right stick's click is free.
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: HINT,
}


class Command:
    """What the player asked for: `name`, plus the mouse position for clicks.

    `pad` is the instance id of the controller pressed (None for keys and the
    mouse); `seat` the seat that controller has claimed, filled in by the app
    (None: the keyboard, the mouse or a controller with no seat, which act for
    whoever is to act)."""

    __slots__ = ("name", "pos", "digit", "event", "pad", "seat")

    def __init__(
        self, name: str, pos=None, digit: int | None = None, event=None, pad: int | None = None
    ) -> None:
        self.name = name
        self.pos = pos
        self.digit = digit
        self.event = event
        self.pad = pad
        self.seat: int | None = None

    def __repr__(self) -> str:
        return f"Command({self.name!r}, pos={self.pos}, pad={self.pad}, seat={self.seat})"

    @property
    def from_pad(self) -> bool:
        """Pressed on a game controller (where B means back in a menu)."""
        return self.pad is not None


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
        if isinstance(key, int) and key in PAGE_KEYS:
            return Command(PAGE, digit=PAGE_KEYS[key], event=event)
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
        instance = getattr(event, "instance_id", -1)
        pad = instance if isinstance(instance, int) else -1
        return Command(name, event=event, pad=pad) if name else None
    if kind == pygame.TEXTINPUT:
        return Command(TEXT, event=event)
    return None


def key_event(key: int, unicode: str = "") -> pygame.event.Event:
    """A KEYDOWN event as the keyboard sends it (for scripted input and tests)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def click_event(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def pad_event(instance: int, button: int) -> pygame.event.Event:
    """A controller's button press as SDL sends it (for scripted input and tests)."""
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button)


# Each seat's colour: the light of the controller that claimed it (where the pad has
# one) and the seat's mark on the setup screen. Seat i has colour i, for good.
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (229, 57, 53),  # red
    (30, 136, 229),  # blue
    (67, 160, 71),  # green
    (253, 216, 53),  # yellow
    (142, 36, 170),  # purple
    (255, 143, 0),  # orange
    (0, 172, 193),  # cyan
    (216, 27, 96),  # pink
    (124, 179, 66),  # lime
    (236, 239, 241),  # white
)
LIGHT_OFF = (0, 0, 0)


def seat_color(seat: int) -> tuple[int, int, int]:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


@dataclass
class Claim:
    """A seat played on a controller. `guid` says which controller model took it
    (SDL's GUID names the model, so twin pads are interchangeable); `instance` is
    the one plugged in now, or None while the seat waits for its controller."""

    seat: int
    guid: str
    pad_name: str
    instance: int | None

    @property
    def lost(self) -> bool:
        return self.instance is None


class Gamepads:
    """Game controllers, opened as they are plugged in and closed when they go,
    and the seats they play (`claims`, seat -> Claim).

    pygame-ce's controller module is marked experimental, so it stays behind
    this class: where it is missing or fails, the game simply has no pads, and
    a light or a rumble the pad lacks is skipped. Every button press of any pad
    arrives as CONTROLLERBUTTONDOWN and maps to a command through PADMAP, like a
    key; `seat_of` tells which seat, if any, the pad pressed for.

    A claimed pad that is unplugged keeps its seat: the seat waits, the game
    goes on (the keyboard still plays for it), and the seat is taken back by a
    controller of the same GUID plugged in, or by A on any controller with no
    seat (`rescue`).
    """

    def __init__(self, module: Any = None) -> None:
        self.pads: dict[int, Any] = {}  # instance id -> controller
        self.claims: dict[int, Claim] = {}  # seat -> its controller
        self.seat_names: list[str] = []  # for the lines on screen: "Seat 3 (Cy)"
        self._module: Any = module
        if module is None:
            try:
                from pygame._sdl2 import controller

                controller.init()
                self._module = controller
            except Exception:  # noqa: BLE001 - no controller support is not an error
                self._module = None

    # --- which controller is which ---------------------------------------------------

    def pad_name(self, instance: int) -> str:
        pad = self.pads.get(instance)
        name = str(pad.name) if pad is not None else ""
        return name.strip() or "Controller"

    @staticmethod
    def _ids(pad: Any) -> tuple[int, str]:
        joystick = pad.as_joystick()
        return int(joystick.get_instance_id()), str(joystick.get_guid())

    def seat_of(self, instance: int | None) -> int | None:
        """The seat the controller `instance` has claimed, or None."""
        if instance is None:
            return None
        for seat, claim in self.claims.items():
            if claim.instance == instance:
                return seat
        return None

    def who(self, seat: int) -> str:
        names = self.seat_names
        name = names[seat] if 0 <= seat < len(names) else ""
        if name:
            return _("Seat {n} ({name})").format(n=seat + 1, name=name)
        return _("Seat {n}").format(n=seat + 1)

    # --- claiming ----------------------------------------------------------------------

    def claim(self, instance: int, seat: int) -> Claim | None:
        """The controller `instance` plays `seat` from now on (leaving any seat it had);
        its light turns the seat's colour. None if no such controller is plugged in."""
        pad = self.pads.get(instance)
        if pad is None:
            return None
        old = self.seat_of(instance)
        if old is not None and old != seat:
            del self.claims[old]
        held = self.claims.get(seat)
        if held is not None and held.instance != instance:
            self.release(seat)  # another controller had it: its light goes out
        try:
            guid = self._ids(pad)[1]
        except (pygame.error, AttributeError):
            guid = ""
        claim = Claim(seat, guid, self.pad_name(instance), instance)
        self.claims[seat] = claim
        self._light(pad, seat_color(seat))
        self._rumble(pad, 0.3, 0.5, 120)
        return claim

    def release(self, seat: int) -> Claim | None:
        """`seat` is no longer played on a controller; that controller's light goes out."""
        claim = self.claims.pop(seat, None)
        if claim is not None and claim.instance is not None:
            pad = self.pads.get(claim.instance)
            if pad is not None:
                self._light(pad, LIGHT_OFF)
        return claim

    def keep_only(self, seats) -> None:
        """Release every claim but those of `seats` (a seat turned Bot, or not at this table)."""
        for seat in [s for s in self.claims if s not in seats]:
            self.release(seat)

    def lost_seats(self) -> list[int]:
        """Seats whose controller was unplugged, waiting for one."""
        return sorted(s for s, c in self.claims.items() if c.lost)

    def lost_line(self) -> str | None:
        lost = self.lost_seats()
        if not lost:
            return None
        seats = ", ".join(self.who(s) for s in lost)
        if len(lost) == 1:
            words = _("{seats} lost its controller: plug it back in, or press A on any free one")
        else:
            words = _("{seats} lost their controllers: plug them back in, or press A on free ones")
        return words.format(seats=seats)

    def rescue(self, cmd: Command) -> str | None:
        """A on a controller with no seat while a seat waits for one: it takes that seat.
        The line to show, or None when the press was not that."""
        if cmd.name != CONFIRM or cmd.pad is None or self.seat_of(cmd.pad) is not None:
            return None
        lost = self.lost_seats()
        if not lost or cmd.pad not in self.pads:
            return None
        seat = lost[0]
        self.claim(cmd.pad, seat)
        return _("{who} plays on {pad} now").format(who=self.who(seat), pad=self.pad_name(cmd.pad))

    # --- feedback ----------------------------------------------------------------------

    def rumble(self, seat: int, strength: float, ms: int) -> bool:
        """Shake `seat`'s controller, if it has one that can; True when it did."""
        claim = self.claims.get(seat)
        if claim is None or claim.instance is None:
            return False
        pad = self.pads.get(claim.instance)
        if pad is None:
            return False
        strength = max(0.0, min(1.0, strength))
        return self._rumble(pad, strength, strength, ms)

    @staticmethod
    def _rumble(pad: Any, low: float, high: float, ms: int) -> bool:
        try:
            return bool(pad.rumble(low, high, ms))
        except (pygame.error, AttributeError):
            return False  # a pad with no motor, or an SDL without rumble

    @staticmethod
    def _light(pad: Any, color: tuple[int, int, int]) -> bool:
        try:
            return bool(pad.set_led(pygame.Color(*color)))
        except (pygame.error, AttributeError):
            return False  # most pads have no light to set

    # --- plugging in and out -------------------------------------------------------------

    def notice(self, event: pygame.event.Event) -> str | None:
        """Open or close a pad on hot-plug events; a line to show the table, or None."""
        if self._module is None:
            return None
        if event.type == pygame.CONTROLLERDEVICEADDED:
            return self._added(getattr(event, "device_index", -1))
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            return self._removed(getattr(event, "instance_id", -1))
        return None

    def _added(self, index: int) -> str | None:
        try:
            pad = self._module.Controller(index)
            instance, guid = self._ids(pad)
        except (pygame.error, IndexError, AttributeError, TypeError):
            return None
        if instance in self.pads:
            return None  # SDL told us twice
        self.pads[instance] = pad
        name = self.pad_name(instance)
        back = next((c for c in self.claims.values() if c.lost and c.guid == guid), None)
        if back is not None:
            back.instance = instance
            self._light(pad, seat_color(back.seat))
            return _("{who}: controller back ({pad})").format(who=self.who(back.seat), pad=name)
        lost = self.lost_seats()
        if lost:
            words = _("Controller connected: {pad}. Press A on it to take {who}")
            return words.format(pad=name, who=self.who(lost[0]))
        return _("Controller connected: {pad}").format(pad=name)

    def _removed(self, instance: int) -> str | None:
        pad = self.pads.pop(instance, None)
        if pad is None:
            return None
        with contextlib.suppress(pygame.error):
            pad.quit()
        seat = self.seat_of(instance)
        if seat is not None:
            self.claims[seat].instance = None
            return _("{who} lost its controller: the game goes on").format(who=self.who(seat))
        return _("Controller unplugged: keyboard and mouse still work")
