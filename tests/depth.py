"""How much work a test does: all of it with `--thorough`, a bounded share in
the default quick run (see tests/conftest.py).

`examples(N)` is a hypothesis `max_examples`: N in a thorough run, a fifth
of it (at least 5) otherwise, or `quick` where a test gives its own quick
count (the tests that play whole matches, whose examples cost the most).
`work(full, quick)` is any other size: frames, games, rounds."""

import os


def thorough() -> bool:
    return os.environ.get("COUCH_UNO_TESTS") == "thorough"


def examples(full: int, quick: int | None = None) -> int:
    """`full` examples in a thorough run; `quick` (default: a fifth, at least 5) otherwise."""
    if thorough():
        return full
    return quick if quick is not None else max(5, full // 5)


def work(full: int, quick: int) -> int:
    """`full` in a thorough run, `quick` otherwise."""
    return full if thorough() else quick
