"""`python main.py ARGS` run by game.cli in the test's own process.

A Python start with the game's imports costs about half a second of CPU, more
than most commands it runs; a test about what a command says and returns
runs it here. What is about the process itself (Ctrl-C, a file that could
block for ever, the entry point couch_uno.py) keeps a real subprocess.
"""

from __future__ import annotations

import subprocess

from game import cli


def main_here(args: list[str], capsys) -> subprocess.CompletedProcess:
    """What `python main.py ARGS` would return and print, from pytest's
    `capsys`; an exception fails the test outright (a traceback, the bug)."""
    capsys.readouterr()
    try:
        status = cli.main(args)
    except SystemExit as stopped:  # argparse refuses a command line this way
        status = stopped.code if isinstance(stopped.code, int) else 1
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", *args], status, out, err)
