"""Couch UNO: start the game, or run a command (see `python main.py --help`)."""

import sys

try:
    from game.cli import main
except ImportError as err:
    if type(err).__name__ != "EngineBuildError":
        raise
    # COUCH_UNO_ENGINE=compiled without a matching build: say so, no traceback.
    sys.exit(f"couch-uno: {err}")

if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # `python main.py rules classic | head` closed the pipe early: not an error.
        sys.stderr.close()
        sys.exit(0)
