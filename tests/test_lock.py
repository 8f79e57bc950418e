"""requirements.lock pins everything the README's commands install, so a new
release of a dependency cannot change a fresh install until tools/lock.sh is
run again (and the tests with it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements(path: Path) -> set[str]:
    """The projects a requirements file names, following its -r includes."""
    names: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            names |= _requirements(path.parent / line[3:].strip())
        elif line and not line.startswith("-"):
            match = _NAME.match(line)
            assert match, line
            names.add(_canonical(match.group()))
    return names


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", " ")):
            name, _, version = line.partition("==")
            assert version, f"requirements.lock: {line!r} is not pinned with =="
            pins[_canonical(name)] = version
    return pins


def test_the_lock_pins_every_requirement():
    missing = _requirements(ROOT / "requirements-dev.txt") - set(_pins())
    assert not missing, f"not in requirements.lock (run sh tools/lock.sh): {sorted(missing)}"


def test_the_readme_and_ci_install_through_the_lock():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installs = re.findall(r"pip install [^\n&]*-r requirements[^\n&]*", readme + ci)
    assert installs
    for command in installs:
        assert "-c requirements.lock" in command, command
