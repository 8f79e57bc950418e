"""Game controllers for headless tests: SDL's dummy driver has none.

`FakeControllers` stands in for `pygame._sdl2.controller` behind `Gamepads`
(game/ui/input.py): a device plugged in here is opened by the app as SDL's
CONTROLLERDEVICEADDED says, with a name, a GUID, a light and a motor it records.
Presses and hot-plugs are posted as the real SDL events, so the app's one
input path is the one tested.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.input import Gamepads, pad_event


@dataclass
class Device:
    name: str
    guid: str
    light: bool = True
    motor: bool = True


class FakeJoystick:
    def __init__(self, pad: FakePad) -> None:
        self.pad = pad

    def get_instance_id(self) -> int:
        return self.pad.instance

    def get_guid(self) -> str:
        return self.pad.device.guid


class FakePad:
    """One opened controller: what its light showed and how it rumbled."""

    def __init__(self, device: Device, instance: int) -> None:
        self.device = device
        self.instance = instance
        self.name = device.name
        self.leds: list[tuple[int, int, int]] = []
        self.rumbles: list[tuple[float, float, int]] = []
        self.closed = False

    @property
    def led(self) -> tuple[int, int, int] | None:
        return self.leds[-1] if self.leds else None

    def as_joystick(self) -> FakeJoystick:
        return FakeJoystick(self)

    def set_led(self, color) -> bool:
        if not self.device.light:
            return False
        c = pygame.Color(color)
        self.leds.append((c.r, c.g, c.b))
        return True

    def rumble(self, low: float, high: float, ms: int) -> bool:
        if not self.device.motor:
            return False
        self.rumbles.append((low, high, ms))
        return True

    def quit(self) -> None:
        self.closed = True


class FakeControllers:
    """The controller module as `Gamepads` uses it, with devices plugged in by the test."""

    def __init__(self) -> None:
        self.devices: dict[int, Device] = {}  # device index -> what is plugged in there
        self.opened: list[FakePad] = []
        self._next_instance = 100  # SDL never reuses an instance id

    def Controller(self, index: int) -> FakePad:  # noqa: N802 - the module's class name
        device = self.devices.get(index)
        if device is None:
            raise pygame.error("Invalid controller index")
        pad = FakePad(device, self._next_instance)
        self._next_instance += 1
        self.opened.append(pad)
        return pad


class PadRig:
    """Plugs fake controllers into the app under test and presses their buttons."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.module = FakeControllers()
        self.gamepads = Gamepads(module=self.module)
        driver.app.gamepads = self.gamepads

    def plug(self, name: str = "Pad", guid: str = "", **kw) -> FakePad:
        """Plug a controller in and let the app open it; the pad it opened."""
        index = len(self.module.devices)
        self.module.devices[index] = Device(name, guid or f"guid-{index}", **kw)
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index))
        self.driver.frames()
        return self.module.opened[-1]

    def replug(self, pad: FakePad) -> FakePad:
        """The same controller (its GUID) plugged in again: a new instance id."""
        return self.plug(pad.device.name, pad.device.guid)

    def unplug(self, pad: FakePad) -> None:
        event = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad.instance)
        pygame.event.post(event)
        self.driver.frames()

    def press(self, pad: FakePad, button: int, frames: int = 1) -> None:
        pygame.event.post(pad_event(pad.instance, button))
        self.driver.frames(frames)

    def press_together(self, *presses: tuple[FakePad, int]) -> None:
        """Several controllers pressed within one frame, in this order."""
        for pad, button in presses:
            pygame.event.post(pad_event(pad.instance, button))
        self.driver.frames()
