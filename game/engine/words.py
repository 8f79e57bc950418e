"""Words a rule file gives players, in the game's five languages.

A card kind's `label:`, a colour's `label:`, a rule set's `name:` and
`description:` and a house rule's one-line text are each written either as
plain text or as a mapping of language codes to text:

    label: Draw Two
    label: {en: Draw Two, tr: İki Kart Çek, fi: Nosta kaksi}

Plain text is the English, and what every language shows. In a mapping the
English (`en:`) is required, after layering: it is what logs, messages and
tests read, and what a language the mapping leaves out shows instead.

Layered over words below it, a mapping without `en:` adds or changes
languages of those words (plain text below counts as their English); new
English, plain or in a mapping, replaces the words below with every
language: the old translations were of the old words.

A `Words` *is* its English text (a `str`), so everything that reads a label
as English keeps working; `in_language(code)` gives the text for a language.
The rules never depend on the language: names (`red:7`), logs and events are
the same whatever the players read. How a rule file may write words, and
their limits, is the file format's: game/rules/words_schema.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ENGLISH = "en"
# The languages the game speaks, as the codes rule files and the language
# setting write: English, Turkish, Finnish, Greek, Estonian.
LANGUAGES = (ENGLISH, "tr", "fi", "el", "et")


class Words(str):
    """Text players read: the English (this `str`) and any other languages.

    Equality and hashing are the English text's, as for any `str`."""

    _texts: dict[str, str]

    def __new__(cls, english: str, translations: Mapping[str, str] | None = None) -> Words:
        self = super().__new__(cls, english)
        texts = {ENGLISH: english}
        texts.update((code, text) for code, text in (translations or {}).items() if code != ENGLISH)
        self._texts = texts
        return self

    def in_language(self, code: str = ENGLISH) -> str:
        """The text for language `code`; the English where the file gives none."""
        return self._texts.get(code, str(self))

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the file writes this text in, English first."""
        return tuple(self._texts)

    def to_data(self) -> str | dict[str, str]:
        """As a rule file writes it: plain text when it is English only."""
        return str(self) if len(self._texts) == 1 else dict(self._texts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (str(self), dict(self._texts)))

    def __repr__(self) -> str:
        return f"Words({self._texts!r})"


def words(value: str | Words) -> Words:
    """`value` as Words: plain text is the English (and every language's)."""
    return value if isinstance(value, Words) else Words(value)
