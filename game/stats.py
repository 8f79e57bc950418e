"""Per-name statistics across matches: the Players screen's numbers.

Counted from the engine's events only — `round` and `round_end` (rounds
played and won), `uno` (calls made), `catch` (`p` missed a call and was
caught; `by` caught someone), `game_end` (matches played and won, with a
team's partner winning too) — never by re-deriving a rule. Only human seats
are counted, by name (spelled any case: "ana" is "Ana"); a bot's name is
the bot's.

Counting is idempotent: `count(match_id, ...)` takes the match's whole log
so far and counts only the rounds past those `counted` for that match id
(the save's), so a round is counted once whether the game was resumed,
killed between writing the save and the statistics, or both. The favourite
rule set is the one a player has played most rounds of, kept by the names of
its rule files (`rules_key`: "classic + house/jump-in") and worded in the
language of the moment where it is shown, so a family that switches language
keeps one count per rule set. (Files written before kept the words shown
then, "Classic UNO + Jump-in"; those are shown as written.)

The file (`players.json` in the settings folder) is the player's: it is
read as hostile — a regular file of at most `MAX_FILE_BYTES`, every field
checked — and a damaged file is kept aside (`players.kept-….json`) with a
notice, never overwritten. It is written atomically, like every file the
game writes. Reading and writing it is game/players_file.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.said import Said

MAX_FILE_BYTES = 1024 * 1024
MAX_RULE_SETS = 32  # rule sets remembered per player (the most played)
MAX_MATCHES = 100  # match ids remembered as counted
COUNTS = (
    "matches",
    "matches_won",
    "rounds",
    "rounds_won",
    "uno_calls",
    "uno_missed",
    "catches",
)


@dataclass
class PlayerRecord:
    name: str
    matches: int = 0
    matches_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    uno_calls: int = 0
    uno_missed: int = 0  # caught with one card and no UNO call
    catches: int = 0  # caught someone else
    rules: dict[str, int] = field(default_factory=dict)  # rounds played per rule set

    @property
    def favourite(self) -> str | None:
        if not self.rules:
            return None
        return max(self.rules.items(), key=lambda item: item[1])[0]

    def to_dict(self) -> dict:
        data: dict = {"name": self.name}
        data.update({name: getattr(self, name) for name in COUNTS})
        data["rules"] = dict(self.rules)
        return data

    def played(self, rules: str) -> None:
        self.rounds += 1
        self.rules[rules] = self.rules.get(rules, 0) + 1
        if len(self.rules) > MAX_RULE_SETS:
            least = min(self.rules.items(), key=lambda item: item[1])[0]
            del self.rules[least]


def key(name: str) -> str:
    return name.strip().casefold()


RULES_JOIN = " + "


def rules_key(names: Sequence[str]) -> str:
    """How a player's record keeps a rule set: the names its files were loaded by."""
    return RULES_JOIN.join(names)


def rule_names(rules: str) -> tuple[str, ...]:
    """The rule-file names a `rules_key` was made of (a key from an older file,
    the rules' words, gives names that load nothing)."""
    return tuple(rules.split(RULES_JOIN))


@dataclass
class MatchCount:
    rounds: int = 0  # rounds of the match counted
    over: bool = False  # its game_end counted


class PlayerStats:
    def __init__(self) -> None:
        self.players: dict[str, PlayerRecord] = {}
        self.counted: dict[str, MatchCount] = {}
        # Kept as `Said` and worded where shown (`game.i18n.say`): the language
        # may change in Settings after the file was read.
        self.notices: list[Said] = []

    def ranked(self) -> list[PlayerRecord]:
        """Players by matches won, then rounds won, then name."""
        return sorted(
            self.players.values(),
            key=lambda p: (-p.matches_won, -p.rounds_won, -p.matches, key(p.name)),
        )

    def player(self, name: str) -> PlayerRecord | None:
        return self.players.get(key(name))

    # --- counting -------------------------------------------------------------------

    def count(
        self,
        match_id: str,
        names: list[str],
        humans: list[int],
        rules: str,
        events: list[dict],
    ) -> bool:
        """Count what `events` (a match's log so far) holds past what was counted
        for `match_id`; True when anything changed."""
        done = self.counted.get(match_id, MatchCount())
        if done.over:
            return False
        counted = MatchCount(done.rounds, done.over)
        people = {seat: names[seat] for seat in humans if 0 <= seat < len(names)}
        round_no = 0
        calls: list[dict] = []
        changed = False
        for event in events:
            kind = event["t"]
            if kind == "round":
                round_no = event["n"]
                calls = []
            elif kind in ("uno", "catch"):
                calls.append(event)
            elif kind == "round_end" and round_no > counted.rounds:
                self._round(people, rules, event, calls)
                counted.rounds = round_no
                changed = True
            elif kind == "game_end":
                self._match(people, event)
                counted.over = changed = True
        if changed:
            self.counted.pop(match_id, None)
            self.counted[match_id] = counted
            while len(self.counted) > MAX_MATCHES:
                del self.counted[next(iter(self.counted))]
        return changed

    def _record(self, name: str) -> PlayerRecord:
        found = self.players.get(key(name))
        if found is None:
            found = self.players[key(name)] = PlayerRecord(name.strip())
        else:
            found.name = name.strip()  # the spelling last played under
        return found

    def _round(self, people: dict[int, str], rules: str, end: dict, calls: list[dict]) -> None:
        for seat, name in people.items():
            player = self._record(name)
            player.played(rules)
            if end["winner"] == seat:
                player.rounds_won += 1
        for event in calls:
            if event["t"] == "uno" and event["p"] in people:
                self._record(people[event["p"]]).uno_calls += 1
            elif event["t"] == "catch":
                if event["p"] in people:
                    self._record(people[event["p"]]).uno_missed += 1
                if event["by"] in people:
                    self._record(people[event["by"]]).catches += 1

    def _match(self, people: dict[int, str], end: dict) -> None:
        winners = set(end.get("team") or [end["winner"]])
        for seat, name in people.items():
            player = self._record(name)
            player.matches += 1
            if seat in winners:
                player.matches_won += 1
