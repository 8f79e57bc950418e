"""Docs and comments cite files inside the project: a reader of the repository
has every page a citation names, and the rule digest's sections and headings
that code and tests quote exist in it (docs/rules.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT_SUFFIXES = {".py", ".md", ".yaml", ".toml", ".txt"}
SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache"}


def _texts():
    for path in ROOT.rglob("*"):
        inside = path.relative_to(ROOT).parts
        if path.suffix in TEXT_SUFFIXES and not SKIP & set(inside) and path.is_file():
            yield path, path.read_text(encoding="utf-8", errors="replace")


def _sections() -> dict[str, str]:
    """docs/rules.md by its numbered sections: '1' -> the section's text."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (\d+)\. ", text, flags=re.M)
    return {number: body for number, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_no_citation_points_outside_the_project():
    outside = re.compile(r"\.\./shared|/work/|(?<![\w/])RULES\.md")
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
        for path, text in _texts()
        if path.name != "test_citations.py"
        for match in outside.finditer(text)
    ]
    assert not found, found


def test_every_docs_page_cited_exists():
    cited = re.compile(r"\bdocs/[\w./-]+\.md\b")
    missing = sorted(
        f"{path.relative_to(ROOT)}: {match.group()}"
        for path, text in _texts()
        for match in cited.finditer(text)
        if not (ROOT / match.group()).exists()
    )
    assert not missing, missing


def test_quoted_headings_of_the_rule_digest_exist():
    sections = _sections()
    quote = re.compile(r"docs/rules\.md\s+§(\d+)(?:\s+['\"]([^'\"]+)['\"])?")
    wrong = []
    for path, text in _texts():
        for match in quote.finditer(text):
            number, heading = match.groups()
            body = sections.get(number)
            if body is None:
                wrong.append(f"{path.relative_to(ROOT)}: §{number} is no section")
            elif heading and heading.split("(")[0].strip().lower() not in body.lower():
                wrong.append(f"{path.relative_to(ROOT)}: §{number} has no '{heading}'")
    assert not wrong, wrong
