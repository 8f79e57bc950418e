"""Where the game's own files are: the rule sets (`rules/`), the table
layouts and the font (`assets/`).

In a source checkout they are the top-level folders beside `game/`, where a
modder reads and edits them. An installed copy (`pip install .`, `pipx
install .`) carries them inside the package as `game/_data/rules` and
`game/_data/assets` (pyproject.toml maps the folders there), because an
installed package has no folder beside it to look in.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # game/, above game/files/
INSTALLED = PACKAGE / "_data"  # what a wheel carries
CHECKOUT = PACKAGE.parent  # the repository, in a source checkout


def data_dir(name: str, installed: Path = INSTALLED, checkout: Path = CHECKOUT) -> Path:
    """The folder `name` (`rules`, `assets`): the installed copy when there is
    one, else the checkout's top-level folder."""
    inside = installed / name
    return inside if inside.is_dir() else checkout / name


RULES_DIR = data_dir("rules")
ASSETS_DIR = data_dir("assets")
