"""Recording what a screen draws: `recorded(monkeypatch, text, "render")`
wraps the function and returns the list its first arguments (the words) are
appended to, call by call; several functions may feed one list."""

from __future__ import annotations

from typing import Any


def recorded(monkeypatch, owner: Any, *names: str, into: list | None = None) -> list:
    """Each call of `owner.<name>` (for every name) appends its first argument
    to the returned list (`into`, if given) and then does what it did."""
    calls: list = [] if into is None else into
    for name in names:
        real = getattr(owner, name)

        def spy(first, *args, _real=real, **kwargs):
            calls.append(first)
            return _real(first, *args, **kwargs)

        monkeypatch.setattr(owner, name, spy)
    return calls
