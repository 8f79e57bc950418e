"""`python main.py verify LOG...`: every match of a log file re-executed.

One finding per match that does not re-execute exactly (it diverges, it is
incomplete, its rules cannot be loaded), and the file's first reading error,
which ends the file: past a malformed line nothing can be trusted.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.log.format import LogError, MatchRefused
from game.log.reader import iter_matches
from game.log.reexec import Reexecution
from game.log.rulesets import RuleSets


@dataclass
class Verdict:
    """What `verify_file` found: the matches read, and what is wrong (one
    error per match that does not re-execute, or the error that stopped the
    reading). No problems: every match re-executed exactly to its game_end."""

    matches: int = 0
    problems: list[LogError] = field(default_factory=list)


def verify_file(path: str | os.PathLike[str], rule_sets: RuleSets | None = None) -> Verdict:
    """Re-execute every match of the log at `path`; the rules it names are
    found from its folder (`rule_sets`, if given, must be for that folder)."""
    shown = os.fspath(path)
    sets = rule_sets or RuleSets(Path(shown).parent)
    verdict = Verdict()
    try:
        for match in iter_matches(path):
            verdict.matches += 1
            try:
                for _ in Reexecution(match.events(), rule_sets=sets, path=shown):
                    pass
            except MatchRefused as err:
                verdict.problems.append(err.at(shown))
    except LogError as err:
        verdict.problems.append(err.at(shown))
        return verdict
    if not verdict.matches:
        verdict.problems.append(LogError("the log is empty: it holds no match", path=shown))
    return verdict
