"""The window and the one scene loop.

`main()` is async and yields once per frame (`next_frame`, as `asyncio.sleep(0)`
does), with no other loop anywhere (menus and modals are scenes on the stack),
so the same code can run in a browser build (pygbag) under asyncio; on the
desktop `run_frames` drives it, and asyncio (some 20-50 ms to import) is not
loaded before the first frame. Scenes draw on a fixed 1280x720 surface that
the window shows scaled to whatever size it has (game/ui/window.py).
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable, Coroutine, Generator
from typing import TYPE_CHECKING, TypeVar

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.engine.said import said, said_n  # noqa: E402
from game.i18n import _, say  # noqa: E402
from game.scenes.confirm import ConfirmScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.ui import accessibility, prompts, text, widgets  # noqa: E402
from game.ui.input import FULLSCREEN, MUTE, Gamepads, command_for  # noqa: E402
from game.ui.seat_routing import deliver, pressed_by  # noqa: E402
from game.ui.settings import Settings, pref_dir  # noqa: E402
from game.ui.window import LOGICAL, Window  # noqa: E402

if TYPE_CHECKING:
    from game.phones.link import PhoneServing
    from game.player_files.saves import SaveSlot
    from game.scenes.base import Scene
    from game.ui.card_art import CardArt
    from game.ui.sound import SoundBank

log = logging.getLogger(__name__)

S = TypeVar("S", bound="Scene")

SIZE = LOGICAL
FPS = 60


def process_age() -> float:
    """Seconds since this process started (the interpreter's own start and every
    import included, as bench/startup.py counts); where the system does not say
    (no /proc), 0: the count starts at this module's import."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            # The fields after the command's name, which is in parentheses; the
            # 22nd of all is the start, in clock ticks since the machine booted.
            fields = stat.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


_STARTED = time.perf_counter() - process_age()


