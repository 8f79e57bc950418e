"""Couch UNO. Importing the package chooses whether the engine runs compiled
(game/native.py) and does nothing else. A choice that cannot be had
(COUCH_UNO_ENGINE=compiled without a matching build, or a misspelt value)
raises `game.native.EngineBuildError`; the command's entry point
(couch_uno.py) turns it into a one-line message."""

from game.native import activate

activate()
