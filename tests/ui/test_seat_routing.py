"""Which seat a press acts for, decided in one module (game/ui/seat_routing.py):
the tag of a controller's seat, a seat's private moment, the table's own
controller of a seat. The whole path, through the app, is tests/scenes/test_pad_seats.py's."""

from __future__ import annotations

from game.ui.input import CATCH, CONFIRM, DRAW, UNO, Command
from game.ui.seat_routing import To, own_seat, route


class Pads:
    """Controllers 7 (seat 1, Bo's) and 8 (no seat); seat 2's was unplugged."""

    seat_names = ["Ana", "Bo", "Cy"]

    def __init__(self, lost: bool = False) -> None:
        self.lost = lost

    def seat_of(self, pad):
        return {7: 1}.get(pad)

    def rescue(self, cmd):
        if self.lost and cmd.name == CONFIRM and self.seat_of(cmd.pad) is None:
            return "Seat 3 (Cy) plays on Pad now"
        return None


def test_a_controllers_press_is_tagged_with_its_seat_and_reaches_the_table():
    press = Command(DRAW, pad=7)
    assert route(Pads(), press, owner=None, below=True).to is To.TOP
    assert press.seat == 1
    assert own_seat(press, humans=[0, 1]) == 1


def test_the_keyboard_and_a_free_controller_act_for_whoever_is_to_act():
    for press in (Command(DRAW), Command(DRAW, pad=8)):
        assert route(Pads(), press, owner=2, below=True).to is To.TOP
        assert press.seat is None and own_seat(press, humans=[0, 1]) is None


def test_a_seat_played_by_a_bot_here_has_no_controller_of_its_own_on_the_table():
    press = Command(DRAW, pad=7)
    route(Pads(), press, owner=None, below=False)
    assert own_seat(press, humans=[0, 2]) is None


def test_another_seats_private_moment_takes_only_its_calls_and_catches_below():
    for name in (UNO, CATCH):
        assert route(Pads(), Command(name, pad=7), owner=0, below=True).to is To.BELOW
    turned = route(Pads(), Command(DRAW, pad=7), owner=0, below=True)
    assert turned.to is To.NOBODY
    assert turned.words == "Waiting for Ana: Bo may call UNO or catch meanwhile"
    alone = route(Pads(), Command(UNO, pad=7), owner=0, below=False)
    assert alone.to is To.NOBODY  # nothing below to call on
    assert route(Pads(), Command(DRAW, pad=7), owner=1, below=True).to is To.TOP  # its own


def test_a_on_a_free_controller_takes_an_unplugged_seat_and_goes_no_further():
    rescued = route(Pads(lost=True), Command(CONFIRM, pad=8), owner=None, below=True)
    assert rescued.to is To.NOBODY and rescued.words == "Seat 3 (Cy) plays on Pad now"
