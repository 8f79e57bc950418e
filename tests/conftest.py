"""Every test runs headless: no window, no sound device, no pygame banner.

Two depths of testing. The default run (the README's test command, and CI)
is quick: property tests draw fewer examples, the tests that play many
games play fewer (tests/depth.py), and tests marked `slow` are skipped.
`python -m pytest --thorough` draws the full number of examples and runs
the slow tests too (the compiled engine against every engine test, for
one): run it before a release or after touching the engine.

The suite runs on every core (pytest-xdist: `-n auto --dist loadgroup` in
pyproject.toml), so a test keeps its files in its own temp folder and its
settings in its own COUCH_UNO_PREFS (the `prefs` fixture below); tests that
must not run at the same time share an `xdist_group`.

The game parses a rule file once per process (game/rules/yamlsafe.py keeps
what it parsed, by content): tests load classic.yaml under every house-rule
mix, and parsing it again each time was most of the suite's time.
"""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The suite starts dozens of Python processes (the documented commands, the
# benchmarks' smoke runs, the save-kill and SIGTERM children, the workers).
# Where PYTHONDONTWRITEBYTECODE is set (this project's CI machine sets it),
# each compiled the whole game again from source: about 30 s of the quick
# run's CPU. The bytecode goes to one ignored folder instead of beside the
# sources, which is what that setting usually protects.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None or sys.dont_write_bytecode:
    _BYTECODE = Path(__file__).resolve().parents[1] / ".pycache"
    os.environ["PYTHONPYCACHEPREFIX"] = str(_BYTECODE)
    sys.pycache_prefix = str(_BYTECODE)
    sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English words, whatever the machine's locale says
# (child processes too); tests of the locale pass their own environment.
os.environ["LANGUAGE"] = "en"

_LENIENT = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("quick", deadline=None, suppress_health_check=_LENIENT)
settings.register_profile("thorough", deadline=None, suppress_health_check=_LENIENT)


@pytest.fixture(autouse=True)
def prefs(tmp_path, monkeypatch):
    """Settings and saved replays go to the test's own temp folder, never the
    user's (and never another test's: the suite runs on several workers)."""
    monkeypatch.setenv("COUCH_UNO_PREFS", str(tmp_path / "prefs"))
    return tmp_path / "prefs"


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English and leaves the language as it found it."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def target_kind(monkeypatch):
    """A decision kind of a card's own, declared for the test
    (tests/support/target_kind.py)."""
    from tests.support.target_kind import declared_target

    yield from declared_target(monkeypatch)


def pytest_addoption(parser):
    parser.addoption(
        "--thorough",
        action="store_true",
        help="full hypothesis example counts, and the tests marked slow",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: runs only with --thorough")
    config.addinivalue_line(
        "markers", "newcomers: a scene test whose players have never finished a match"
    )
    thorough = config.getoption("--thorough") or os.environ.get("COUCH_UNO_TESTS") == "thorough"
    # Subprocesses that run pytest again (the compiled-engine check) inherit the depth.
    os.environ["COUCH_UNO_TESTS"] = "thorough" if thorough else "quick"
    settings.load_profile(os.environ["COUCH_UNO_TESTS"])


def pytest_collection_modifyitems(config, items):
    # The longest tests are grouped on one worker (xdist_group); they go first,
    # so that the other worker takes everything else meanwhile instead of the
    # run ending on a long test started last.
    items.sort(key=lambda item: item.get_closest_marker("xdist_group") is None)
    if os.environ.get("COUCH_UNO_TESTS") == "thorough":
        return
    skip = pytest.mark.skip(reason="slow: run with --thorough")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
