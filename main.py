"""Couch UNO: start the game, or run a command (see `python main.py --help`).
The same as the installed `couch-uno` command (couch_uno.py)."""

from couch_uno import main

if __name__ == "__main__":
    main()
