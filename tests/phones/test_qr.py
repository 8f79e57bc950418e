"""The QR code painted for a seat: the right size, a quiet zone, and the
modules segno encodes for the seat's address, each painted where it belongs."""

from __future__ import annotations

import segno

from game.ui.qr import QUIET_ZONE, qr_surface

ADDRESS = "http://192.168.1.20:8765/seat/6P1Y2cX-0y9cXl9N4dQm3g"


def test_the_painted_code_is_segnos_module_for_module():
    code = segno.make(ADDRESS, error="m", micro=False)
    surface = qr_surface(ADDRESS, module=3)
    matrix = list(code.matrix_iter(scale=1, border=QUIET_ZONE))
    assert surface.get_size() == (len(matrix[0]) * 3, len(matrix) * 3)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            assert surface.get_at((x * 3 + 1, y * 3 + 1))[:3] == ((0, 0, 0) if dark else (255,) * 3)
    assert all(surface.get_at((x, 0))[:3] == (255, 255, 255) for x in range(surface.get_width()))
