"""The `couch-uno` command and `python main.py`: check the Python, choose the
engine, then run the command line (game/cli.py), with Ctrl-C and a closed
pipe ending in one line instead of a traceback.

It lives outside the `game` package because importing `game` chooses the
engine and raises when COUCH_UNO_ENGINE asks for one that cannot be had
(game/native.py): only code that runs before that import can turn the
refusal into a message. For the same reason it uses no syntax newer than
Python 3.6, so that an older Python is told what it lacks.
"""

import sys

PYTHON = (3, 11)  # pyproject.toml's requires-python


def main() -> None:
    if sys.version_info < PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        sys.exit("couch-uno: needs Python {}.{} or newer, not {}".format(*PYTHON, found))
    try:
        import game  # noqa: F401  (chooses the engine)
    except Exception as err:
        native = sys.modules.get("game.native")
        if native is None or not isinstance(err, native.EngineBuildError):
            raise
        sys.exit(f"couch-uno: {err}")

    from game.cli import INTERRUPTED
    from game.cli import main as run

    try:
        sys.exit(run())
    except KeyboardInterrupt:
        # Ctrl-C in the game, a replay or a long check: stop without a traceback.
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)
    except BrokenPipeError:
        # `couch-uno rules classic | head` closed the pipe early: not an error.
        sys.stderr.close()
        sys.exit(0)


if __name__ == "__main__":
    main()
