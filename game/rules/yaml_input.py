"""What a rule file may hold before any YAML is parsed: at most
:data:`MAX_INPUT_BYTES`, UTF-8, and only the characters YAML allows; each
offending byte or character reported at its ``file:line:column``, the way the
parser would count it (game/rules/yamlsafe.py parses what passes)."""

from __future__ import annotations

import codecs
import re

import yaml

from game.rules.errors import RuleError, RuleFileError

MAX_INPUT_BYTES = 1024 * 1024
MAX_CHARACTER_ERRORS = 10

_DISALLOWED_CHARACTER = yaml.reader.Reader.NON_PRINTABLE
# surrogateescape decoding turns each byte that is not UTF-8 into one of these.
_ESCAPED_BYTES = range(0xDC80, 0xDD00)
# The line breaks PyYAML counts, so our marks agree with the parser's marks.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def checked_text(text: str | bytes, filename: str) -> str:
    too_large = RuleError(filename, 1, 1, f"file is too large (over {MAX_INPUT_BYTES} bytes)")
    if isinstance(text, str):
        if len(text) > MAX_INPUT_BYTES or len(text.encode("utf-8", "surrogatepass")) > (
            MAX_INPUT_BYTES
        ):
            raise RuleFileError([too_large])
        from_bytes = False
        source = text.removeprefix("\ufeff")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > MAX_INPUT_BYTES:
            raise RuleFileError([too_large])
        from_bytes = True
        source = raw.removeprefix(codecs.BOM_UTF8).decode("utf-8", "surrogateescape")
    else:
        raise TypeError(f"load_yaml expects str or bytes, not {type(text).__name__}")

    errors: list[RuleError] = []
    bad_characters = _DISALLOWED_CHARACTER.finditer(source)
    for found in bad_characters:
        if len(errors) == MAX_CHARACTER_ERRORS:
            more = 1 + sum(1 for _ in bad_characters)
            message = f"{more} more characters that are not allowed, from here on"
            errors.append(_error_at_index(source, filename, found.start(), message))
            break
        code = ord(found.group())
        if from_bytes and code in _ESCAPED_BYTES:
            message = f"not UTF-8 text: byte 0x{code - 0xDC00:02X} cannot be decoded"
        else:
            message = f"character U+{code:04X} is not allowed in a YAML file"
        errors.append(_error_at_index(source, filename, found.start(), message))
    if errors:
        raise RuleFileError(errors)
    return source


def _error_at_index(source: str, filename: str, index: int, message: str) -> RuleError:
    line = 1
    line_start = 0
    for line_break in _LINE_BREAK.finditer(source, 0, index):
        line += 1
        line_start = line_break.end()
    return RuleError(filename, line, index - line_start + 1, message)
