"""Every scene by name: scenes reach each other through `app.push("name", ...)`.

The table maps a name to the module and class that make it; a module is
imported the first time its scene is shown, so the menu opens without loading
the rules engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.scenes.base import Scene, Services

SCENES: dict[str, str] = {
    "title": "game.scenes.title:TitleScene",
    "setup": "game.scenes.setup:SetupScene",
    "rules": "game.scenes.rules_text:RulesScene",
    "settings": "game.scenes.settings:SettingsScene",
    "deal": "game.scenes.deal:DealScene",
    "play": "game.scenes.play:PlayScene",
    "curtain": "game.scenes.curtain:CurtainScene",
    "pause": "game.scenes.pause:PauseScene",
    "history": "game.scenes.history:HistoryScene",
    "confirm": "game.scenes.confirm:ConfirmScene",
    "color_wheel": "game.scenes.choose:ColorWheelScene",
    "choose_player": "game.scenes.choose:ChoosePlayerScene",
    "choice": "game.scenes.choose:ChoiceScene",
    "reveal": "game.scenes.reveal:RevealScene",
    "lesson": "game.scenes.lesson:LessonScene",
    "learn": "game.scenes.learn:LearnScene",
    "round_score": "game.scenes.round_score:RoundScoreScene",
    "match_end": "game.scenes.match_end:MatchEndScene",
    "replay": "game.scenes.replay:ReplayScene",
    "players": "game.scenes.players:PlayersScene",
    "phones": "game.scenes.phones:PhonesScene",
    "rule_lab": "game.scenes.rule_lab:RuleLabScene",
}


def make_scene(app: Services, name: str, **kwargs: Any) -> Scene:
    """A new scene `name`, made with the keyword arguments its class takes."""
    try:
        module_name, class_name = SCENES[name].split(":")
    except KeyError:
        raise KeyError(f"no scene named {name!r}; known: {', '.join(sorted(SCENES))}") from None
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(app, **kwargs)
