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
notice, never overwritten; a field that is wrong is left out alone, and a
newer build's field is kept (docs/files.md, "Growing a format"). It is
written atomically, like every file the game writes. Reading and writing
it is game/player_files/players.py's; a player's entry is declared here, on
`PlayerRecord`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.said import Said
from game.i18n import N_
from game.player_files.records import (
    REQUIRED,
    Flag,
    MapOf,
    Shown,
    Text,
    Whole,
    declared,
    dumped,
    stored,
)

MAX_FILE_BYTES = 1024 * 1024
MAX_RULE_SETS = 32  # rule sets remembered per player (the most played)
MAX_MATCHES = 100  # match ids remembered as counted
MAX_NAME = 200
MAX_COUNT = 2**53  # any count past this is a damaged file
COUNT = Whole(0, MAX_COUNT)


def _count(about: str, shown: Shown | None = None) -> int:
    """A number of the file's entry: a whole number, 0 until counted."""
    number: int = stored(0, COUNT, about, shown=shown)
    return number


# A player's entry in the players' file is declared here, once, by the fields
# of `PlayerRecord` (and a counted match's by `MatchCount`): game/player_files/players.py
# reads and writes them from these declarations, and docs/files.md's table
# is written from them (tools/file_tables.py). A new field is one line here,
# with its default: a file without it (an older build's) reads as the default.
# A field `shown` gets its column on the Players screen (game/scenes/players.py),
# in the order declared, headed by its words (`N_`: they go in the catalogs).
@dataclass
class PlayerRecord:
    name: str = stored(
        REQUIRED,
        Text(MAX_NAME, shortest=1, blank=False),
        "the name as last played under; the same name in any case is the same person",
    )
    matches: int = _count("matches played to their end")
    matches_won: int = _count(
        "matches won (a team's partner's win counts too)", Shown(N_("Matches"), "matches")
    )
    rounds: int = _count("rounds played")
    rounds_won: int = _count("rounds won", Shown(N_("Rounds"), "rounds"))
    uno_calls: int = _count("UNO calls made", Shown(N_("UNO!")))
    uno_missed: int = _count("times caught with one card and no UNO call", Shown(N_("Missed")))
    catches: int = _count("times this player caught someone", Shown(N_("Caught")))
    rules: dict[str, int] = stored(
        {},
        MapOf(Text(MAX_NAME, shortest=1), COUNT, MAX_RULE_SETS),
        "rounds played per rule set, by its files' names (`classic + house/jump-in`),"
        f" the {MAX_RULE_SETS} most played",
    )
    # The entry's keys this build does not declare (a newer build's), written back as they were.
    others: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def favourite(self) -> str | None:
        if not self.rules:
            return None
        return max(self.rules.items(), key=lambda item: item[1])[0]

    def to_dict(self) -> dict:
        data = dumped(self)
        data["rules"] = dict(self.rules)
        return data

    def played(self, rules: str) -> None:
        self.rounds += 1
        self.rules[rules] = self.rules.get(rules, 0) + 1
        if len(self.rules) > MAX_RULE_SETS:
            least = min(self.rules.items(), key=lambda item: item[1])[0]
            del self.rules[least]


def shown_fields() -> list[tuple[str, Shown]]:
    """The fields of a player's entry the Players screen has a column for, in
    order, each with how it is shown."""
    return [(f.name, f.shown) for f in declared(PlayerRecord) if f.shown is not None]


def shown_cells(player: PlayerRecord) -> list[str]:
    """A player's entry as the Players screen's columns show it: "3 / 5", "2"."""
    cells = []
    for name, shown in shown_fields():
        value = str(getattr(player, name))
        out_of = shown.out_of
        cells.append(value if out_of is None else f"{value} / {getattr(player, out_of)}")
    return cells


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
    rounds: int = _count("how many of its rounds are counted")
    over: bool = stored(False, Flag(), "whether its end is counted")
    others: dict = field(default_factory=dict, compare=False, repr=False)


class PlayerStats:
    def __init__(self) -> None:
        self.players: dict[str, PlayerRecord] = {}
        self.counted: dict[str, MatchCount] = {}
        # The file's own keys this build does not declare, and its minor version
        # (game/player_files/players.py): written back as they were.
        self.others: dict = {}
        self.minor = 0
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

    def first_match(self, name: str) -> bool:
        """Has the player of this name never played a match to its end?"""
        record = self.player(name)
        return record is None or record.matches == 0

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
        counted = MatchCount(done.rounds, done.over, dict(done.others))
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
