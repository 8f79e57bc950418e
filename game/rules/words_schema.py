"""How a rule file writes words players read (game/engine/words.py): plain
text, or a mapping of languages to text, each language's text bounded.

    label: Annotated[Words, TextLimit(40)]

The messages are the project's own (`PydanticCustomError`), reported with
every other problem of the rule file (validation.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from game.engine.words import ENGLISH, LANGUAGES, Words, words


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
    language, as rule files write it (see game/engine/words.py):

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