class App:
    """The scene stack and what every scene shares: screen, settings, art, sound.
    It plays every role a scene names of the app (game/scenes/base.py), and
    mypy checks it against each scene's protocol where it makes the scene."""

    def __init__(
        self, window: Window, settings: Settings | None = None, language: str | None = None
    ) -> None:
        self.window = window
        self.screen = window.surface  # the logical surface every scene draws on
        self.settings = settings if settings is not None else Settings.load()
        # `language` (the command line's --lang) outranks Settings for this session.
        i18n.set_language(language or self.settings.spoken_language)
        self.stack: list[Scene] = []
        self.running = True
        self.time = 0.0
        self.frames = 0
        self._art: CardArt | None = None
        self._sound: SoundBank | None = None
        self._saves: SaveSlot | None = None
        self.gamepads: Gamepads | None = None  # opened by main(); tests run without
        # The phones' server of the match in progress (game/phones/link.py).
        self.phones: PhoneServing | None = None
        # The device of the last press, whose keys every prompt names (keyboard first).
        self.prompts = prompts.start()
        # A line over every scene (a controller came or went), worded as it is drawn.
        self.notice: str = ""
        self.notice_until = 0.0
        accessibility.apply(self.settings)
        if self.settings.notices:
            # What was wrong with the settings file, said once at start-up, in
            # the language the file chose (it was read before that was known).
            for notice in self.settings.notices:
                log.warning("%s", say(said("Settings: {notice}", notice=notice)))
            first, *more = self.settings.notices
            line = said("Settings: {notice}", notice=first)
            if more:
                line = said_n(
                    "Settings: {notice} (and one more)",
                    "Settings: {notice} (and {n} more)",
                    len(more),
                    notice=first,
                )
            self.show_notice(line, seconds=8.0)

    # Shared resources, made on first use so the menu appears quickly.

    @property
    def art(self) -> CardArt:
        if self._art is None:
            from game.ui.card_art import CardArt

            self._art = CardArt((100, 150), patterns=self.settings.color_patterns)
        return self._art

    @property
    def sound(self) -> SoundBank:
        if self._sound is None:
            from game.ui.sound import SoundBank

            self._sound = SoundBank(muted=self.settings.muted)
        return self._sound

    @property
    def saves(self) -> SaveSlot:
        """The saved match and the players' statistics (game/player_files/)."""
        if self._saves is None:
            from game.player_files.saves import SaveSlot

            self._saves = SaveSlot(pref_dir)
        return self._saves

    def close(self) -> None:
        """The last writes reach the disk, and the phones are let go, before the window goes."""
        self.close_phones()
        if self._saves is not None:
            self._saves.close()

    def play(self, name: str) -> None:
        self.sound.play(name)

    # The stack.

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: S) -> S:
        """Show `scene` over the top one."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: S) -> S:
        """Swap the top scene for `scene`."""
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: S) -> S:
        """Clear the stack and show `scene`."""
        while self.stack:
            self.stack.pop().leave()
        return self.push(scene)

    def to_title(self) -> None:
        """Leave for the menu: the stack cleared, the title shown. The title is
        the app's to make, so that no scene below it imports it back."""
        self.reset(TitleScene(self))

    def quit(self) -> None:
        self.running = False

    def pause_match(self) -> None:
        """Esc on an overlay of a match that must be answered (a draft, a colour
        to name): the match's pause opens over it, as it does over the table."""
        screen = next((s.match_screen for s in reversed(self.stack) if s.match_screen), None)
        if screen is not None:
            from game.scenes.pause import PauseScene  # the match's, with the rules engine

            self.push(PauseScene(self, screen))

    @property
    def in_match(self) -> bool:
        return any(scene.in_match for scene in self.stack)

    def leaving_words(self) -> str:
        """What leaving the match in progress does to it, for the question asked first."""
        if self._saves is not None and self._saves.saving_now:
            return _("The match is saved: Continue on the title screen picks it up later.")
        return _("This match could not be saved: it will be lost.")

    def ask_to_quit(self) -> None:
        """Quit, after asking (and saying whether the match in progress is saved)."""
        top = self.top
        if top is not None and top.asks_to_quit:
            self.quit()  # asked twice (a second window close): it is meant
            return
        detail = self.leaving_words() if self.in_match else _("See you at the next game night.")
        self.push(
            ConfirmScene(
                self,
                _("Quit Couch UNO?"),
                self.quit,
                detail=detail,
                yes=_("Quit"),
                no=_("Stay"),
            )
        )

    def ask(
        self,
        question: str,
        on_yes: Callable[[], None],
        *,
        detail: str = "",
        on_no: Callable[[], None] | None = None,
        safe: bool = False,
        meanwhile: Callable[[float], None] | None = None,
    ) -> Scene:
        """Ask a yes-or-no question over every scene, for a part below the
        scenes (the phones' link) that may not make one."""
        return self.push(
            ConfirmScene(
                self,
                question,
                on_yes,
                detail=detail,
                on_no=on_no,
                safe=safe,
                meanwhile=meanwhile,
            )
        )

    def change_language(self, code: str) -> None:
        """Speak `code` from now on, and keep it in Settings: every scene on the
        stack makes again what it had worded (the rest is worded as it is drawn)."""
        i18n.set_language(code)
        self.settings.language = code
        self.settings.save()
        for scene in self.stack:
            scene.relabel()

    # One frame.

    def toggle_fullscreen(self) -> None:
        if not self.window.toggle_fullscreen():
            return
        self.settings.fullscreen = self.window.fullscreen
        self.settings.save()

    def toggle_mute(self) -> None:
        self.settings.muted = self.sound.toggle_mute()
        self.settings.save()
        if not self.sound.available:
            self.show_notice(_("Sound: unavailable (no audio device)"))
        elif self.settings.muted:
            self.show_notice(_("Sound off: M turns it back on"))
        else:
            self.show_notice(_("Sound on"))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.in_match:
                self.ask_to_quit()
            else:
                self.running = False
            return
        if event.type in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED):
            line = self.gamepads.notice(event) if self.gamepads is not None else None
            if line:
                self.show_notice(line)
            return
        event = self.window.map_event(event)
        top = self.top
        looking = top.looking if top is not None else None
        self.prompts.notice(event, pressed_by(self.gamepads, event), looking)
        cmd = command_for(event)
        if cmd is not None and cmd.name == FULLSCREEN:
            self.toggle_fullscreen()
            return
        typing = top is not None and top.captures_text
        if cmd is not None and cmd.name == MUTE and not typing:
            self.toggle_mute()
            return
        if top is not None:
            deliver(self, event, cmd)

    def frame(self, dt: float, events) -> None:
        """Input, update and draw of one frame (the caller presents it: `window.present`)."""
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.time += dt
        self.frames += 1
        if self._saves is not None:
            line = self._saves.take_notice()
            if line:
                self.show_notice(line, seconds=6.0)
        unsaved = self.settings.take_write_notice()
        if unsaved is not None:
            self.show_notice(unsaved, seconds=6.0)
        top = self.top
        if top is not None:
            top.update(dt)
        if self.phones is not None and not self.in_match:
            self.close_phones()  # the match was left: nobody on the network may join it
        self.draw(self.screen)

    def close_phones(self) -> None:
        """Stop serving the phones of the match that was being played."""
        if self.phones is not None:
            self.phones.stop()
            self.phones = None

    def show_notice(self, line: str, seconds: float = 4.0) -> None:
        """Show `line` over every scene; a `Said` is worded in the language of the moment."""
        self.notice = line
        self.notice_until = self.time + seconds

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
        line = self.notice if self.notice and self.time < self.notice_until else None
        if line is None and self.gamepads is not None:
            line = self.gamepads.lost_line()  # stays up until the seat has a controller
        if line:
            img = text.render(say(line), 22, (255, 255, 255), bold=True)
            box = img.get_rect(midtop=(SIZE[0] // 2, 12)).inflate(28, 14)
            surface.blit(widgets.panel(box.size, radius=12), box)
            surface.blit(img, img.get_rect(center=box.center))


def open_window() -> Window:
    return Window(SIZE)


def start_pygame() -> None:
    """Everything but audio, which the sound bank opens quietly when first needed
    (pygame.init() would open it here and let a missing device print to the terminal)."""
    pygame.display.init()
    pygame.font.init()


def first_scene(app: App, replay: str | None = None) -> Scene:
    if replay:
        from game.scenes.replay import ReplayScene  # the replay log's reader, only for a replay

        return ReplayScene(app, replay, standalone=True)
    return TitleScene(app)


class next_frame:  # noqa: N801 - awaited as a function is
    """Awaited once a frame: hands control back for one turn, a bare yield that
    an asyncio loop (the browser build) takes as `asyncio.sleep(0)` does."""

    def __await__(self) -> Generator[None, None, None]:
        yield


def run_frames(frames: Coroutine[None, None, int]) -> int:
    """Run the game's loop (`main()`) on the desktop, one turn a frame, with no
    event loop: nothing else runs alongside it in this thread."""
    try:
        while True:
            frames.send(None)
    except StopIteration as done:
        return int(done.value)


def stop_on_sigterm(app: App) -> None:
    """`kill PID` ends the game as closing the window twice would: the match in
    progress is already saved (at every decision), so nobody is asked. SDL would
    turn the signal into a window close, whose question nobody is there to answer."""
    signal.signal(signal.SIGTERM, lambda signum, frame: app.quit())


async def main(replay: str | None = None, language: str | None = None) -> int:
    """Open the window and run scenes until the player quits."""
    start_pygame()
    window = open_window()
    app = App(window, language=language)
    stop_on_sigterm(app)
    app.gamepads = Gamepads()
    if app.settings.fullscreen:
        window.toggle_fullscreen()
    app.push(first_scene(app, replay))
    clock = pygame.time.Clock()
    report = os.environ.get("COUCH_UNO_FIRST_FRAME")
    first = True
    while app.running:
        # The first frame is not held back to the frame rate: it is shown at once.
        dt = (clock.tick() if first else clock.tick(FPS)) / 1000.0
        app.frame(min(dt, 0.05), pygame.event.get())
        window.present()
        if first:
            first = False
            if report:
                print(f"first-frame {time.perf_counter() - _STARTED:.3f}", flush=True)
                if report == "exit":
                    break
        await next_frame()
    while app.stack:
        app.stack.pop().leave()
    app.close()
    pygame.quit()
    return 0
