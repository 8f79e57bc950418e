from collections.abc import Iterator

import pygame
import pytest

from game.phones.offer import phone_words
from game.phones.seats import PhoneSeats
from game.phones.server import PhoneServer


@pytest.fixture
def pygame_display():
    """Card faces are painted with the TV's painter, which needs pygame's fonts."""
    pygame.init()
    yield


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    """A phones' server on loopback for seats 0 and 2, speaking the game's words."""
    running = PhoneServer(PhoneSeats([0, 2]), host="127.0.0.1", port=0)
    running.words = phone_words()
    running.start()
    yield running
    running.stop()
