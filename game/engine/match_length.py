"""Whether a rule set's matches can end, and within a bounded number of rounds.

A round ends (its turn limit sees to that); a match ends when a score reaches
the target, so the rules must let scores get there, and soon enough that a
table, `simulate` or `check` is not left playing for hours:

* with a target, some card must be worth a point (unless rounds are counted);
* counting rounds won, each round gives one side (a seat, or a team) one
  point, so a match to T at a table of S sides may take S x (T - 1) + 1
  rounds before one side has T: that must stay within MAX_MATCH_ROUNDS.

How long the rounds themselves are is measured by `check`'s self-test
(game/play/selftest.py), which plays a few.
"""

from __future__ import annotations

from game.engine.ruleset import Alternatives, Loc, Problem, RuleSetModel, deck_count

# The most rounds a match may take. Counting rounds won, ten seats to 100 is
# 991 rounds; a round of ten seats is some 160 actions, so a match stays far
# below what `simulate` plays before it gives up on one (game/play/sim.py).
MAX_MATCH_ROUNDS = 1_000


def match_length_problems(model: RuleSetModel) -> list[Problem]:
    """What keeps the matches of `model` from ending in time; [] when nothing does."""
    problems: list[Problem] = []
    if _has_target(model) and model.scoring.scheme != "rounds_won" and not _worth_points(model):
        # Said where the newest file made it so: a file that zeroes every
        # card's points is the one to change, not the base that set the target.
        points = [("cards", name, "points") for name in model.cards]
        problems.append(
            (
                Alternatives((("scoring", "target"), *points)),
                "no card is worth a point, so no match can reach the target: give some cards"
                " points, or write target: null (one round is the match) or scheme: rounds_won",
            )
        )
    problems.extend(_endless_rounds_won(model))
    return problems


def _endless_rounds_won(model: RuleSetModel) -> list[Problem]:
    scoring = model.scoring
    if scoring.scheme != "rounds_won":
        return []
    problems: list[Problem] = []
    for players in reversed(model.allowed_counts()):
        target = scoring.target_by_players.get(players, scoring.target)
        sides = players // 2 if scoring.teams else players
        rounds = longest_match(model, players, target)
        if target is None or rounds is None or rounds <= MAX_MATCH_ROUNDS:
            continue
        at: Loc = (
            ("scoring", "target_by_players", players)
            if players in scoring.target_by_players
            else ("scoring", "target")
        )
        highest = (MAX_MATCH_ROUNDS - 1) // sides + 1
        problems.append(
            (
                at,
                f"a match to {target} rounds won at {players} players may take"
                f" {rounds:,} rounds (each round gives one"
                f" {'team' if scoring.teams else 'player'} a point); a match may take at most"
                f" {MAX_MATCH_ROUNDS:,}: make the target at most {highest} for {players} players",
            )
        )
        if at == ("scoring", "target"):
            break  # said for the largest table; the smaller ones would repeat it
    return problems


def longest_match(model: RuleSetModel, players: int, target: int | None) -> int | None:
    """The most rounds a match to `target` at `players` may take, when the rules
    bound it (counting rounds won); None when the scores decide it."""
    if target is None or model.scoring.scheme != "rounds_won":
        return None
    sides = players // 2 if model.scoring.teams else players
    return sides * (target - 1) + 1


def _has_target(model: RuleSetModel) -> bool:
    scoring = model.scoring
    return scoring.target is not None or any(scoring.target_by_players.values())


def _worth_points(model: RuleSetModel) -> bool:
    """Whether any card in the deck is worth a point when it is left in a hand."""
    for kind in model.cards.values():
        if deck_count(model, kind) == 0:
            continue
        if kind.points == "face":
            if any(face > 0 and kind.copies_of.get(face, kind.copies) for face in kind.faces or []):
                return True
        elif kind.points > 0:
            return True
    return False
