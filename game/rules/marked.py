"""Plain data read from a rule file, with the place of every value in it.

A `LoadedYaml` is what the rest of the rules package gets from a file: its data
and, for any path into it (a pydantic error's ``loc``, a key the loader or a
clash check looks at), the ``line:column`` to report. Reading a file into one,
safely and within bounds, is game/rules/yamlsafe.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.errors import RuleError

Path = tuple[str | int, ...]
Mark = tuple[int, int]
PlainData = dict | list | str | int | float | bool | None

START_MARK: Mark = (1, 1)  # the start of the file: where a path with no place points


@dataclass(frozen=True)
class LoadedYaml:
    """Plain data loaded from one YAML document, with the place of every value.

    ``data`` holds only dicts, lists, str, int, float, bool and None.

    Places are 1-based ``(line, column)`` pairs keyed by *path*: a tuple of dict keys
    (``str`` or ``int``) and list indexes (``int``), as in a pydantic error's ``loc``.
    ``()`` is the whole document.

    * ``marks[path]`` is where the entry starts: the **key** for a mapping entry
      (where "unknown key" and "missing key" errors belong), the item itself for a
      list item, the root node for ``()``.
    * ``value_marks[path]`` is where the value itself starts.
    * A value reached through an alias (``*name``) is placed at the alias; the
      entries inside it, and entries copied by a merge key (``<<``), are placed
      where they are written, since that is the text to edit.

    :meth:`mark` and :meth:`value_mark` accept paths that do not exist (say, the
    ``loc`` of a missing key) and answer with the place of the longest existing
    prefix of the path.
    """

    data: PlainData
    filename: str
    marks: dict[Path, Mark] = field(repr=False)
    value_marks: dict[Path, Mark] = field(repr=False)

    def mark(self, path: Sequence[str | int]) -> Mark:
        """Where the entry at ``path`` starts (its key, for a mapping entry)."""
        return _longest_prefix_mark(self.marks, tuple(path))

    def value_mark(self, path: Sequence[str | int]) -> Mark:
        """Where the value at ``path`` starts."""
        return _longest_prefix_mark(self.value_marks, tuple(path))

    def error_at(self, path: Sequence[str | int], message: str) -> RuleError:
        """A :class:`RuleError` in this file at ``mark(path)``; ``message`` is kept as given."""
        line, column = self.mark(path)
        return RuleError(self.filename, line, column, message)


def _longest_prefix_mark(marks: dict[Path, Mark], path: Path) -> Mark:
    for length in range(len(path), -1, -1):
        found = marks.get(path[:length])
        if found is not None:
            return found
    return START_MARK
