"""Mixing rule sets: every base with every house rule, house rules together,
and random three-file mixes.

Rules: any base with any set of house
files must either work or be refused with a message naming both rules and
why they conflict; no silent precedence. docs/rules.md §4: house rules are
options 'a table can turn on, alone or together'.

A mix that loads must play: a match of basic bots (game.play.sim.play_match),
its log checked against the replay format (tests/support/events.py `check_events`) and
re-executed by game.log.reexecute: the engine plays the match again and must
write every event of the log exactly. The quick run plays one round of a
mix unless a file in it changes how the match is scored or ends
(tests/support/rules.py `whole_matches`); --thorough plays every match
to its end.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.bots import make_bot
from game.engine import legal_actions
from game.log import reexecute
from game.play.sim import play_match
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from game.rules.names import available_rule_sets
from tests.depth import thorough
from tests.support.acting import accept, choose, decision_kinds, offered_plays, play
from tests.support.events import check_events
from tests.support.rules import rules, whole_matches
from tests.support.table import pending, rigged

NAMES = available_rule_sets()
BASES = [n for n in NAMES if not n.startswith("house/")]
HOUSES = [n for n in NAMES if n.startswith("house/")]

NEEDS_112 = "needs the 112-card deck's Shuffle Hands card (`requires: uno112`)"
BLANK_IS_NOT_112 = (
    "uno112-blank's four specials are blank cards, not source 000's Shuffle Hands card"
)

# Base x one house rule: the pairs that must be refused, and why.
REFUSED_PAIRS = {
    ("classic", "house/shuffle-hands-redeal"): NEEDS_112,
    ("classic", "house/swap-hands-card"): NEEDS_112,
    ("uno112-blank", "house/shuffle-hands-redeal"): BLANK_IS_NOT_112,
    ("uno112-blank", "house/swap-hands-card"): BLANK_IS_NOT_112,
    ("duo", "house/stacking"): "Duo's Wild Draw Four makes its player play again: "
    "nobody is in a position to stack on it",
    ("duo", "house/stacking-cross"): "as stacking: Duo's Wild Draw Four plays again",
    ("duo", "house/teams"): "teams need 4, 6, 8 or 10 seats; Duo is exactly 2",
    ("duo", "house/rounds-won"): "Duo's match ends at 200 with the lower total winning; "
    "counting rounds won cannot say who has the lower total",
    ("duo", "house/reverse-no-skip-2p"): "the file undoes Reverse-as-Skip with two "
    "players, but Duo's Reverse is the colour dump (003): layered on Duo it "
    "silently throws the dump away",
    # app-2-4's "first to 100 wins" on Duo, where reaching
    # the target loses, would mean "reach 100 and lose".
    ("duo", "house/app-2-4"): "app-2-4's targets are won by reaching them; Duo's "
    "scheme makes reaching the target lose",
}

ONLY_DUO = "drafts a whole hand at a time: only a rule set that drafts (`requires: duo`)"
for _base in ("classic", "uno112", "uno112-blank", "flip"):
    REFUSED_PAIRS[(_base, "house/draft-whole-hand")] = ONLY_DUO

# UNO Flip (docs/rules.md section 5): stacking, Seven-O and the two-player
# Reverse say what they are over Flip's cards (`on: flip`); the other reading
# of the Flip has its own files, refused over the other bases; a house rule
# about a card Flip has not is refused over it.
FLIP_ONLY = {
    "house/flip-in-place",
    "house/flip-first-card-plain",
    "house/flip-opening-face-acts",
}
REFUSED_ON_FLIP = {
    "house/wd4-no-playable": "Flip has no Wild Draw Four",
    "house/shuffle-hands-redeal": NEEDS_112,
    "house/swap-hands-card": NEEDS_112,
}
REFUSED_PAIRS.update({("flip", house): why for house, why in REFUSED_ON_FLIP.items()})
REFUSED_PAIRS.update(
    {
        (base, house): "written for UNO Flip's cards (`requires: flip`)"
        for base in ("classic", "duo", "uno112", "uno112-blank")
        for house in FLIP_ONLY
    }
)
# Pairs whose expected outcome the engine does not give (each an engine bug).
PAIR_BUGS = {}

# Two house rules together (on classic, or uno112 for its own files).
REFUSED_HOUSE_PAIRS = {
    frozenset({"house/stacking", "house/stacking-cross"}): "both say what stacks on "
    "a Draw Two, differently",
    frozenset({"house/loser-scores", "house/rounds-won"}): "two scoring schemes",
    frozenset({"house/flip-first-card-plain", "house/flip-opening-face-acts"}): "a first "
    "Flip that turns nothing has no face to act",
    frozenset({"house/teams", "house/loser-scores"}): "a team shares what the winner "
    "scores; with loser-scores the winner scores nothing",
    frozenset({"house/rounds-won", "house/app-2-4"}): "a target in rounds won against "
    "targets in points (100 / 200)",
    frozenset({"house/loser-scores", "house/app-2-4"}): "first to 100 wins against "
    "reach the target and you are out",
    # Swap Hands replaces Shuffle Hands, so a redeal of
    # Shuffle Hands would never play.
    frozenset({"house/swap-hands-card", "house/shuffle-hands-redeal"}): "the redeal "
    "rewrites a card the other file takes out of the deck",
}


def _short(name: str) -> str:
    return name.split("/")[-1]


def _names_both(message: str, first: str, second: str) -> bool:
    return f"{_short(first)}.yaml" in message and f"{_short(second)}.yaml" in message


def _players_for(rule_set, rng: random.Random) -> int:
    counts = [n for n in rule_set.model.allowed_counts() if n <= 6]
    return rng.choice(counts)


def _play_mix(rule_set, names, players: int, seed: int):
    """A whole match, or one round where a quick run may (`whole_matches`)."""
    return _play_full_match(rule_set, players, seed, single_round=not whole_matches(names))


def _play_full_match(rule_set, players: int, seed: int, *, single_round: bool = False):
    bots = [make_bot("basic", seed * 10 + seat) for seat in range(players)]
    result = play_match(rule_set, players, seed, bots, single_round=single_round)
    check_events(result.events, players)
    assert result.events[-1]["t"] == "game_end"
    assert result.winner == result.events[-1]["winner"]
    return result


def _pair_params():
    for base in BASES:
        for house in HOUSES:
            marks = []
            if (base, house) in PAIR_BUGS:
                marks.append(pytest.mark.xfail(strict=True, reason=PAIR_BUGS[(base, house)]))
            yield pytest.param(base, house, marks=marks, id=f"{base}+{_short(house)}")


@pytest.mark.parametrize(("base", "house"), list(_pair_params()))
def test_every_base_with_every_house_rule(base, house):
    """Each base with each single house rule
    loads and plays (see _play_mix), or is refused (exactly the pairs in
    REFUSED_PAIRS) with a message naming both files."""
    if (base, house) in REFUSED_PAIRS:
        with pytest.raises(RuleFileError) as err:
            load_rules([base, house])
        assert _names_both(str(err.value), base, house), str(err.value)
        return
    rule_set = load_rules([base, house])
    assert _short(house) in rule_set.model.house_rules
    players = _players_for(rule_set, random.Random(f"{base}+{house}"))
    _play_mix(rule_set, [base, house], players, seed=len(base) * 31 + len(house))


def _house_pairs():
    for first, second in itertools.combinations(HOUSES, 2):
        for a, b in ((first, second), (second, first)):
            yield pytest.param(a, b, a == first, id=f"{_short(a)}+{_short(b)}")


@pytest.mark.parametrize(("first", "second", "in_order"), list(_house_pairs()))
def test_two_house_rules_together(first, second, in_order):
    """docs/rules.md §4 'alone or together': two house rules (in either order) on
    their base load and play, or are refused (REFUSED_HOUSE_PAIRS) with a
    message naming both house files. The quick run loads both orders and
    plays the match in one of them; --thorough plays both."""
    needs_112 = {"house/shuffle-hands-redeal", "house/swap-hands-card"} & {first, second}
    base = "uno112" if needs_112 else "classic"
    if "house/draft-whole-hand" in (first, second):
        base = "duo"  # built on uno112 too
        other = second if first == "house/draft-whole-hand" else first
        if (base, other) in REFUSED_PAIRS:
            with pytest.raises(RuleFileError) as err:
                load_rules([base, first, second])
            assert _names_both(str(err.value), base, other), str(err.value)
            return
    names = [base, first, second]
    if FLIP_ONLY & {first, second}:
        names = ["flip", first, second]
        other = ({first, second} - FLIP_ONLY or {first}).pop()
        if other in REFUSED_ON_FLIP:
            with pytest.raises(RuleFileError) as err:
                load_rules(names)
            assert _names_both(str(err.value), "flip", other), str(err.value)
            return
    if frozenset({first, second}) in REFUSED_HOUSE_PAIRS:
        with pytest.raises(RuleFileError) as err:
            load_rules(names)
        assert _names_both(str(err.value), first, second), str(err.value)
        return
    rule_set = load_rules(names)
    if not (in_order or thorough()):
        return
    players = _players_for(rule_set, random.Random(f"{first}+{second}"))
    _play_mix(rule_set, names, players, seed=7)


def _three_file_mixes(count: int = 60):
    rng = random.Random(2026)
    seen = set()
    while len(seen) < count:
        base = rng.choice(BASES)
        mix = (base, *sorted(rng.sample(HOUSES, 2)))
        if mix not in seen:
            seen.add(mix)
            yield pytest.param(mix, id="+".join(_short(n) for n in mix))


@pytest.mark.parametrize("mix", list(_three_file_mixes()))
def test_random_three_file_mix_refuses_or_plays(mix):
    """A random base with two house rules is
    either refused with a message naming two of the files, or plays a full
    simulated match whose log re-executes (game.log.reexecute) exactly."""
    try:
        rule_set = load_rules(list(mix))
    except RuleFileError as err:
        message = str(err)
        named = [n for n in mix if f"{_short(n)}.yaml" in message]
        assert len(named) >= 2, message
        return
    rng = random.Random("+".join(mix))
    players = _players_for(rule_set, rng)
    result = _play_mix(rule_set, mix, players, seed=rng.randrange(10_000))
    assert reexecute(result.events, rule_set).scores == result.scores


@pytest.mark.parametrize("base", BASES)
def test_every_base_alone_plays_and_replays(base):
    """Each base rule set plays a full match whose log re-executes exactly."""
    rule_set = rules(base)
    for players in sorted(
        {min(rule_set.model.allowed_counts()), 4} & set(rule_set.model.allowed_counts())
    ):
        result = _play_full_match(rule_set, players, seed=players)
        assert reexecute(result.events, rule_set).scores == result.scores


def test_teams_match_log_replays():
    """docs/rules.md §4 'Team play' with replay-format.md: 'from the log alone,
    someone who knows the rules must be able to re-check every rule' -- a
    teams match's log re-executes exactly (game.log.reexecute)."""
    rule_set = rules("classic", "house/teams")
    result = _play_full_match(rule_set, 4, seed=3)
    assert reexecute(result.events, rule_set).scores == result.scores


