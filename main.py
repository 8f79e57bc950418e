"""Couch UNO: start the game, or run a command (see `python main.py --help`)."""

import sys

from game.cli import main

if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # `python main.py rules classic | head` closed the pipe early: not an error.
        sys.stderr.close()
        sys.exit(0)
