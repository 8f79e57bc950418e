"""One spelling for colour in identifiers: `color`, as the rule files and the
replay log write it (`colors:`, `"color": "red"`). Prose on screen and in
comments says "colour"; a name in code never does, so no function reads
`colour` and `color` side by side."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("game", "tests", "tools", "bench")


def test_identifiers_spell_color():
    found = []
    files = [p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")]
    for path in [*files, ROOT / "main.py"]:
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NAME and "olour" in token.string.lower():
                found.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {token.string}")
    assert not found, found
