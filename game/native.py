"""The compiled engine: when `tools/build_engine.py` has compiled the engine's
hot modules with mypyc and the build matches the source, `game.engine`
imports them instead of the `.py` files. Same code, same results, about
twice as fast; without a build (or with a stale one) the source runs.

`COUCH_UNO_ENGINE` chooses: `auto` (the default: the build when it matches),
`python` (always the source) or `compiled` (the build, or an error saying
why not). `COUCH_UNO_ENGINE_DIR` points at another build directory (tests
build into a temporary one).

This lives outside `game/engine/` because choosing how to load the engine
means reading files, which the engine itself never does.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT / "build" / "engine"
# The modules every action runs through. The rest of the engine stays Python:
# effects and conditions (built on pydantic models, and naming the state only
# in annotations, which mypyc cannot compile), the decision-kind registry, the
# wording of refusals (run only for an action that was not offered), rule
# validation, scoring, the event and view types.
COMPILED_MODULES = (
    "rng",
    "actions",
    "pending",
    "cards",
    "flags",
    "state",
    "legality",
    "turn",
    "dealing",
    "flow",
)
GROUP = "couch_uno_engine"  # mypyc's name for the shared library of the group
STAMP = "stamp.json"


class EngineBuildError(RuntimeError):
    """`COUCH_UNO_ENGINE` asks for what cannot be had (a compiled engine
    without a matching build, or an unknown value)."""


def source_paths() -> list[Path]:
    return [ROOT / "game" / "engine" / f"{name}.py" for name in COMPILED_MODULES]


def fingerprint() -> dict:
    """What a build must match: the exact sources and this interpreter."""
    import hashlib  # OpenSSL's library: loaded only where a build is to be checked

    return {
        "python": sys.implementation.cache_tag,
        "suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
        "sources": {
            path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in source_paths()
        },
    }


def build_dir() -> Path:
    return Path(os.environ.get("COUCH_UNO_ENGINE_DIR") or DEFAULT_DIR)


def why_not_usable(directory: Path) -> str | None:
    """None when the build in `directory` matches the source; else the reason."""
    import json

    try:
        stamp = json.loads((directory / STAMP).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"there is no compiled engine in {directory} (python tools/build_engine.py)"
    except (OSError, ValueError) as err:
        return f"the compiled engine's {STAMP} is unreadable ({err}); build it again"
    if stamp != fingerprint():
        return "the compiled engine is older than the source or another Python's; build it again"
    missing = [
        path.name for path in _CompiledEngineFinder(directory).files.values() if not path.exists()
    ]
    if missing:
        return f"the compiled engine in {directory} lacks {', '.join(missing)}; build it again"
    return None


class _CompiledEngineFinder:
    """Finds the compiled module for `game.engine.NAME` and mypyc's shared library."""

    def __init__(self, directory: Path) -> None:
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        self.files = {
            f"game.engine.{name}": directory / "game" / "engine" / f"{name}{suffix}"
            for name in COMPILED_MODULES
        }
        self.files[f"{GROUP}__mypyc"] = directory / f"{GROUP}__mypyc{suffix}"

    def find_spec(self, fullname, path=None, target=None):
        found = self.files.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


_kind = "python"


def activate() -> str:
    """Install the compiled engine if asked for and usable; returns which engine runs."""
    global _kind
    mode = os.environ.get("COUCH_UNO_ENGINE", "auto")
    if mode not in ("auto", "python", "compiled"):
        raise EngineBuildError(f"COUCH_UNO_ENGINE is auto, python or compiled, not {mode!r}")
    if mode == "python" or any(isinstance(f, _CompiledEngineFinder) for f in sys.meta_path):
        return _kind
    directory = build_dir()
    reason = why_not_usable(directory)
    if reason is not None:
        if mode == "compiled":
            raise EngineBuildError(reason)
        return _kind
    sys.meta_path.insert(0, _CompiledEngineFinder(directory))
    _kind = "compiled"
    return _kind


def engine_kind() -> str:
    """ "compiled" or "python": what `game.engine` runs on in this process."""
    return _kind
