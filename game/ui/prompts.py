"""Which device the key prompts on screen speak of, and what a command's key is
called on each.

People at one screen play with the keyboard and mouse or with game controllers,
and every prompt ("Enter select", a button's "D" chip) names the keys of the
device pressed last: a controller button switches the prompts to the pad's
words, a key press or a mouse click back to the keyboard's. Mouse motion and a
stick's drift change nothing, so a resting mouse cannot make the prompts flicker.

The app owns the one `Prompts` (`App.prompts`, made by `start` and told of every
event in `App.handle`); scenes ask it for their line's wording, and a button,
which has no app, draws its chip from `current()`, the same object.

A chip names a command (game/ui/input.py), and its key comes from KEYMAP and
PADMAP, so a changed mapping cannot leave a stale chip. Two chips name a
press that differs between the devices: in a menu a controller's B goes back
(the scenes' `cmd.name == PASS and cmd.from_pad`), so `MENU_BACK` is Esc or B;
and `GO_ON` (a "Next round" button) is Space or A.
"""

from __future__ import annotations

import pygame

from game.ui.input import (
    BACK,
    CATCH,
    CHALLENGE,
    CONFIRM,
    DIGIT,
    KEYMAP,
    PADMAP,
    PAGE,
    PASS,
    Command,
)

KEYBOARD = "keyboard"
PAD = "pad"

MENU_BACK = "menu_back"  # back out of a menu: Esc, or B on a controller
GO_ON = "go_on"  # on to what comes next: Space, or A on a controller

# A chip that is not one command: (the keyboard's command, the controller's).
_CHIPS: dict[str, tuple[str, str]] = {
    MENU_BACK: (BACK, PASS),
    GO_ON: (PASS, CONFIRM),
}

# Keys whose printed name is not their letter. Untranslated: they are written
# on the keys, and the chips have always said them so.
KEY_NAMES: dict[int, str] = {
    pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter",
    pygame.K_ESCAPE: "Esc",
    pygame.K_SPACE: "Space",
    pygame.K_BACKSPACE: "Backspace",
    pygame.K_LEFT: "Left",
    pygame.K_RIGHT: "Right",
    pygame.K_UP: "Up",
    pygame.K_DOWN: "Down",
    pygame.K_F11: "F11",
}

# The standard controller's buttons as printed on an Xbox-style pad.
PAD_NAMES: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "A",
    pygame.CONTROLLER_BUTTON_B: "B",
    pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB",
    pygame.CONTROLLER_BUTTON_START: "Start",
    pygame.CONTROLLER_BUTTON_BACK: "View",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "R3",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "L3",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "Left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "Right",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "Up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "Down",
}

# On the screens of long text (Rules, Players, the pause's rules) catching and
# challenging mean nothing: a controller's LB and RB turn a page there, up and down.
PAD_PAGES: dict[str, int] = {CATCH: 1, CHALLENGE: -1}


def key_name(key: int) -> str:
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    return pygame.key.name(key).upper() if pygame.K_a <= key <= pygame.K_z else pygame.key.name(key)


def keyboard_key(command: str) -> str:
    """The first key KEYMAP gives `command`, by name; "" if none does."""
    key = next((k for k, name in KEYMAP.items() if name == command), None)
    return key_name(key) if key is not None else ""


def pad_button(command: str) -> str:
    """The controller button PADMAP gives `command`, by name; "" if none does."""
    button = next((b for b, name in PADMAP.items() if name == command), None)
    return PAD_NAMES.get(button, "") if button is not None else ""


def paged(cmd: Command) -> Command:
    """On a screen of long text: a controller's LB or RB is a page up or down
    (a PAGE command, as PageUp/PageDown make); any other command stays as it is."""
    if cmd.from_pad and cmd.name in PAD_PAGES:
        page = Command(PAGE, digit=PAD_PAGES[cmd.name], event=cmd.event, pad=cmd.pad)
        page.seat = cmd.seat
        return page
    return cmd


class Prompts:
    """The device whose keys the prompts name: the device of the last press."""

    def __init__(self) -> None:
        self.device = KEYBOARD

    @property
    def on_pad(self) -> bool:
        return self.device == PAD

    def notice(
        self, event: pygame.event.Event, pad_seat: int | None = None, looking: int | None = None
    ) -> None:
        """A press tells which device is in hand; motion of any kind tells nothing.
        A controller that has taken a seat other than the one `looking` (the
        person at the screen, when a match knows it) is someone else's: its
        press (a catch, a call, a press refused) leaves the prompts alone."""
        kind = event.type
        if kind == pygame.CONTROLLERBUTTONDOWN:
            if pad_seat is not None and looking is not None and pad_seat != looking:
                return
            self.device = PAD
        elif kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.device = KEYBOARD

    def words(self, keyboard: str, pad: str) -> str:
        """The prompt line for the device in hand (both already translated)."""
        return pad if self.on_pad else keyboard

    def key(self, chip: str, digit: int | None = None) -> str:
        """What a button's chip says for `chip` (a command, `MENU_BACK` or
        `GO_ON`) on the device in hand; "" when that device has no key for it.
        A DIGIT chip says its `digit` on the keyboard (a controller has none)."""
        keyboard, pad = _CHIPS.get(chip, (chip, chip))
        if self.on_pad:
            return pad_button(pad)
        if keyboard == DIGIT:
            return str(digit) if digit is not None else ""
        return keyboard_key(keyboard)


_current = Prompts()


def start() -> Prompts:
    """A new app's prompts, in the keyboard's words until a controller is pressed."""
    global _current
    _current = Prompts()
    return _current


def current() -> Prompts:
    """The prompts on screen now: the app's (`App.prompts`)."""
    return _current
