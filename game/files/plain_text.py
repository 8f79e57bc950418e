"""Text from a file someone shared, made safe to print or show.

A rule set's name, a log's player names, a path: any of it may hold control
or format characters that would steer a terminal (ESC, BEL, a carriage
return), reorder or hide text (bidirectional and zero-width marks), or forge
a second `file:line:column:` line. `printable` writes each such character as
an escape (`\\x1b`, `\\u202e`) and cuts long text with an ellipsis. The screen
draws text through game/ui/text.py, which shows a visible placeholder instead.
"""

from __future__ import annotations

import unicodedata

DEFAULT_LIMIT = 120


def printable(
    text: object, limit: int | None = DEFAULT_LIMIT, *, keep_newlines: bool = False
) -> str:
    """`text` with every control and format character escaped, cut to `limit`
    characters (None: no cut); `keep_newlines` keeps line breaks as they are."""
    if keep_newlines:
        return "\n".join(printable(line, limit) for line in str(text).split("\n"))
    text = str(text)
    cut = limit is not None and len(text) > limit
    if cut:
        text = text[:limit]
    if not text.isprintable():
        text = "".join(_escaped(char) for char in text)
    return text + ("…" if cut else "")


def _escaped(char: str) -> str:
    if char == " " or unicodedata.category(char)[0] not in "CZ":
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
