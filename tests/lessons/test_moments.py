"""Learn as you play (game/lessons/): the first time a rule matters, on
rigged tables. Each test cites the rule whose moment it is (docs/rules.md);
the words are the Rules screen's (game/rules/describe.py) and the rule
file's."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine import new_game
from game.engine.sides import show_side
from game.lessons import Tutor, lessons_of
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from tests.support.acting import act, play, play_of
from tests.support.rules import file_data, layered, overlay_file, rules
from tests.support.table import rigged


def keys(lessons) -> list[str]:
    return [lesson.key for lesson in lessons]


def by_key(lessons) -> dict:
    return {lesson.key: lesson for lesson in lessons}


def own(lessons) -> list[tuple[str, int]]:
    """The lessons of a seat's own, as (key, seat)."""
    return [(lesson.key, lesson.seat) for lesson in lessons if lesson.seat is not None]


def test_a_wild_draw_four_its_holder_may_play_is_taught_to_its_holder_alone():
    """docs/rules.md §1 (Wild Draw Four): the first time the seat to act may
    play one, the lesson is that seat's, with that card; a number card that
    does nothing has no lesson."""
    classic = rules("classic")
    state = rigged(
        classic, hands={0: ["wild:wild_draw_four", "red:1", "red:2"], 1: ["blue:2"]}, players=2
    )
    tutor = Tutor(classic, 2)
    found = by_key(tutor.moments(state, []))
    assert own(found.values()) == [("card:wild_draw_four", 0)]
    lesson = found["card:wild_draw_four"]
    assert lesson.seat == 0 and lesson.cards == ("wild:wild_draw_four",)
    assert lesson.title == "Wild Draw Four"
    assert lesson.words.splitlines()[0] == (
        "The player names the colour; the next player draws 4 and loses their turn "
        "(they may challenge it)."
    )
    assert "May be played only when the player holds no card of the colour in force" in (
        lesson.words
    )
    assert tutor.moments(state, []) == []  # once a match


def test_the_first_turn_teaches_everyone_what_a_turn_may_do():
    """docs/rules.md §1: play a card that matches, or draw; the lesson comes
    at the first ordinary turn, for everyone, and names no card."""
    classic = rules("classic")
    state = rigged(classic, hands={0: ["red:1", "red:2", "red:3"], 1: ["blue:2"]}, players=2)
    found = by_key(Tutor(classic, 2).moments(state, []))
    assert found["drawing"].seat is None and found["drawing"].cards == ()
    assert found["drawing"].words.splitlines() == [
        "Play a card matching the colour, number or symbol, or a wild; "
        "draw only when you cannot play.",
        "Drawing takes one card.",
        "After drawing, only a drawn card may be played, if it fits.",
    ]


def test_a_card_played_is_a_public_moment_naming_only_that_card():
    """docs/rules.md §1 (Skip): a Skip played teaches everyone, with the card on the pile."""
    classic = rules("classic")
    state = rigged(
        classic,
        hands={
            0: ["red:skip", "red:1", "red:2"],
            1: ["blue:2", "blue:3"],
            2: ["green:3", "green:4"],
        },
    )
    tutor = Tutor(classic, 3)
    tutor.moments(state, [])  # seat 0's own: its Skip
    state, events = play(state, 0, "red:skip")
    assert tutor.moments(state, events) == []  # taught already, to its holder
    fresh = Tutor(classic, 3)
    found = by_key(fresh.moments(state, events))
    assert found["card:skip"].seat is None and found["card:skip"].cards == ("red:skip",)
    assert found["card:skip"].words == "The next player loses their turn."


