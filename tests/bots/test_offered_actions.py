"""Every bot only ever picks from the actions it was offered.

A bot that answers with something it was not offered crashes the game or,
worse, plays a move the rules do not allow. The check wraps each bot and
plays random rule mixes with the same loop as `simulate` (game/play/sim.py).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import BOTS, make_bot
from game.bots.expert import ExpertBot
from game.engine import new_game
from game.play.sim import play_out
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from game.rules.names import available_rule_sets
from tests.depth import examples
from tests.support.bots import EXPERT_STEPS

BASES = [n for n in available_rule_sets() if not n.startswith("house/")]
HOUSE = [n for n in available_rule_sets() if n.startswith("house/")]


class OfferedOnly:
    """Wraps a bot; fails the test the moment it picks an action it was not offered."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.watches = bot.watches
        if isinstance(bot, ExpertBot):
            bot.steps = EXPERT_STEPS

    def sit(self, rules, seat: int) -> None:
        self.bot.sit(rules, seat)

    def observe(self, action, events) -> None:
        self.bot.observe(action, events)

    def choose(self, look, actions):
        offered = list(actions)
        choice = self.bot.choose(look, actions)
        assert choice in offered, f"{self.bot.level} chose {choice!r}, offered {offered!r}"
        return choice

    def interject(self, look, actions):
        offered = list(actions)
        choice = self.bot.interject(look, actions)
        assert choice is None or choice in offered, (
            f"{self.bot.level} interjected {choice!r}, offered {offered!r}"
        )
        return choice


def test_basic_bot_answers_a_player_choice_with_jump_in_and_seven_o():
    """The mix of the report: a "player" choice offered along with an UNO call."""
    rules = load_rules(["classic", "house/jump-in", "house/seven-o"])
    for seed in range(1, 40):
        state, events = new_game(rules, 4, seed)
        bots = [OfferedOnly(make_bot("basic", seed + seat)) for seat in range(4)]
        play_out(state, bots, events, max_actions=100_000)
        assert state.over


@settings(max_examples=examples(60))
@given(
    base=st.sampled_from(BASES),
    house=st.lists(st.sampled_from(HOUSE), max_size=4, unique=True),
    level=st.sampled_from(sorted(BOTS)),
    seed=st.integers(0, 2**31),
    seat_pick=st.integers(0, 100),
)
def test_every_bot_picks_only_offered_actions(base, house, level, seed, seat_pick):
    try:
        rules = load_rules([base, *house])
    except RuleFileError:
        return  # a mix the loader refuses is never played
    counts = rules.model.allowed_counts()
    players = counts[seat_pick % len(counts)]
    state, events = new_game(rules, players, seed, single_round=True)
    bots = [OfferedOnly(make_bot(level, seed + seat)) for seat in range(players)]
    play_out(state, bots, events, max_actions=100_000)
    assert state.over
