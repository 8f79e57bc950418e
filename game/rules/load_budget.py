"""How much one rule set may make the loader read, all its files together.

Each file is bounded on its own (game/rules/yamlsafe.py: 1 MiB, 100,000
values, 64 levels), but a rule set is every file it reaches through
`extends:`, and small files extending two more each reach many: 97 files of
a few hundred bytes, each expanding to 92,000 values by aliases, once took
gigabytes. So one load of a rule set (game/rules/loader.py `load_rules`)
reads at most `MAX_FILES` files, `MAX_BYTES` bytes and `MAX_VALUES` values
in all, counted, not timed, so a pack is refused the same way on every
machine. A file is read once however many files extend it (a diamond of
`extends:` does not multiply), and all the later work of the load (layering,
the checks across files, the validation) is a pass over what was read, so
these counts bound it too.
"""

from __future__ import annotations

from game.files.reading import size_text

MAX_FILES = 64
MAX_BYTES = 4 * 1024 * 1024
MAX_VALUES = 200_000


class LoadBudget:
    """What one load has read so far; each method says why a file would take
    it past a bound (the text of the refusal), or None."""

    def __init__(self) -> None:
        self.files = 0
        self.bytes = 0
        self.values = 0
        self.spent = False  # refused once: nothing more is read

    def before_reading(self, size: int) -> str | None:
        """Count a file of `size` bytes about to be read."""
        self.files += 1
        self.bytes += size
        if self.files > MAX_FILES:
            return self._refuse(
                f"this rule set reaches more than {MAX_FILES} files: a rule set and every"
                f" file it extends are at most {MAX_FILES} files together"
            )
        if self.bytes > MAX_BYTES:
            return self._refuse(
                f"the files of this rule set are larger than {size_text(MAX_BYTES)} together"
            )
        return None

    def after_reading(self, values: int) -> str | None:
        """Count the `values` a file read holds (aliases expanded)."""
        self.values += values
        if self.values > MAX_VALUES:
            return self._refuse(
                f"the files of this rule set hold more than {MAX_VALUES:,} values together"
                " (aliases expanded)"
            )
        return None

    def _refuse(self, why: str) -> str:
        self.spent = True
        return why
