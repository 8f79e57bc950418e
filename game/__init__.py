"""Couch UNO. Importing the package first decides whether the engine runs
compiled (see game/native.py)."""

from game.native import EngineBuildError, activate

try:
    activate()
except EngineBuildError as err:
    # Only an explicit COUCH_UNO_ENGINE=compiled (or a misspelt value) gets
    # here: every entry point stops with the reason, not a traceback.
    raise SystemExit(f"couch-uno: {err}") from None
