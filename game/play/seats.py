"""Who sits at the table: each seat's name, and whether a person or a bot
(and which bot) plays it.

Kept apart from the match (game/play/match.py) so that the menus and the save's
header can name seats without loading the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _

DEFAULT_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
# The levels a seat may choose, weakest first (game/bots/levels.py says how
# each plays); `random` is only for simulations, but a seat saved with it
# still loads.
BOT_LEVELS = ("beginner", "basic", "strong", "expert")
KNOWN_LEVELS = (*BOT_LEVELS, "random")
# A bot's default name hints at its level; the basic bot's are everyone's.
LEVEL_NAMES: dict[str, tuple[str, ...]] = {
    "beginner": ("Rookie", "Newbie", "Sprout", "Pip", "Cub", "Chick", "Fawn", "Bud", "Kit", "Tad"),
    "basic": tuple(DEFAULT_NAMES),
    "strong": ("Ace", "Hawk", "Shark", "Tiger", "Blaze", "Flint", "Rex", "Viper", "Wolf", "Titan"),
    "expert": (
        "Maestro",
        "Oracle",
        "Sage",
        "Wizard",
        "Professor",
        "Merlin",
        "Sphinx",
        "Prodigy",
        "Mastermind",
        "Grandmaster",
    ),
}


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str = "basic"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict, index: int) -> SeatConfig:
        name = str(data.get("name") or DEFAULT_NAMES[index % len(DEFAULT_NAMES)])[:16]
        kind = data.get("kind")
        level = data.get("level")
        return cls(
            name,
            kind if isinstance(kind, str) and kind in ("human", "bot") else "bot",
            level if isinstance(level, str) and level in KNOWN_LEVELS else "basic",
        )


# Each level's title, as game/bots/levels.py gives it (tests/test_i18n.py checks),
# for the menus, which name a saved match's bots without loading the bots.
LEVEL_TITLES = {
    "beginner": N_("Beginner"),
    "basic": N_("Basic"),
    "strong": N_("Strong"),
    "expert": N_("Expert"),
    "random": N_("Random"),
}


def level_words(level: str) -> str:
    """A bot level's name in the current language."""
    return _(LEVEL_TITLES.get(level, level))


def is_default_name(name: str) -> bool:
    """Whether `name` is one the game gave (a player never typed it)."""
    return any(name in names for names in LEVEL_NAMES.values()) or (
        name.startswith("Player ") and name[7:].isdigit()
    )


def default_name(level: str | None, taken: set[str]) -> str:
    """A name no other seat has: one hinting at the bot's `level`, or a
    player's (`level` None)."""
    names = LEVEL_NAMES.get(level or "basic", LEVEL_NAMES["basic"])
    for name in names:
        if name not in taken:
            return name
    return next(f"Player {n}" for n in range(1, len(taken) + 2) if f"Player {n}" not in taken)
