"""Resuming a saved match: its log re-executed by the engine.

Nothing of the saved state is trusted. The log is read by the one reader
(game/log/reader.py: every event checked against the format), the rules it
names are loaded and must have the fingerprint the save was made under, and
`Reexecution` plays the match again, action by action, refusing the first
event the engine would not have written. The state the engine reaches is
the state the match goes on from, so a save can never hold a state the
rules could not reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine import GameState, RuleSet
from game.files.plain_text import printable
from game.i18n import _
from game.log import Divergence, Incomplete, LogError, MatchRefused, Place, Reexecution, read_events
from game.play.match import MatchSession
from game.player_files.save_format import SavedMatch, SaveProblem, peek, rules_fingerprint
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules


@dataclass
class Resumed:
    saved: SavedMatch
    rules: RuleSet
    state: GameState
    log: list[dict]

    @property
    def over(self) -> bool:
        return self.state.over

    def session(self) -> MatchSession:
        """The match, going on from where its log stops."""
        header = self.saved.header
        return MatchSession.going_on(
            list(header.rules),
            self.rules,
            header.seat_configs(),
            self.state,
            self.log,
            header.target,
            header.single_round,
            header.learning,
            header.per_seat,
            header.tutor,
        )


def resume(path: Path) -> Resumed:
    """The match saved at `path`, re-executed; SaveProblem when it cannot be."""
    saved = peek(path)
    if saved is None:
        raise SaveProblem("damaged", _("the save is gone"))
    header = saved.header
    listed = " + ".join(printable(name, 60) for name in header.rules)
    try:
        rules = load_rules(list(header.rules))
    except RuleFileError as err:
        first = printable(err.errors[0], 200) if err.errors else "refused"
        raise SaveProblem(
            "rules", _("its rules ({rules}) no longer load: {why}").format(rules=listed, why=first)
        ) from None
    except (OSError, ValueError, RuntimeError, RecursionError) as err:
        raise SaveProblem(
            "rules",
            _("its rules ({rules}) no longer load: {why}").format(rules=listed, why=printable(err)),
        ) from None
    if rules_fingerprint(rules) != header.fingerprint:
        raise SaveProblem(
            "rules",
            _(
                "its rules ({rules}) have changed since it was saved, and a match is "
                "never finished under other rules than it started with"
            ).format(rules=listed),
        )
    events: list[tuple[int, dict]] = []

    def logged():
        for place, event in read_events(path, Place(2, saved.log_offset)):
            events.append((place.line, event))
            yield place.line, event

    check = Reexecution(logged(), rules=rules, path=path.name)
    try:
        for _event in check:
            pass
    except Incomplete:
        pass  # a match in progress: the log stops before its game_end
    except Divergence as err:
        raise SaveProblem(
            "replay",
            _(
                "its moves do not replay: the file was changed or damaged after it was saved"
                " ({why})"
            ).format(why=err),
        ) from None
    except LogError as err:  # the format (Malformed) or a refused start (MatchRefused)
        kind = "replay" if isinstance(err, MatchRefused) else "damaged"
        raise SaveProblem(kind, _("its log is damaged ({why})").format(why=err)) from None
    state = check.state
    if state is None:
        raise SaveProblem("damaged", "it holds no match")
    return Resumed(saved, rules, state, [event for _, event in events])
