"""Which phone may play which seat.

Each seat that may use a phone gets a token of 128 random bits (in the
address its QR code opens) and a short code to type instead of scanning.
Both are new every match and never written to a log or a save: the threat
model is that anyone on the same network who sees a seat's code can ask for
that seat, and nobody can read another seat's hand (docs/phones.md).

The first phone to open a seat is its owner: it is given a secret of its own
(`bind`), which its page keeps and shows each time it connects again, so
that phone comes back to its seat by itself after a sleep, a reload or a lost
Wi-Fi, while any other phone is seated only if the TV says yes.
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
        # The secret of the phone that plays each seat (only the server's loop
        # touches it); a seat no phone has opened yet has none.
        self._owners: dict[int, str] = {}

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

    def owned(self, seat: int) -> bool:
        """Some phone has been given `seat` (it may be away for now)."""
        return seat in self._owners

    def is_owner(self, seat: int, secret: str) -> bool:
        owner = self._owners.get(seat)
        typed = secret.encode("utf-8", "replace")
        return owner is not None and hmac.compare_digest(owner.encode(), typed)

    def bind(self, seat: int) -> str:
        """Give `seat` to a new phone: its secret, and any earlier phone's no longer works."""
        self._owners[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        return self._owners[seat]


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
