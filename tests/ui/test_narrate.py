"""The table's words: card labels from the rule file, things told in
the order they happen, each card saying what it did, catches naming who did what."""

from __future__ import annotations

import re

from game.engine.cards import card_table
from game.i18n import set_language
from game.rules.loader import load_rules
from game.table.model import TableModel
from game.table.narrate import Narrator
from game.ui.card_book import CardBook

NAMES = ["Ana", "Bo", "Cy", "Gus"]


def story(rules: list[str], events: list[dict]) -> list:
    model = TableModel(4, NAMES, 112)
    narrator = Narrator(CardBook(load_rules(rules)), model)
    lines = []
    for event in [{"t": "round", "n": 1, "dealer": 3}, *events]:
        model.apply(event)
        lines.append(narrator.tell(event))
    return lines[1:]


def test_a_color_named_after_a_swap_is_told_after_it():
    """Seen: "Gus plays Wild Swap Hands: green" while the game still asked whom to swap with."""
    lines = story(
        ["uno112", "house/swap-hands-card"],
        [
            {"t": "play", "p": 3, "card": "wild:wild_swap_hands", "color": "green"},
            {"t": "chose", "p": 3, "player": 1},
            {"t": "swap", "p": 3, "with": 1},
            {"t": "color", "p": 3, "color": "red"},
        ],
    )
    texts = [line.text for line in lines]
    assert texts == [
        "Gus plays Swap Hands",
        "Gus picks Bo",
        "Gus swaps hands with Bo",
        "Gus names Red",
    ]


def test_a_shuffle_is_not_told_as_hands_passed_on():
    """Seen: "Shuffle Hands: every hand is passed on". Both write one `hands`
    event; the card's own effects (its rule file) say which it was."""
    hands = {"t": "hands", "hands": [["red:1"], ["red:2"], ["red:3"], ["red:4"]]}
    for rules in (["uno112"], ["uno112", "house/shuffle-hands-redeal"]):
        shuffle = story(rules, [{"t": "play", "p": 0, "card": "wild:wild_shuffle_hands"}, hands])
        assert shuffle[1].text == "Shuffle Hands: the hands are shuffled and dealt out again"
    zero_played = {"t": "play", "p": 0, "card": "red:0", "color": "red"}
    zero = story(["classic", "house/seven-o"], [zero_played, hands])
    assert zero[1].text == "Red 0: every hand is passed on"


def test_a_plain_wild_names_its_color_with_the_play():
    (line,) = story(["classic"], [{"t": "play", "p": 0, "card": "wild:wild", "color": "blue"}])
    assert line.text == "Ana plays Wild and names Blue"


def test_a_draw_two_is_not_called_a_skip():
    """Seen: "Skip! X misses a turn" was shown for a Draw Two."""
    lines = story(
        ["classic"],
        [
            {"t": "play", "p": 1, "card": "blue:draw_two", "color": "blue"},
            {"t": "draw", "p": 2, "cards": ["red:1", "red:2"], "why": "penalty"},
            {"t": "skip", "p": 2},
        ],
    )
    assert [line.text for line in lines] == [
        "Bo plays Blue Draw Two",
        "Blue Draw Two: Cy draws 2 cards",
        "Cy misses a turn",
    ]
    assert lines[2].burst is None  # no "SKIP" over Cy's plate
    skip = story(
        ["classic"],
        [{"t": "play", "p": 1, "card": "red:skip", "color": "red"}, {"t": "skip", "p": 2}],
    )
    assert skip[1].text == "Red Skip: Cy misses a turn" and skip[1].burst.text == "SKIP"


def test_a_catch_names_who_caught_whom():
    """Seen: the catcher's name was hidden, and a bot's catch did not name the catcher."""
    lines = story(
        ["classic"],
        [
            {"t": "catch", "by": 2, "p": 1},
            {"t": "draw", "p": 1, "cards": ["red:1", "red:2"], "why": "uno"},
        ],
    )
    assert lines[0].text == "Cy caught Bo without UNO!"
    assert lines[1].text == "Cy caught Bo: Bo draws 2"


def test_every_event_of_real_games_is_told_with_labels():
    """No internal card names ("red:1", "draw_two") in anything the table says."""
    from game.bots import make_bot
    from game.play.sim import play_match

    code = re.compile(r"\w+:\w+|_")
    for rules in (["classic"], ["uno112", "house/swap-hands-card"], ["duo"]):
        ruleset = load_rules(rules)
        players = 2 if rules == ["duo"] else 4
        bots = [make_bot("basic", 7 + i) for i in range(players)]
        events = play_match(ruleset, players, 3, bots, single_round=True).events
        model = TableModel(players, NAMES[:players], card_table(ruleset).size)
        narrator = Narrator(CardBook(ruleset), model)
        told = 0
        for event in events:
            model.apply(event)
            line = narrator.tell(event)
            if line is None:
                continue
            told += 1
            assert not code.search(line.text), (event, line.text)
            if event["t"] == "play":
                assert narrator.book.label(event["card"]) in line.text
        assert told > 20


