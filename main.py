"""Couch UNO: start the game, or run a command (see `python main.py --help`)."""

import sys

from game.cli import INTERRUPTED, main

if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        # Ctrl-C in the game, a replay or a long check: stop without a traceback.
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)
    except BrokenPipeError:
        # `python main.py rules classic | head` closed the pipe early: not an error.
        sys.stderr.close()
        sys.exit(0)
