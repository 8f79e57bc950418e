"""The documentation works as written: every shell command the README and the
pages under docs/ show runs, and every relative link and picture resolves.

A command is a line of a ```sh block, or an inline `python …` (`python3`,
`sh`, `bash`, `xvfb-run`, `pipx`, `couch-uno`, `pybabel`, `tools/….sh`) span
that is a whole command:
not a synopsis with placeholders (`FILE`, `[--json]`, `…`), not a bare
command name (`python main.py tournament` as the name of the command). Each
runs in a way that proves it valid and keeps this test quick:

- the game's own commands (`main.py check|rules|simulate|tournament|verify`)
  run in this process, with a few games where a page asks for thousands;
- a command that opens the window runs under SDL's dummy video driver and
  closes after its first frame (COUCH_UNO_FIRST_FRAME=exit);
- the benchmarks run as written, in their smoke mode (COUCH_UNO_BENCH=smoke,
  bench/workload.py: one small repetition of each measurement), the tools
  as written;
- `pip install -r …` runs as a dry run with no index: the requirements and
  the lock resolve to what is installed, or it fails;
- `tools/update_catalogs.sh` runs on a copy of the code, so the real
  catalogs are not touched.

The commands this test does not run are in NOT_RUN, each with the reason;
a new command that fits none of these ways fails the test until it is given
one. A page's `# file: NAME` YAML blocks are written to its folder first
(docs/modding.md builds its rule files that way), and its commands run
there in the order the page shows them.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "rules" / "README.md",
]
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.S | re.M)
INLINE = re.compile(r"`([^`]+)`")
COMMAND_WORDS = ("python", "python3", "sh", "bash", "xvfb-run", "pipx", "couch-uno", "pybabel")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")  # FILE, NAME, N, LOG...
GAME_COMMANDS = {"check", "rules", "simulate", "tournament", "verify", "replay", "play"}

_REVENGE = (
    "rules/README.md's example house rule is a file the reader writes into the game's own "
    "rules/ folder, which a test must not write to; docs/modding.md's guide, whose files "
    "this test writes to a folder of their own, runs the same commands"
)
# Commands a page shows that this test deliberately does not run, and why.
NOT_RUN = {
    "python3 -m pytest": "the suite itself; .ci/run runs it exactly as the README writes it "
    "(test_ci_runs_the_readmes_test_command)",
    "python3 -m pytest --thorough": "the whole suite at full depth: minutes",
    "python3 -m coverage run --source=game -m pytest -n 0": "the whole suite under "
    "coverage.py, in one process: minutes",
    "python3 -m coverage report": "reports what the coverage run before it measured",
    "python3 -m coverage report --include 'game/engine/*'": "the same report, of the engine",
    "python3 -m mypy": "half a minute of type checking; .ci/run runs it, and "
    "tests/test_types.py with --thorough",
    "sh tools/lock.sh": "rewrites requirements.lock from the package index (needs the "
    "network); tests/test_lock.py checks the lock it writes",
    "python3 -m pip install -r bench/requirements.txt": "installs rlcard from the package "
    "index (needs the network); only bench/engine.py uses it",
    "python3 tools/build_engine.py": "compiles the engine for two minutes; "
    "tests/engine/test_compiled.py builds it with --thorough",
    "python tools/build_engine.py": "the same build as python3 tools/build_engine.py",
    "python3 tools/build_engine.py --remove": "would delete the developer's own build",
    "python3 -m pip install .": "installs the game; tests/test_packaging.py installs it "
    "into a fresh virtual environment with --thorough",
    "python3 -m pip install '.[dev]'": "installs the game; see python3 -m pip install .",
    "pipx install .": "installs the game; see python3 -m pip install .",
    "couch-uno": "the installed command; tests/test_packaging.py runs it with --thorough",
    "python tools/house_rule_lab.py": "rewrites docs/house-rules.md from 10,000-round simulations",
    "python main.py check rules/house/revenge.yaml": _REVENGE,
    "python main.py rules uno112 house/revenge": _REVENGE,
    "python main.py simulate --rules uno112 --rules house/revenge": _REVENGE,
}
NOT_RUN_PREFIXES = {
    "xvfb-run ": "takes screenshots in a real window under Xvfb: minutes, and the "
    "pictures are looked at by a person (tools/screenshots.py)",
    "tools/screenshots.py ": "the same screenshots, named without the Xvfb that runs them",
}

# Flags whose values a page sets for a real measurement, and what is enough here.
SMALL = {
    "--games": "1",
    "--rounds": "2",
    "--frames": "5",
    "--runs": "1",
    "--matches": "1",
    "--batches": "1",
    "--playouts": "10",
    "--jobs": "1",
}


def _without_fences(text: str) -> str:
    return FENCE.sub("", text)


def _is_command(span: str) -> bool:
    words = span.split()
    script = bool(words) and re.match(r"(\./|tools/|bench/).*\.(sh|py)$", words[0]) is not None
    if not words or (words[0] not in COMMAND_WORDS and not script):
        return False
    if len(words) == 1 and words[0] != "couch-uno":
        return False  # "python" or "xvfb-run" as a word
    unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", "", span)
    if any(PLACEHOLDER.match(w) for w in words) or re.search(r"[][|…]|\.\.\.", unquoted):
        return False  # a synopsis
    # `python main.py tournament` names a command, it does not run one.
    return not (len(words) == 3 and words[1] == "main.py" and words[2] in GAME_COMMANDS)


def shown_commands(text: str) -> list[str]:
    """The page's commands in the order it shows them; `a && b` is two."""
    found: list[tuple[int, str]] = []
    for fence in FENCE.finditer(text):
        if fence.group(2) == "sh":
            for line in fence.group(3).splitlines():
                line = line.strip()
                if line and not line.startswith("#"):
                    found.append((fence.start(), line))
    masked = FENCE.sub(lambda m: " " * len(m.group(0)), text)
    for span in INLINE.finditer(masked):
        command = " ".join(span.group(1).split())
        if _is_command(command):
            found.append((span.start(), command))
    commands: list[str] = []
    for _, line in sorted(found, key=lambda pair: pair[0]):
        line = re.sub(r"\s+#.*$", "", line)  # a comment after the command
        commands += [part.strip() for part in line.split("&&") if part.strip() not in commands]
    return commands


