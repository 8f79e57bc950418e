"""How many examples a property test draws: all of them with `--thorough`,
a fifth (at least a handful) in the default quick run (see tests/conftest.py)."""

import os


def thorough() -> bool:
    return os.environ.get("COUCH_UNO_TESTS") == "thorough"


def examples(full: int) -> int:
    """`full` examples in a thorough run; a fifth of them, at least 5, otherwise."""
    return full if thorough() else max(5, full // 5)
