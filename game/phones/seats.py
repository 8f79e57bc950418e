"""Which phone may play which seat.

Each seat that may use a phone gets a token of 128 random bits (in the
address its QR code opens) and a short code to type instead of scanning.
Both are new every match and never written to a log or a save: the threat
model is that anyone on the same network who sees a seat's code can join that
seat, and nobody can read another seat's hand (docs/phones.md).
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

TOKEN_BYTES = 16  # 128 bits
# No 0/O, 1/I/L, 5/S, 8/B: a code is read off a TV across a room and typed on a phone.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXYZ234679"
CODE_LENGTH = 6


@dataclass(frozen=True, slots=True)
class SeatKey:
    seat: int
    token: str
    code: str


class PhoneSeats:
    """The keys of one match's seats. Lookups compare every key in constant
    time, so how long a refusal takes says nothing of how close a guess was."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.keys: dict[int, SeatKey] = {}
        codes: set[str] = set()
        for seat in seats:
            code = _new_code()
            while code in codes:
                code = _new_code()
            codes.add(code)
            self.keys[seat] = SeatKey(seat, secrets.token_urlsafe(TOKEN_BYTES), code)

    def seat_of(self, token: str) -> int | None:
        found = None
        for key in self.keys.values():
            if hmac.compare_digest(key.token.encode(), token.encode("utf-8", "replace")):
                found = key.seat
        return found

    def token_of_code(self, code: str) -> str | None:
        typed = "".join(code.split()).upper().encode("utf-8", "replace")
        found = None
        for key in self.keys.values():
            if hmac.compare_digest(key.code.encode(), typed):
                found = key.token
        return found


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
