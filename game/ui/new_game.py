"""The choices of a new game: the rule set, house rules, seats and the target.

What the setup screen edits, with no pygame. Browsing rule sets never throws a
seat away: every seat ever set up (its name, Human or Bot) is kept, and a rule
set that allows fewer players only shows fewer of them; going back to one that
allows more shows them again.

A house rule of SHARED_SCREEN_HOUSE is on by default when two or more people
share the screen and it goes with the rule set chosen (UNO Duo's draft a
whole hand at a time: two hand-overs instead of fourteen), until a player
turns it on or off themselves.

Learn as you play is on for a match one of whose people has never finished
a match (`first_match`, from the players' file), until a player turns it
on or off for this match: it is not kept for the next one.

A seat cycles Human, then a bot of each level, weakest first. A seat whose
name the game gave takes a name that hints at its new level ("Sprout" for a
beginner, "Maestro" for an expert); a name someone typed stays.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.ruleset import RuleSet
from game.i18n import _
from game.play.match import BOT_LEVELS, DEFAULT_NAMES, SeatConfig
from game.play.seats import default_name, is_default_name
from game.player_files.stats import key as stats_key
from game.ui.rule_catalog import try_load

TARGETS: tuple[int | str, ...] = ("default", 100, 200, 300, 500, 1000, "single")
SEAT_KINDS = [("human", "basic")] + [("bot", level) for level in BOT_LEVELS]
MAX_SEATS = 10
MAX_NAME = 14
SHARED_SCREEN_HOUSE = ("house/draft-whole-hand",)


class NewGame:
    def __init__(
        self,
        rule_sets: list[str],
        saved: dict,
        first_match: Callable[[str], bool] = lambda name: False,
    ) -> None:
        self.first_match = first_match  # has the player of this name never finished a match?
        self.learning_chosen: bool | None = None  # Learn as you play, as a player set it
        self.base_sets = [n for n in rule_sets if not n.startswith("house/")] or ["classic"]
        self.house_sets = [n for n in rule_sets if n.startswith("house/")]
        base = saved.get("rules")
        default = "classic" if "classic" in self.base_sets else self.base_sets[0]
        self.base: str = base if isinstance(base, str) and base in self.base_sets else default
        house = saved.get("house")
        self.chosen: list[str] = [  # the house rules turned on (by a player, or kept)
            h for h in (house if isinstance(house, list) else []) if h in self.house_sets
        ]
        decided = saved.get("house_decided")
        # The house rules a player turned on or off: no default overrides them.
        self.decided: set[str] = (
            {h for h in decided if h in self.house_sets} if isinstance(decided, list) else set()
        )
        seats = saved.get("seats")
        if isinstance(seats, list) and 2 <= len(seats) <= MAX_SEATS:
            self.all_seats = [
                SeatConfig.from_dict(s if isinstance(s, dict) else {}, i)
                for i, s in enumerate(seats)
            ]
        else:
            self.all_seats = [
                SeatConfig(DEFAULT_NAMES[i], "human" if i == 0 else "bot") for i in range(4)
            ]
        self.count = len(self.all_seats)  # the seats wanted; the rules may show fewer
        target = saved.get("target", "default")
        self.target: int | str = target if target in TARGETS else "default"

    # --- the rules chosen -----------------------------------------------------------

    @property
    def house_on(self) -> list[str]:
        """The house rules on: those chosen, and the shared screen's defaults."""
        on = list(self.chosen)
        for house in SHARED_SCREEN_HOUSE:
            undecided = house in self.house_sets and house not in self.decided
            if undecided and house not in on and self._shared(house):
                on.append(house)
        return on

    def _shared(self, house: str) -> bool:
        """Two or more people at the table `house` makes with the rule set chosen
        (the seats its players' count shows), and `house` goes with it."""
        rules, errors = try_load((self.base, house))
        if rules is None or errors:
            return False
        counts = [n for n in rules.model.allowed_counts() if 2 <= n <= MAX_SEATS] or [2]
        shown = min(counts, key=lambda n: (abs(n - self.count), n))
        return sum(not s.is_bot for s in self.all_seats[:shown]) >= 2

    @property
    def combination(self) -> tuple[str, ...]:
        on = self.house_on
        return (self.base, *[h for h in self.house_sets if h in on])

    @property
    def rules(self) -> RuleSet | None:
        return try_load(self.combination)[0]

    @property
    def errors(self) -> list[str]:
        return try_load(self.combination)[1]

    def allowed_counts(self) -> list[int]:
        rules = self.rules or try_load((self.base,))[0]
        if rules is None:
            return list(range(2, MAX_SEATS + 1))
        counts = [n for n in rules.model.allowed_counts() if 2 <= n <= MAX_SEATS]
        return counts or [max(2, min(MAX_SEATS, rules.model.players.min))]

    # --- seats ----------------------------------------------------------------------

    @property
    def seats(self) -> list[SeatConfig]:
        """The seats this game has: as many as wanted, as far as the rules allow."""
        counts = self.allowed_counts()
        shown = min(counts, key=lambda n: (abs(n - self.count), n))
        while len(self.all_seats) < shown:
            self._add_seat()
        return self.all_seats[:shown]

    def _add_seat(self) -> None:
        used = {s.name for s in self.all_seats}
        name = next(
            (n for n in DEFAULT_NAMES if n not in used), f"Player {len(self.all_seats) + 1}"
        )
        self.all_seats.append(SeatConfig(name, "bot"))

    def change_players(self, step: int) -> None:
        now = len(self.seats)
        counts = self.allowed_counts()
        bigger = [n for n in counts if n > now]
        smaller = [n for n in counts if n < now]
        if step > 0 and bigger:
            self.count = min(bigger)
        elif step < 0 and smaller:
            self.count = max(smaller)

    def cycle_kind(self, seat: int, step: int) -> None:
        cfg = self.seats[seat]
        current = (cfg.kind, cfg.level if cfg.is_bot else "basic")
        i = SEAT_KINDS.index(current) if current in SEAT_KINDS else 0
        cfg.kind, cfg.level = SEAT_KINDS[(i + step) % len(SEAT_KINDS)]
        if is_default_name(cfg.name):
            taken = {s.name for s in self.all_seats if s is not cfg}
            cfg.name = default_name(cfg.level if cfg.is_bot else None, taken)

    def make_human(self, seat: int) -> None:
        """A player sits down in a bot's seat (it keeps its name)."""
        cfg = self.seats[seat]
        cfg.kind, cfg.level = SEAT_KINDS[0]

    def name_seat(self, seat: int, name: str) -> None:
        self.seats[seat].name = name[:MAX_NAME]

    def name_clash(self) -> str | None:
        """A name two seats share (in any case), as the later seat has it: at the
        table "Pass to Ana" would mean either, and Players would merge them."""
        seen: set[str] = set()
        for cfg in self.seats:
            player = stats_key(cfg.name)
            if player in seen:
                return cfg.name.strip()
            seen.add(player)
        return None

    def finish_name(self, seat: int) -> None:
        cfg = self.seats[seat]
        cfg.name = cfg.name.strip() or DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]

    # --- learning as you play -----------------------------------------------------

    @property
    def learning(self) -> bool:
        """Learn as you play: as a player set it, else on for someone's first match."""
        if self.learning_chosen is not None:
            return self.learning_chosen
        return any(not s.is_bot and self.first_match(s.name) for s in self.seats)

    def toggle_learning(self) -> None:
        self.learning_chosen = not self.learning

    # --- rules and target -----------------------------------------------------------

    def cycle_base(self, step: int) -> None:
        i = self.base_sets.index(self.base) if self.base in self.base_sets else 0
        self.base = self.base_sets[(i + step) % len(self.base_sets)]

    def toggle_house(self, house: str) -> None:
        on = house in self.house_on
        self.decided.add(house)
        if on:
            if house in self.chosen:
                self.chosen.remove(house)
        else:
            self.chosen.append(house)

    def cycle_target(self, step: int) -> None:
        i = TARGETS.index(self.target) if self.target in TARGETS else 0
        self.target = TARGETS[(i + step) % len(TARGETS)]

    def target_label(self) -> str:
        if self.target == "single":
            return _("one round")
        if self.target == "default":
            rules = self.rules
            value = rules.target_for(len(self.seats)) if rules is not None else None
            return _("{value} (rules)").format(value=value) if value else _("rules default")
        return str(self.target)

    def saved(self) -> dict:
        """What Settings keeps for the next new game (every seat, not just those shown)."""
        return {
            "rules": self.base,
            "house": list(self.chosen),
            "house_decided": sorted(self.decided),
            "seats": [s.to_dict() for s in self.all_seats[: max(self.count, 2)]],
            "target": self.target,
        }
