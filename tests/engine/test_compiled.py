"""The compiled engine (tools/build_engine.py, game/native.py): built from the
source on this machine, it must play the golden logs and a seeded sample over
every rule set byte for byte as the source does and pass every engine test
(both with `--thorough`: the build is the slowest step there is); a build that
no longer matches the source is never used (every run)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game import native
from tests.engine import sample_logs

ROOT = Path(__file__).resolve().parents[2]

inner_run = pytest.mark.skipif(
    os.environ.get("COUCH_UNO_ENGINE") == "compiled",
    reason="this run is the compiled one; building again from inside it proves nothing",
)


def _python(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


_SHOW = "import game.native as n, game.engine.flow as f; print(n.engine_kind(), f.__file__)"


def _can_compile() -> bool:
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(os.environ.get("CC", "cc")) is not None and headers.exists()


needs_compiler = pytest.mark.skipif(
    not _can_compile(), reason="needs a C compiler and Python.h (Debian: gcc python3-dev)"
)
# The tests that use the build share one worker (one build), and start first:
# building is the longest step of the suite (tests/conftest.py).
on_the_build = pytest.mark.xdist_group("compiled-engine")


@pytest.fixture(scope="module")
def compiled_env(tmp_path_factory) -> dict[str, str]:
    """A fresh build of the engine from today's source, and the environment that runs it."""
    out = tmp_path_factory.mktemp("build") / "engine"
    built = subprocess.run(
        [sys.executable, "tools/build_engine.py", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    env = {"COUCH_UNO_ENGINE": "compiled", "COUCH_UNO_ENGINE_DIR": str(out)}
    shown = _python(_SHOW, **env)
    kind, flow_file = shown.stdout.split()
    assert kind == "compiled" and flow_file.startswith(str(out)), shown.stdout + shown.stderr
    return env


@inner_run
@needs_compiler
@on_the_build
@pytest.mark.slow  # building takes two minutes of the two the quick run may take
def test_compiled_engine_plays_the_golden_logs_and_a_sample_alike(compiled_env):
    """The golden logs, and a seeded sample of games over every rule set, come
    out of the compiled engine byte for byte as out of the source."""
    golden = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "tests/engine/test_golden.py",
        ],
        cwd=ROOT,
        env={**os.environ, **compiled_env},
        capture_output=True,
        text=True,
    )
    assert golden.returncode == 0, golden.stdout[-4000:] + golden.stderr[-2000:]
    compiled = _python(
        "from tests.engine.sample_logs import digest; print(digest())", **compiled_env
    )
    assert compiled.returncode == 0, compiled.stderr[-2000:]
    assert compiled.stdout.strip() == sample_logs.digest()


@inner_run
@needs_compiler
@on_the_build
@pytest.mark.slow
def test_compiled_engine_passes_the_engine_tests(compiled_env):
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-n", "0"]
        + ["tests/engine"],
        cwd=ROOT,
        env={**os.environ, **compiled_env},
        capture_output=True,
        text=True,
    )
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]


def _fake_build(directory: Path, stamp: dict) -> None:
    directory.mkdir(parents=True)
    (directory / native.STAMP).write_text(json.dumps(stamp), encoding="utf-8")


def test_a_build_older_than_the_source_is_not_used(tmp_path):
    stamp = native.fingerprint()
    stamp["sources"]["flow.py"] = "0" * 64  # flow.py was edited after the build
    _fake_build(tmp_path / "engine", stamp)
    directory = str(tmp_path / "engine")
    assert "older than the source" in native.why_not_usable(tmp_path / "engine")
    auto = _python(_SHOW, COUCH_UNO_ENGINE="auto", COUCH_UNO_ENGINE_DIR=directory)
    assert auto.stdout.split()[0] == "python"
    assert auto.stdout.split()[1].endswith("flow.py")
    asked = _python(_SHOW, COUCH_UNO_ENGINE="compiled", COUCH_UNO_ENGINE_DIR=directory)
    assert asked.returncode != 0
    assert "older than the source" in asked.stderr


def _command(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


def test_a_missing_build_is_named_when_asked_for(tmp_path):
    """Importing `game` raises (never exits the process); the command says why in one line."""
    asked = _python(_SHOW, COUCH_UNO_ENGINE="compiled", COUCH_UNO_ENGINE_DIR=str(tmp_path))
    assert asked.returncode != 0
    assert "EngineBuildError: there is no compiled engine" in asked.stderr
    assert "SystemExit" not in asked.stderr
    command = _command(
        "rules", "classic", COUCH_UNO_ENGINE="compiled", COUCH_UNO_ENGINE_DIR=str(tmp_path)
    )
    assert command.returncode == 1 and not command.stdout
    assert command.stderr.startswith("couch-uno: there is no compiled engine")
    assert "build_engine.py" in command.stderr and "Traceback" not in command.stderr


def test_an_unknown_engine_choice_is_refused_by_name():
    command = _command("rules", "classic", COUCH_UNO_ENGINE="fast")
    assert command.returncode == 1
    assert (
        command.stderr.strip()
        == "couch-uno: COUCH_UNO_ENGINE is auto, python or compiled, not 'fast'"
    )


def test_a_build_missing_a_module_is_not_used(tmp_path):
    _fake_build(tmp_path / "engine", native.fingerprint())  # a stamp, no modules
    reason = native.why_not_usable(tmp_path / "engine")
    assert "lacks" in reason and "flow" in reason
    auto = _python(_SHOW, COUCH_UNO_ENGINE="auto", COUCH_UNO_ENGINE_DIR=str(tmp_path / "engine"))
    assert auto.returncode == 0 and auto.stdout.startswith("python")


def test_an_unreadable_stamp_is_a_reason_not_a_crash(tmp_path):
    (tmp_path / native.STAMP).write_bytes(b"\xff\x00 not json")
    assert "unreadable" in native.why_not_usable(tmp_path)
    auto = _python(_SHOW, COUCH_UNO_ENGINE="auto", COUCH_UNO_ENGINE_DIR=str(tmp_path))
    assert auto.returncode == 0 and auto.stdout.startswith("python")


def test_the_engine_runs_as_requested():
    import game.engine.flow as flow

    compiled = not flow.__file__.endswith(".py")
    assert compiled == (native.engine_kind() == "compiled")
    if os.environ.get("COUCH_UNO_ENGINE") == "compiled":
        assert compiled
    if os.environ.get("COUCH_UNO_ENGINE") == "python":
        assert not compiled