def test_per_seat_each_player_learns_a_card_once():
    """On phones each player learns each rule once (per_seat)."""
    classic = rules("classic")
    state = rigged(
        classic,
        hands={0: ["red:draw_two", "red:1", "red:2"], 1: ["red:draw_two", "blue:2", "blue:3"]},
        players=2,
    )
    tutor = Tutor(classic, 2, per_seat=True)
    assert own(tutor.moments(state, [])) == [("card:draw_two", 0)]
    state.pending = type(state.pending)("play", 1)
    state.legal_cache = {}
    assert own(tutor.moments(state, [])) == [("card:draw_two", 1)]
    assert tutor.moments(state, []) == []
    shared = Tutor(classic, 2)
    shared.moments(state, [])
    state.pending = type(state.pending)("play", 0)
    state.legal_cache = {}
    assert shared.moments(state, []) == []  # one screen: taught once, to whoever met it


def test_a_bots_own_moment_is_kept_for_a_person():
    """A card in a bot's hand teaches no one (`learners`: the people's seats),
    so the lesson waits for a person to meet the card; a public moment still
    teaches everyone."""
    classic = rules("classic")
    state = rigged(
        classic,
        hands={0: ["red:draw_two", "red:1", "red:2"], 1: ["red:draw_two", "blue:2", "blue:3"]},
        players=2,
    )
    tutor = Tutor(classic, 2, learners={1})
    assert own(tutor.moments(state, [])) == []  # seat 0 is a bot
    state.pending = type(state.pending)("play", 1)
    state.legal_cache = {}
    assert own(tutor.moments(state, [])) == [("card:draw_two", 1)]
    skip = rigged(classic, hands={0: ["red:skip", "red:1", "red:2"], 1: ["blue:2", "blue:3"]})
    skip, events = play(skip, 0, "red:skip")
    assert "card:skip" in keys(Tutor(classic, 2, learners={1}).moments(skip, events))


STACKING_HANDS = {0: ["red:draw_two", "red:1"], 1: ["blue:draw_two", "blue:1"], 2: ["green:1"]}


def _draw_two_played_under_stacking():
    """Classic + stacking, three seats: seat 0 plays a Draw Two that seat 1
    could answer with its own: the tutor, the state and the events after it."""
    stacking = rules("classic", "house/stacking")
    state = rigged(stacking, hands=STACKING_HANDS, top="red:5")
    tutor = Tutor(stacking, 3)
    tutor.moments(state, [])
    state, events = play(state, 0, "red:draw_two")
    return tutor, state, events


def test_a_draw_two_that_can_be_stacked_teaches_stacking_in_the_house_rules_words():
    """docs/rules.md §4 'Stacking' (house/stacking.yaml): when the seat owing
    cards may answer with a Draw Two, the house rule explains itself to that
    seat, its own line first, then the rule's words; without stacking there
    is no such moment."""
    tutor, state, events = _draw_two_played_under_stacking()
    found = by_key(tutor.moments(state, events))
    assert "stacking" not in found  # the house rule speaks for it
    house = found["house:stacking"]
    assert house.seat == 1 and house.cards == ("blue:draw_two",)
    assert house.title == "Stacking"
    lines = house.words.splitlines()
    assert lines[0].startswith("Answer a Draw Two with a Draw Two")
    assert "Draw Two: answers a pending draw from: Draw Two." in lines
    assert tutor.taught("stacking", 1) and tutor.taught("house:stacking", 1)

    plain = rules("classic")
    state = rigged(plain, hands=STACKING_HANDS, top="red:5")
    tutor = Tutor(plain, 3)
    state, events = play(state, 0, "red:draw_two")
    assert not {"stacking", "house:stacking"} & set(keys(tutor.moments(state, events)))


def test_a_lesson_given_in_one_language_is_worded_again_in_another():
    """The player changed the language while a moment waited or was up: the
    tutor words it again from what it was about, a house rule's lesson with
    the words of the rule it speaks for, its cards and seat kept."""
    tutor, state, events = _draw_two_played_under_stacking()
    english = by_key(tutor.moments(state, events))["house:stacking"]
    assert tutor.reword(english) is english  # the same language: nothing to do
    i18n.set_language("fi")
    finnish = tutor.reword(english)
    assert (finnish.key, finnish.cards, finnish.seat) == (english.key, english.cards, 1)
    assert finnish.title == "Pinoaminen" and finnish.lang == "fi"
    lines = finnish.words.splitlines()
    assert lines[0].startswith("Vastaa Nosta kaksi -korttiin")
    assert len(lines) == len(english.words.splitlines())  # the stacking rule's own lines too
    assert not set(lines) & set(english.words.splitlines())
    i18n.set_language("en")
    assert tutor.reword(finnish) == english