def test_refusals_give_file_line_and_reason():
    """A clash is 'refused ... with a message naming both rules and why they
    conflict' -- each error is `file:line:column: message`."""
    with pytest.raises(RuleFileError) as err:
        load_rules(["duo", "house/stacking"])
    (error,) = err.value.errors
    assert error.file.endswith("stacking.yaml") and error.line > 1
    assert "duo.yaml" in error.message and "play again" in error.message


# --- interactions between rules that load together -----------------------------------------


def test_multi_card_with_no_action_finish_cannot_end_on_an_action():
    """docs/rules.md §4 'No finishing on an action card' with 'Multi-card play':
    a follower that would be the last card may not be an action card."""
    mix = rules("classic", "house/multi-card", "house/no-action-finish")
    hands = {0: ["red:skip", "blue:skip"], 1: ["yellow:1", "yellow:2"], 2: ["green:1"]}
    state = rigged(mix, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:skip")
    assert offered_plays(state, 0) == set()
    assert state.hands[0]


def test_stacking_with_no_action_finish_cannot_stack_the_last_card():
    """docs/rules.md §4 'No finishing on an action card' with 'Stacking': a last
    Draw Two may not be played, not even as a stack; the player draws the sum."""
    mix = rules("classic", "house/stacking", "house/no-action-finish")
    hands = {0: ["red:draw_two", "red:1"], 1: ["blue:draw_two"], 2: ["green:1"]}
    state = rigged(mix, hands=hands, top="red:5")
    state, events = play(state, 0, "red:draw_two")
    if pending(state) == ("penalty", 1):
        assert offered_plays(state, 1) == set()
        state, more = accept(state, 1)
        events += more
    assert [(e["p"], len(e["cards"])) for e in events if e["t"] == "draw"] == [(1, 2)]
    assert len(state.hands[1]) == 3


def test_jump_in_with_no_action_finish_cannot_jump_in_with_the_last_action():
    """docs/rules.md §4 'No finishing on an action card' with 'Jump-In': the last
    card, an action card, may not be played -- out of turn neither."""
    mix = rules("classic", "house/jump-in", "house/no-action-finish")
    hands = {0: ["red:skip", "red:1"], 1: ["blue:2", "blue:3"], 2: ["green:4"], 3: ["red:skip"]}
    state = rigged(mix, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:skip")
    assert offered_plays(state, 3) == set()


def test_duo_dump_with_no_action_finish_cannot_end_the_round_on_an_action():
    """docs/rules.md §3 'Reverse' with §4 'No finishing on an action card': a dump
    that would empty the hand on an action card is not offered."""
    mix = rules("duo", "house/no-action-finish")
    hands = {0: ["red:reverse", "red:skip"], 1: ["green:1", "green:2"]}
    state = rigged(mix, hands=hands, top="red:5")
    state.uno_called[0] = True
    state, _ = play(state, 0, "red:reverse")
    if pending(state) == ("dump", 0):
        assert decision_kinds(state, 0) == {"Choose"}
        assert {a.value for a in legal_actions(state, 0)} == {"none"}
    assert state.hands[0]


def test_stacking_with_wd4_no_playable_first_wd4_still_challengeable():
    """docs/rules.md §4 'Stacking' with wd4-no-playable (000): the first Wild Draw
    Four is judged by 000's stricter reading; a stacked one is not challengeable."""
    mix = rules("classic", "house/stacking", "house/wd4-no-playable")
    hands = {
        0: ["wild:wild_draw_four", "blue:5", "green:1"],
        1: ["wild:wild_draw_four", "yellow:1"],
        2: ["yellow:2", "yellow:3"],
    }
    state = rigged(mix, hands=hands, top="red:5")
    state, _ = play(state, 0, "wild:wild_draw_four", "green")
    assert decision_kinds(state, 1) == {"Accept", "Challenge", "Play"}
    state, _ = play(state, 1, "wild:wild_draw_four", "blue")
    assert decision_kinds(state, 2) == set()  # nothing to answer: 8 drawn at once
    assert len(state.hands[2]) == 2 + 8


def test_seven_o_with_duo_seven_swaps_with_the_opponent():
    """docs/rules.md §4 'Seven-O' on UNO Duo (§3): with two players the 7 swaps
    with the opponent without asking; the Duo opponent then plays."""
    mix = rules("duo", "house/seven-o")
    hands = {0: ["red:7", "red:1", "blue:1"], 1: ["green:2", "green:3"]}
    state = rigged(mix, hands=hands, top="red:5")
    state, events = play(state, 0, "red:7")
    assert [e["t"] for e in events] == ["play", "swap", "turn"]
    assert events[-1]["p"] == 1
    assert sorted(state.cards.names[c] for c in state.hands[1]) == ["blue:1", "red:1"]


def test_swap_hands_card_with_seven_o_both_choose_a_player():
    """docs/rules.md §2 'Swap Hands' with §4 'Seven-O' on uno112: both the Swap
    Hands card and a 7 open a `player` decision with 3+ players."""
    mix = rules("uno112", "house/swap-hands-card", "house/seven-o")
    hands = {0: ["red:7", "red:1"], 1: ["green:2"], 2: ["blue:3", "blue:4"]}
    state = rigged(mix, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    assert pending(state) == ("player", 0)
    state, events = choose(state, 0, 1)
    assert ("swap", 0, 1) in [(e["t"], e.get("p"), e.get("with")) for e in events]
