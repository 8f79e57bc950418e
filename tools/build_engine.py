"""Compile the engine's hot modules with mypyc, for simulations at twice the speed.

    python tools/build_engine.py            # build into build/engine/
    python tools/build_engine.py --out DIR  # build somewhere else
    python tools/build_engine.py --remove   # go back to the Python engine

Needs a C compiler and Python's headers (Debian: gcc, python3-dev) and the
development requirements (mypy, setuptools). The game, the tests and the
benchmarks pick the build up by themselves while it matches the source
(`game/native.py`); editing an engine file makes them use the source again
until the next build. Nothing else changes: the same seed and actions give
the same log, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ["COUCH_UNO_ENGINE"] = "python"  # building reads the source, never an old build
from game import native  # noqa: E402

# Runs in a child process: setuptools' setup() ends the process on errors.
_SETUP = textwrap.dedent(
    """
    import sys
    from mypyc.build import mypycify
    from setuptools import setup

    out, temp, *paths = sys.argv[1:]
    setup(
        name="couch-uno-engine",
        packages=[],
        ext_modules=mypycify(paths, opt_level="3", group_name={group!r}),
        script_args=["build_ext", "--build-lib", out, "--build-temp", temp, "-q"],
    )
    """
)


def build(out: Path) -> None:
    # (On Windows setuptools finds MSVC by itself; elsewhere it calls `cc`.)
    if os.name == "posix" and shutil.which(os.environ.get("CC", "cc")) is None:
        raise SystemExit("no C compiler found (Debian: apt-get install gcc python3-dev)")
    out = out.resolve()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    paths = [str(path.relative_to(ROOT)) for path in native.source_paths()]
    with tempfile.TemporaryDirectory() as temp:
        done = subprocess.run(
            [sys.executable, "-c", _SETUP.format(group=native.GROUP), str(out), temp, *paths],
            cwd=ROOT,  # mypyc names modules by their path from here, and reads pyproject.toml
            capture_output=True,
            text=True,
        )
    if done.returncode != 0:
        shutil.rmtree(out, ignore_errors=True)
        raise SystemExit(f"the build failed:\n{done.stdout}{done.stderr}")
    # The stamp goes last: a build interrupted before it is never used.
    (out / native.STAMP).write_text(json.dumps(native.fingerprint(), indent=1), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=native.DEFAULT_DIR)
    parser.add_argument("--remove", action="store_true", help="delete the build")
    args = parser.parse_args(argv)
    if args.remove:
        shutil.rmtree(args.out, ignore_errors=True)
        print(f"removed {args.out}; the engine runs from its Python source")
        return 0
    build(args.out)
    print(f"compiled {', '.join(native.COMPILED_MODULES)} into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
