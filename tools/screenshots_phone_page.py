"""The phone page's screenshots: every state of the page (tests/phones/page_states.py)
at a phone's size (390x844) and a small tablet's (768x1024), in headless Chromium.

    python tools/screenshots_phone_page.py

Writes docs/screenshots/phone_<state>_<width>.png, and phone_hand20_<width>.png:
the turn's hand made 20 cards long.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# The docs' folder; COUCH_UNO_SCREENSHOTS sends them elsewhere (the test that
# runs every documented command sends them to its own folder, so a test run
# never rewrites the committed pictures).
OUT = Path(os.environ.get("COUCH_UNO_SCREENSHOTS") or ROOT / "docs" / "screenshots")


# The pictures that are another page, or a state changed by hand, and the
# state each starts from.
REACHED_AS = {"join": "waiting", "hand20": "turn"}


def main(names: list[str]) -> int:
    import pygame

    from tests.phones.page_states import (
        PHONE,
        SCENES,
        TABLET,
        TWENTY,
        open_browser,
        resize,
        scene,
        settle,
    )

    pygame.init()
    with tempfile.TemporaryDirectory() as profile:
        page = open_browser(Path(profile))
        try:
            for name in ["join", *SCENES, "hand20"]:
                if names and name not in names:
                    continue
                resize(page, PHONE)  # each state is reached at a phone's size
                with scene(page, REACHED_AS.get(name, name)) as table:
                    if name == "join":
                        page.get(table.table.server.address(0).split("/seat/")[0] + "/")
                    elif name == "hand20":  # the turn's hand made 20 cards long
                        page.execute_script(TWENTY)
                    # The same state at each size: the page lays itself out
                    # again, with no new table to play to it.
                    for size in (PHONE, TABLET):
                        resize(page, size)
                        settle(page)
                        target = OUT / f"phone_{name}_{size[0]}.png"
                        page.save_screenshot(str(target))
                        print("saved", target)
        finally:
            page.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