def _reason_not_run(command: str) -> str | None:
    if command in NOT_RUN:
        return NOT_RUN[command]
    return next(
        (why for prefix, why in NOT_RUN_PREFIXES.items() if command.startswith(prefix)), None
    )


def _small(args: list[str]) -> list[str]:
    args = list(args)
    for i, arg in enumerate(args[:-1]):
        if arg in SMALL:
            args[i + 1] = SMALL[arg]
    return args


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "COUCH_UNO_FIRST_FRAME": "exit",  # a window closes after its first frame
        "COUCH_UNO_BENCH": "smoke",  # a benchmark measures once, and little
        "COUCH_UNO_PREFS": str(tmp_path / "prefs"),
        "COUCH_UNO_SCREENSHOTS": str(tmp_path),  # pictures go here, not into docs/
        "PYTHONPATH": str(ROOT),
    }


def _game_in_process(args: list[str], monkeypatch, folder: Path) -> tuple[int, str]:
    from game.cli import main

    monkeypatch.chdir(folder)
    out = StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(out):
            status = main(args)
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        i18n.set_language("en")
    return status, out.getvalue()


def _run(command: str, folder: Path, tmp_path: Path, monkeypatch) -> tuple[int, str]:
    """Run one shown command as the module docstring says; its status and output."""
    words = shlex.split(command)
    program, args = words[0], words[1:]
    if program.startswith("python") and args[:1] == ["-m"]:
        if args[1] == "pip" and args[2] == "install":
            args = ["-m", "pip", "install", "--dry-run", "--no-index", *args[3:]]
    elif program.startswith("python"):
        script = args[0]
        script_path = ROOT / script
        assert script_path.is_file(), f"{command}: no {script}"
        rest = args[1:]
        if script == "main.py" and not _opens_window(rest):
            rest = [*_small(rest), *(["--jobs", "1"] if rest[0] == "tournament" else [])]
            return _game_in_process(_globbed(rest, folder), monkeypatch, folder)
        elif script.startswith("bench/"):
            rest = _small(rest)
            if script == "bench/engine.py" and not _has("rlcard"):
                rest += ["--just", "log"]  # rlcard's side needs bench/requirements.txt
        args = [str(script_path), *rest]
    elif program in ("sh", "bash"):
        assert command == "bash tools/update_catalogs.sh", f"{command}: no way to run it"
        folder = _copy_for_catalogs(tmp_path)
        args = ["tools/update_catalogs.sh"]
        run = subprocess.run(
            ["bash", *args], cwd=folder, env=_catalog_env(), capture_output=True, text=True
        )
        return run.returncode, run.stdout + run.stderr
    else:
        raise AssertionError(f"{command}: no way to run it here; add one, or a reason to NOT_RUN")
    run = subprocess.run(
        [sys.executable, *args],
        cwd=folder,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    return run.returncode, run.stdout + run.stderr


def _opens_window(args: list[str]) -> bool:
    """Whether `main.py ARGS` opens the game's window (no command, `play`, `replay`)."""
    if "--help" in args or "-h" in args:
        return False
    words = [a for i, a in enumerate(args) if a != "--lang" and args[i - 1 : i] != ["--lang"]]
    return not words or words[0] in ("play", "replay")


def _globbed(args: list[str], folder: Path) -> list[str]:
    """`rules/house/*.yaml` as a shell gives it."""
    out: list[str] = []
    for arg in args:
        out += sorted(str(p.relative_to(folder)) for p in folder.glob(arg)) if "*" in arg else [arg]
    return out


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _catalog_env() -> dict[str, str]:
    """tools/update_catalogs.sh runs Babel through this interpreter (`PYTHON`), with
    a PATH that holds no `pybabel`: the project's Python may be a virtual
    environment's, not activated."""
    return {**os.environ, "PYTHON": sys.executable, "PATH": os.pathsep.join(("/usr/bin", "/bin"))}


def test_the_catalog_script_needs_no_pybabel_on_the_path(tmp_path):
    folder = _copy_for_catalogs(tmp_path)
    run = subprocess.run(
        ["bash", "tools/update_catalogs.sh"],
        cwd=folder,
        env=_catalog_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr

    def template(root: Path) -> list[str]:
        lines = (root / "game" / "locale" / "couch_uno.pot").read_text(encoding="utf-8")
        return [line for line in lines.splitlines() if "POT-Creation-Date" not in line]

    assert template(folder) == template(ROOT)


def _copy_for_catalogs(tmp_path: Path) -> Path:
    """What tools/update_catalogs.sh reads and writes, copied."""
    copy = tmp_path / "catalogs"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "babel.cfg", copy / "babel.cfg")
    (copy / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "update_catalogs.sh", copy / "tools")
    return copy


def _write_files(text: str, folder: Path) -> None:
    for fence in FENCE.finditer(text):
        body = fence.group(3)
        first = body.splitlines()[0] if body else ""
        if fence.group(2) == "yaml" and first.startswith("# file: "):
            (folder / first.removeprefix("# file: ").strip()).write_text(body, encoding="utf-8")


def _documented_runs() -> list:
    """One test per command a page shows, so the workers share them out; a page
    that writes files for its commands (`# file:` blocks) is one test that runs
    them in its order. A command two pages show runs once, under the first."""
    runs = []
    seen: set[str] = set()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        name = str(page.relative_to(ROOT))
        commands = [c for c in shown_commands(text) if _reason_not_run(c) is None]
        if "# file: " in text:
            runs.append(pytest.param(page, commands, id=name))
            continue
        for command in commands:
            if command not in seen:
                seen.add(command)
                runs.append(pytest.param(page, [command], id=f"{name}: {command}"))
    return runs


@pytest.mark.parametrize(("page", "commands"), _documented_runs())
def test_every_command_a_page_shows_runs(page, commands, tmp_path, monkeypatch):
    text = page.read_text(encoding="utf-8")
    folder = ROOT
    if "# file: " in text:  # the page's commands use its files
        folder = tmp_path / "page"
        folder.mkdir()
        _write_files(text, folder)
    failed = []
    pictures = ROOT / "docs" / "screenshots"
    before = {p.name: p.stat().st_mtime_ns for p in pictures.glob("*.png")}
    for command in commands:
        status, output = _run(command, folder, tmp_path, monkeypatch)
        after = {p.name: p.stat().st_mtime_ns for p in pictures.glob("*.png")}
        if after != before:  # a tool that forgot COUCH_UNO_SCREENSHOTS
            rewritten = sorted(name for name, when in after.items() if before.get(name) != when)
            failed.append(f"$ {command}\nrewrote docs/screenshots: {rewritten}")
            before = after
        if status != 0 or "Traceback" in output:
            if "pip install" in command:
                output += "\n(does what is installed differ from requirements.lock? "
                output += "The README's install command installs what it pins.)"
            failed.append(f"$ {command}\n(status {status})\n{output[-2000:]}")
    assert not failed, "\n\n".join(failed)


def test_every_page_with_commands_has_its_runs():
    """Each page's shown commands are all given a run (a page whose commands
    were all deduplicated away, or dropped by the split, would pass unseen)."""
    ran = {c for run in _documented_runs() for c in run.values[1]}
    for page in PAGES:
        shown = shown_commands(page.read_text(encoding="utf-8"))
        assert {c for c in shown if _reason_not_run(c) is None} <= ran, page


def test_the_pages_show_the_commands_they_are_about():
    """The shown commands are found (a page rewritten into another form of
    code block would otherwise pass by running nothing)."""
    readme = shown_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "python3 -m pip install -r requirements.txt -c requirements.lock" in readme
    assert "python3 main.py" in readme
    assert "python3 -m pytest" in readme
    modding = shown_commands((ROOT / "docs" / "modding.md").read_text(encoding="utf-8"))
    assert "python main.py check hot-potato.yaml" in modding
    assert "python main.py replay potato.jsonl" in modding
    contributing = shown_commands((ROOT / "docs" / "contributing.md").read_text(encoding="utf-8"))
    assert "bash tools/update_catalogs.sh" in contributing
    assert "sh tools/lock.sh" in contributing
    benchmarks = shown_commands((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"))
    assert sum(c.startswith("python main.py tournament") for c in benchmarks) >= 4


def test_every_command_not_run_is_still_shown():
    """NOT_RUN lists only commands a page shows, so it cannot grow stale."""
    shown = {c for page in PAGES for c in shown_commands(page.read_text(encoding="utf-8"))}
    assert set(NOT_RUN) <= shown, sorted(set(NOT_RUN) - shown)


def test_a_synopsis_or_a_commands_name_is_not_run():
    assert not _is_command("python main.py replay FILE")
    assert not _is_command("python main.py simulate --rules NAME [--json]")
    assert not _is_command("python main.py tournament")
    assert _is_command("tools/update_catalogs.sh --check")
    assert _is_command("pybabel extract -F babel.cfg -o game/locale/couch_uno.pot .")
    assert _is_command("python3 -m pip install '.[dev]'")
    assert _is_command("python main.py rules classic --lang fi")
    assert shown_commands("```sh\npip --version && python3 main.py  # opens it\n```\n") == [
        "pip --version",
        "python3 main.py",
    ]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test = (
        "python3 -m pip install -r requirements-dev.txt -c requirements.lock && python3 -m pytest"
    )
    assert f"```sh\n{test}\n```" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    # CI's copy may only quieten pip.
    assert test in [line.replace("pip install -q ", "pip install ") for line in ci.splitlines()]


# --- links ------------------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """GitHub's anchor for each heading of a page."""
    anchors = set()
    for line in _without_fences(page.read_text(encoding="utf-8")).splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", heading).replace(" ", "-"))
    return anchors


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_picture_resolves(page):
    broken = []
    for target in LINK.findall(_without_fences(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
            broken.append(f"{target}: no heading '{anchor}' in {file.relative_to(ROOT)}")
    assert not broken, broken


def test_the_anchor_of_a_heading_is_githubs():
    page = ROOT / "docs" / "playing.md"
    assert {"controllers-one-per-player", "the-command-line"} <= _anchors(page)


# --- our words, not our tracker's ----------------------------------------------------------

TRACKER = re.compile(r"\bissue\s*\d", re.I)
SECTION = re.compile(r"§\s*\d")  # fine where the line cites docs/rules.md


def test_no_tracker_numbers_in_code_tests_or_docs():
    """Code, tests and docs say what they mean ("the official rules: …"), never
    "issue N §M": the tracker's numbers mean nothing to the next reader. The
    sections of docs/rules.md are cited as `docs/rules.md §N` (tests/test_citations.py)."""
    found = []
    folders = ["game", "tests", "docs", "tools", "bench", "rules"]
    files = [ROOT / "README.md"]
    for folder in folders:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".yaml")]
    for file in files:
        text = file.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            cited = TRACKER.search(line) or (SECTION.search(line) and "rules.md" not in line)
            if cited and file != Path(__file__):
                found.append(f"{file.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