def test_several_cards_at_once_are_taught_when_a_play_may_take_more():
    """docs/rules.md §4 (house/multi-card.yaml): cards of the same number may
    be played together; the lesson comes when a card is down and another may
    join it (the decision asked mid-play), to that seat with those cards, and
    not at an ordinary turn after a play of one card."""
    multi = rules("classic", "house/multi-card")
    hands = {0: ["red:7", "blue:1", "green:2"], 1: ["red:1", "red:2", "red:3"]}
    state = rigged(multi, hands=hands, top="red:3", players=2)
    tutor = Tutor(multi, 2)
    tutor.moments(state, [])
    state, events = play(state, 0, "red:7")  # no other 7: one card, the turn passes
    assert not {"multi_play", "house:multi-card"} & set(keys(tutor.moments(state, events)))
    hands = {0: ["red:5", "blue:5", "green:1"], 1: ["yellow:1", "yellow:2"]}
    state = rigged(multi, hands=hands, top="red:3", players=2)
    state, events = play(state, 0, "red:5")
    found = by_key(Tutor(multi, 2).moments(state, events))
    assert found["house:multi-card"].seat == 0
    assert found["house:multi-card"].cards == ("blue:5",)


def test_a_challenge_decision_is_a_public_moment_about_the_top_card():
    """docs/rules.md §1 (Wild Draw Four): the seat it is played on may
    challenge; the lesson names the card on the pile, which everyone sees."""
    classic = rules("classic")
    state = rigged(
        classic,
        hands={0: ["wild:wild_draw_four", "red:1"], 1: ["blue:2"], 2: ["green:3"]},
        top="blue:5",
        color="blue",
    )
    tutor = Tutor(classic, 3)
    state, events = act(state, play_of(state, 0, "wild:wild_draw_four", "green"))
    found = by_key(tutor.moments(state, events))
    assert found["challenge"].seat is None
    assert found["challenge"].cards == ("wild:wild_draw_four",)
    assert found["challenge"].words.startswith("Challenge: a challengeable draw")


def test_a_jump_in_chance_is_the_jumpers_alone():
    """docs/rules.md §4 'Jump-In' (house/jump-in.yaml): a seat holding the
    identical card may play it out of turn; the lesson is theirs, with it."""
    jump_in = rules("classic", "house/jump-in")
    state = rigged(
        jump_in, hands={0: ["red:8", "red:1"], 1: ["blue:2", "blue:3"], 2: ["red:8", "green:3"]}
    )
    tutor = Tutor(jump_in, 3)
    state, events = play(state, 0, "red:8")
    found = by_key(tutor.moments(state, events))
    assert found["house:jump-in"].seat == 2 and found["house:jump-in"].cards == ("red:8",)
    assert "identical to the top card" in found["house:jump-in"].words


def test_an_uno_call_chance_is_taught_to_the_seat_that_may_call():
    """docs/rules.md §1 (UNO): a seat playing its second-to-last card calls UNO."""
    classic = rules("classic")
    state = rigged(classic, hands={0: ["red:1", "red:2"], 1: ["blue:2"]}, players=2)
    found = by_key(Tutor(classic, 2).moments(state, []))
    assert found["uno"].seat == 0 and found["uno"].cards == ()
    assert found["uno"].words.startswith("UNO: call it when you play your second-to-last card")


