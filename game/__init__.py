"""Couch UNO. Importing the package first decides whether the engine runs
compiled (see game/native.py)."""

from game.native import activate as _activate_engine

_activate_engine()
