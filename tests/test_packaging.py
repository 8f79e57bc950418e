"""The game as an installed package (pyproject.toml): `pip install .` or
`pipx install .` gives a `couch-uno` command that does what `python main.py`
does, with the rule sets and table layouts carried inside the package
(game/files/resources.py), while a source checkout keeps them in the top-level
`rules/` and `assets/` folders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.files import resources
from game.rules.loader import RULES_DIR
from game.table.layout import DEFAULT_ASSETS_DIR

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
# What a source distribution of the game holds: everything the build reads.
SOURCES = ["pyproject.toml", "README.md", "couch_uno.py", "game", "rules", "assets"]
SOURCES += [p.name for p in ROOT.glob("requirements*.txt")]


def test_a_checkout_reads_its_top_level_folders():
    assert RULES_DIR == ROOT / "rules"
    assert DEFAULT_ASSETS_DIR == ROOT / "assets" / "layouts"


def test_an_installed_copy_reads_the_folders_it_carries(tmp_path):
    installed, checkout = tmp_path / "game" / "_data", tmp_path / "checkout"
    (installed / "rules").mkdir(parents=True)
    assert resources.data_dir("rules", installed, checkout) == installed / "rules"
    assert resources.data_dir("assets", installed, checkout) == checkout / "assets"


def test_the_package_lists_every_module_and_data_folder():
    """pyproject.toml lists the packages by hand (the data folders are mapped
    into the package): a new subpackage of game/ must be listed too."""
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "game").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    data = {package for package in SETUPTOOLS["package-dir"]}
    assert set(SETUPTOOLS["packages"]) == found | data
    assert SETUPTOOLS["package-dir"] == {
        "game._data.rules": "rules",
        "game._data.assets": "assets",
    }
    assert resources.INSTALLED == ROOT / "game" / "_data"


def test_the_dependencies_are_the_requirements_files():
    dynamic = SETUPTOOLS["dynamic"]
    assert dynamic["dependencies"] == {"file": ["requirements.txt"]}
    assert dynamic["optional-dependencies"]["dev"] == {"file": ["requirements-tools.txt"]}
    dev = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    included = [line for line in dev if line.startswith("-r")]
    assert included == ["-r requirements.txt", "-r requirements-tools.txt"]
    assert PYPROJECT["project"]["scripts"] == {"couch-uno": "couch_uno:main"}


@pytest.mark.slow
def test_pip_install_gives_a_working_couch_uno_command(tmp_path):
    """Build the wheel, install it into a fresh virtual environment (the
    dependencies come from this Python's site-packages, so no network is
    needed) and run the command from a folder far from the checkout."""
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name)
    for cache in source.rglob("__pycache__"):
        shutil.rmtree(cache)
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        + ["-w", str(dist), str(source)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    wheel = next(dist.glob("couch_uno-*.whl"))
    installed = subprocess.run(
        [bin_dir / "python", "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=away, env=env, capture_output=True, text=True)

    command = str(bin_dir / "couch-uno")
    described = run(command, "rules", "uno112", "house/stacking")
    assert described.returncode == 0, described.stderr
    assert described.stdout.startswith("UNO 112") and "  Stacking: " in described.stdout
    assert run(command, "check", "house/teams").returncode == 0
    played = run(command, "simulate", "--rules", "uno112", "--players", "3", "--games", "1")
    assert played.returncode == 0 and "games:" in played.stdout, played.stderr
    python = str(bin_dir / "python")
    where = run(
        python,
        "-c",
        "import game, game.files.resources as r, game.table.layout as l;"
        "print(game.__file__); print(r.RULES_DIR); print(len(l.load_layout(10).seats))",
    )
    assert where.returncode == 0, where.stderr
    package, rules, seats = where.stdout.split("\n")[:3]
    assert Path(package).is_relative_to(venv) and Path(rules).is_relative_to(venv)
    assert seats == "10"
    env["COUCH_UNO_ENGINE"] = "fast"
    refused = run(command, "rules", "classic")
    assert refused.returncode == 1
    assert refused.stderr == "couch-uno: COUCH_UNO_ENGINE is auto, python or compiled, not 'fast'\n"