def test_a_modders_label_is_what_every_message_says(tmp_path):
    """A card is named by its rule file's `label:`, so a renamed card is named anew."""
    overlay = tmp_path / "hop.yaml"
    overlay.write_text("cards:\n  skip:\n    label: Hop\n")
    rules = load_rules(["classic", str(overlay)])
    book = CardBook(rules)
    assert book.label("red:skip") == "Red Hop"
    model = TableModel(2, NAMES[:2], 108)
    narrator = Narrator(book, model)
    event = {"t": "play", "p": 0, "card": "red:skip", "color": "red"}
    model.apply(event)
    assert narrator.tell(event).text == "Ana plays Red Hop"


def test_a_flip_says_which_side_is_now_in_play_in_every_language():
    events = [
        {"t": "play", "p": 1, "card": "red:flip/pink:3", "color": "red"},
        {"t": "flip", "side": "dark", "top": "pink:3/red:flip", "color": "pink"},
    ]
    _play, flip = story(["flip"], events)
    assert flip.text == "Red Flip: every card turns over: the Dark side is in play"
    assert flip.burst is not None and flip.burst.text == "FLIP!"
    try:
        for code, side in (
            ("tr", "Karanlık yüz"),
            ("fi", "Tumma puoli"),
            ("el", "Σκοτεινή πλευρά"),
        ):
            set_language(code)
            model = TableModel(4, NAMES, 112)
            narrator = Narrator(CardBook(load_rules(["flip"]), code), model)
            for event in events:
                model.apply(event)
                line = narrator.tell(event)
            assert line is not None and side in line.text and "Dark" not in line.text, code
    finally:
        set_language("en")


def test_skip_everyone_says_everyone_else_misses_a_turn():
    """Seen: the table line of a Skip Everyone named only the last seat skipped
    ("Gus misses a turn"); every other seat lost its turn (rules/flip.yaml)."""
    played = {"t": "play", "p": 0, "card": "orange:skip_everyone", "color": "orange"}
    skips = [{"t": "skip", "p": seat} for seat in (1, 2, 3)]
    lines = story(["flip"], [played, *skips])
    assert lines[-1].text == "Orange Skip Everyone: everyone else misses a turn, Ana plays again"
    # One Skip that skips a single seat still names it.
    one = story(["flip"], [played | {"card": "orange:skip"}, {"t": "skip", "p": 1}])
    assert one[-1].text.endswith("Bo misses a turn")


def _long_recap_story() -> tuple[Narrator, list[dict]]:
    """Bo is hit by a Draw Two and skipped, then ten moves of others follow."""
    model = TableModel(4, NAMES, 112)
    narrator = Narrator(CardBook(load_rules(["classic"])), model)
    events = [
        {"t": "round", "n": 1, "dealer": 3},
        {"t": "play", "p": 1, "card": "red:5", "color": "red"},
        {"t": "play", "p": 0, "card": "red:draw_two", "color": "red"},
        {"t": "draw", "p": 1, "cards": ["red:1", "red:2"], "why": "penalty"},
        {"t": "skip", "p": 1},
    ]
    for _ in range(5):
        events += [{"t": "pass", "p": 2}, {"t": "pass", "p": 3}]
    for event in events:
        model.apply(event)
        narrator.tell(event)
    return narrator, events


def test_since_your_last_turn_keeps_what_concerns_the_player_and_counts_the_rest():
    """Seen: Bo's curtain after a Draw Two and a skip kept only the last 8 lines
    ("Cy passes"...), so he never learned why he held 9 cards."""
    narrator, _events = _long_recap_story()
    recap = narrator.since_last_move(1)
    texts = recap.texts
    assert "Red Draw Two: Bo draws 2 cards" in texts
    assert "Bo misses a turn" in texts
    assert [line.mine for line in recap.lines if line.text.startswith("Bo ")] == [True]
    assert texts[-8:] == ["Cy passes", "Gus passes"] * 4  # the latest lines, all of them
    # Left out: Ana's Draw Two (it is in Bo's lines) and the first two passes.
    assert recap.left_out == 3 and len(texts) == 10
