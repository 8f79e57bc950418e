"""Which events show one seat's hand to another is their declaration
(`EventKind.shows_hand`, game/engine/event_kinds.py): the table, the replay
and the log's reader ask `hand_shown`, never an event's name."""

from game.engine.event_kinds import EVENT_KINDS, EventKind, Saying, ShownHand, seen_by
from game.engine.seen import hand_shown


def test_a_challenge_reveal_shows_the_challenged_hand_to_the_challenger_alone():
    event = {"t": "reveal", "p": 1, "to": 0, "cards": ["red:7", "wild:wild"]}
    assert hand_shown(event) == (1, 0, ["red:7", "wild:wild"])


def test_an_event_that_shows_no_hand_says_so():
    assert hand_shown({"t": "draw", "p": 0, "cards": ["red:7"]}) is None


def test_a_new_event_shows_a_hand_by_its_declaration_alone():
    name = "peek_test"
    EVENT_KINDS[name] = EventKind(
        name,
        Saying("{to} peeks", to="by"),
        table=False,
        teaches=True,
        cards={"hand": seen_by("by")},
        shows_hand=ShownHand(owner="of", to="by", cards="hand"),
    )
    try:
        assert hand_shown({"t": name, "of": 2, "by": 3, "hand": ["blue:1"]}) == (2, 3, ["blue:1"])
    finally:
        del EVENT_KINDS[name]
