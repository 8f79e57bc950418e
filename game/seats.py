"""Who sits at the table: each seat's name, and whether a person or a bot
(and which bot) plays it.

Kept apart from the match (game/match.py) so that the menus and the save's
header can name seats without loading the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
BOT_LEVELS = ("basic", "random")


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
            level if isinstance(level, str) and level in BOT_LEVELS else "basic",
        )
