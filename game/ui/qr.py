"""A QR code as a pygame surface (segno encodes it; we only paint its modules),
for a phone to open its seat's address from across the room."""

from __future__ import annotations

import pygame
import segno

QUIET_ZONE = 4  # modules of white around the code, which readers need


def qr_surface(text: str, module: int = 6) -> pygame.Surface:
    """`text` as a black-on-white QR code, `module` pixels a square."""
    code = segno.make(text, error="m", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    surface = pygame.Surface((len(rows[0]) * module, len(rows) * module))
    surface.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * module, y * module, module, module))
    return surface