def test_the_duo_draft_and_the_deal_are_taught_as_the_match_begins():
    """docs/rules.md §3 (UNO Duo): no deal, the hands are drafted; the draft
    lesson is public and names no card (the card looked at is the drafter's)."""
    duo = rules("duo")
    state, events = new_game(duo, 2, 3)
    found = by_key(Tutor(duo, 2).moments(state, events))
    assert found["deal"].seat is None
    assert found["draft"].seat is None and found["draft"].cards == ()
    assert found["draft"].words.startswith("No deal: each player in turn looks at the top card")


def test_a_flip_played_teaches_the_card_and_the_side_it_turns_to():
    """docs/rules.md §5 (UNO Flip): a Flip turns every card over; its lesson
    and the Dark side's are public, naming the cards on the pile."""
    flip = rules("flip", "house/flip-in-place")
    state = rigged(flip, hands={0: ["red:flip", "red:3"], 1: ["blue:4"], 2: ["green:5"]})
    tutor = Tutor(flip, 3)
    state, events = act(state, play_of(state, 0, "red:flip"))
    found = by_key(tutor.moments(state, events))
    assert found["house:flip-in-place"].cards == ("red:flip",)  # it changed what a Flip does
    assert found["house:flip-in-place"].seat is None
    assert found["side:dark"].seat is None
    assert found["side:dark"].cards == (state.cards.face_names[state.top],)
    assert found["side:dark"].words.startswith("Dark side, colours Pink")


def test_a_skip_everyone_played_teaches_everyone():
    """docs/rules.md §5 (UNO Flip, Dark side): Skip Everyone skips every other player."""
    flip = rules("flip")
    state = rigged(flip, hands={0: ["red:1", "red:3", "red:4"], 1: ["blue:4"], 2: ["green:5"]})
    show_side(state, 1)  # the table turned to its Dark side, as after a Flip
    names = state.cards.face_names
    card = next(c for c in state.draw_pile if names[c].endswith(":skip_everyone"))
    state.draw_pile[state.draw_pile.index(card)] = state.hands[0][0]
    state.hands[0][0] = card
    state.color = state.cards.color[card]
    state.legal_cache = {}
    tutor = Tutor(flip, 3)
    assert own(tutor.moments(state, [])) == [("card:skip_everyone", 0)]
    state, events = act(state, play_of(state, 0, names[card]))
    assert tutor.moments(state, events) == []  # its holder has learnt it
    found = by_key(Tutor(flip, 3).moments(state, events))
    assert found["card:skip_everyone"].seat is None
    assert found["card:skip_everyone"].cards == (names[card],)
    assert found["card:skip_everyone"].words == (
        "All the other players lose their turn: the player plays again."
    )


def test_seven_o_speaks_when_a_seven_may_first_be_played():
    """docs/rules.md §4 'Seven-O': a 7 swaps hands; the house rule explains
    itself at the first 7 its holder may play (a face's own effects)."""
    seven_o = rules("classic", "house/seven-o")
    state = rigged(seven_o, hands={0: ["red:7", "blue:1"], 1: ["blue:2"]}, players=2)
    found = by_key(Tutor(seven_o, 2).moments(state, []))
    assert found["house:seven-o"].seat == 0 and found["house:seven-o"].cards == ("red:7",)
    assert "A 7: the player picks another player" in found["house:seven-o"].words


def test_a_modders_new_card_kind_teaches_itself_in_its_own_words(tmp_path):
    """rules/README.md, "Card kinds": a new kind with an effect has its
    lesson with no code, from its effects' words and its `teach:` text."""
    data = layered(
        "classic",
        {
            "cards": {
                "hot_potato": {
                    "label": {"en": "Hot Potato", "fi": "Kuuma peruna"},
                    "copies": 2,
                    "effects": [{"draw": {"who": "all_others", "count": 1}}],
                    "teach": {"en": "Pass it on quickly!", "fi": "Anna se eteenpäin!"},
                }
            }
        },
    )
    modded = load_rules([overlay_file("hot-potato", data)])
    assert "card:hot_potato" in {spec.key for spec in lessons_of(modded)}
    state = rigged(modded, hands={0: ["red:hot_potato", "red:1"], 1: ["blue:2"]}, players=2)
    lesson = by_key(Tutor(modded, 2).moments(state, []))["card:hot_potato"]
    assert lesson.title == "Hot Potato"
    assert lesson.words == "All the other players draw a card.\nPass it on quickly!"
    i18n.set_language("fi")
    finnish = by_key(Tutor(modded, 2).moments(state, []))["card:hot_potato"]
    assert finnish.title == "Kuuma peruna"
    assert finnish.words.endswith("\nAnna se eteenpäin!")
    assert finnish.words != lesson.words


