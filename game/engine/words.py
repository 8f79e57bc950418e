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
the same whatever the players read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

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


def _language(code: Any) -> str:
    if isinstance(code, str) and code in LANGUAGES:
        return code
    raise PydanticCustomError(
        "language",
        "unknown language {code} (the languages are {known})",
        {"code": repr(code), "known": ", ".join(LANGUAGES)},
    )


@dataclass(frozen=True)
class TextLimit:
    """Validates a `Words` setting of at most `max_length` characters per
    language, as rule files write it (see the module's docstring):

        label: Annotated[Words, TextLimit(40)]"""

    max_length: int

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        mapping = core_schema.dict_schema(
            keys_schema=core_schema.no_info_plain_validator_function(_language),
            values_schema=core_schema.no_info_plain_validator_function(self._text),
        )
        return core_schema.no_info_wrap_validator_function(
            self._words,
            mapping,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda value: words(value).to_data()
            ),
        )

    def _words(self, value: Any, mapping: core_schema.ValidatorFunctionWrapHandler) -> Words:
        if isinstance(value, Words):
            return value
        if isinstance(value, str):
            self._check_length(value)
            return Words(value)
        if not isinstance(value, dict):
            raise PydanticCustomError(
                "words_type",
                "write the text, or a mapping of languages to text ({en: ..., tr: ...})",
            )
        texts: dict[str, str] = mapping(value)  # each language and text checked where written
        if ENGLISH not in texts:
            raise PydanticCustomError(
                "words_english",
                "no English text (en:): a language the mapping leaves out shows the English,"
                " so it is required",
            )
        return Words(texts[ENGLISH], texts)

    def _text(self, value: Any) -> str:
        if not isinstance(value, str):
            raise PydanticCustomError(
                "words_text",
                "write text here (in quotes when it looks like a number, true or a list)",
            )
        if not value.strip():
            raise PydanticCustomError(
                "words_empty", "empty text: leave the language out, and it shows the English"
            )
        self._check_length(value)
        return value

    def _check_length(self, text: str) -> None:
        if len(text) > self.max_length:
            raise PydanticCustomError(
                "words_long",
                "at most {limit} characters (this has {length})",
                {"limit": self.max_length, "length": len(text)},
            )
