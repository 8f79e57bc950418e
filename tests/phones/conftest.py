import pygame
import pytest


@pytest.fixture
def pygame_display():
    """Card faces are painted with the TV's painter, which needs pygame's fonts."""
    pygame.init()
    yield