def test_a_house_rules_teach_text_follows_its_line():
    """rules/README.md: a house rule's `teach:` is said after its line."""
    data = layered(
        "house/late-catch",
        {"house_rules": {"late-catch": {"teach": "Keep an eye on everyone's hand count."}}},
    )
    late = load_rules(["classic", overlay_file("house/late-catch-taught", data)])
    state = rigged(late, hands={0: ["red:1", "red:2"], 1: ["blue:2"]}, players=2)
    lesson = by_key(Tutor(late, 2).moments(state, []))["house:late-catch"]
    assert lesson.words.splitlines()[:2] == [
        file_data("house/late-catch")["house_rules"]["late-catch"]["description"]["en"],
        "Keep an eye on everyone's hand count.",
    ]


def test_a_house_rule_that_changes_no_lesson_speaks_at_the_deal():
    """A modder's house rule whose settings no lesson explains (a colour's
    name, say) still explains itself once, as the match begins."""
    renamed = load_rules(
        [
            "classic",
            overlay_file(
                "house/violet",
                {
                    "house_rules": {"violet": "Blue is called violet here."},
                    "color_looks": {"blue": {"label": "Violet"}},
                },
            ),
        ]
    )
    state, events = new_game(renamed, 2, 4)
    found = by_key(Tutor(renamed, 2).moments(state, events))
    assert found["house:violet"].seat is None
    assert found["house:violet"].words.startswith("Blue is called violet here.")
    assert "deal" not in found  # it spoke for the deal, whose words follow its own


@pytest.mark.parametrize(
    "teach, refused",
    [
        ("x" * 301, "at most 300 characters (this has 301)"),
        ("Bell\x07", "control character U+0007 in text shown to players"),
        ({"fi": "Vain suomeksi"}, "no English text (en:)"),
    ],
)
def test_a_teach_text_is_bounded_and_checked_like_other_rule_words(teach, refused):
    data = layered("classic", {"cards": {"skip": {"teach": teach}}})
    with pytest.raises(RuleFileError) as raised:
        load_rules([overlay_file("bad-teach", data)])
    messages = [error.message for error in raised.value.errors]
    assert any("teach" in m and refused in m for m in messages), messages


def test_what_was_taught_survives_a_save_and_a_hostile_record_is_refused():
    classic = rules("classic")
    state = rigged(classic, hands={0: ["red:skip", "red:1", "red:2"], 1: ["blue:2"]}, players=2)
    tutor = Tutor(classic, 2, per_seat=True)
    assert keys(tutor.moments(state, [])) == ["drawing", "card:skip"]
    saved = tutor.to_dict()
    resumed = Tutor.from_dict(classic, 2, saved, per_seat=True)
    assert resumed.to_dict() == saved
    assert resumed.moments(state, []) == []
    for hostile in (
        None,
        [],
        {"v": 2, "taught": []},
        {"v": 1, "taught": "card:skip"},
        {"v": 1, "taught": [["card:skip", 5]]},
        {"v": 1, "taught": [["card:skip", True]]},
        {"v": 1, "taught": [["x" * 500, None]]},
        {"v": 1, "taught": [["card:skip", None]] * 5000},
    ):
        with pytest.raises(ValueError):
            Tutor.from_dict(classic, 2, hostile)
    # A lesson another rule set had is dropped, not refused.
    kept = Tutor.from_dict(classic, 2, {"v": 1, "taught": [["card:flip", None]]})
    assert kept.to_dict() == {"v": 1, "taught": []}
