"""Strict, bounded loading of YAML rule files written by modders.

Rule files come from strangers, so loading must never run code, never hang, never
blow the stack and never fail with anything but a :class:`RuleFileError` listing
every problem with its ``file:line:column``. What it gives back is a
:class:`LoadedYaml` (game/rules/marked.py): the plain data and the place of
every value, for the errors found later to point at.

How it stays safe and bounded:

* The input is refused past :data:`MAX_INPUT_BYTES` before any parsing, so the
  work of reading a file is bounded by the size limit alone.
* :class:`_RuleLoader` is a :class:`yaml.SafeLoader` whose composer is replaced:
  it builds plain data (no tag constructs an object), keeps every mark, reports
  duplicate keys, and stops at :data:`MAX_DEPTH` levels of nesting and at
  :data:`MAX_NODES` values, counted again after expanding aliases and merge keys,
  which stops alias bombs ("billion laughs").

Decisions a modder will notice:

* Scalars resolve as with ``yaml.safe_load`` (``0x1F``, ``017`` (octal), ``1_000``,
  ``1:30`` (sexagesimal), ``.inf``, ``~``) except that only ``true``/``false`` in any
  case are booleans: ``yes``, ``no``, ``on``, ``off``, ``y`` and ``n`` stay strings,
  and so do dates and timestamps.
* Explicit tags are refused except ``!!str``, ``!!int``, ``!!float``, ``!!bool``,
  ``!!null``, ``!!map`` and ``!!seq``.
* Mapping keys must be strings or integers (``{2: 100}`` keeps the key ``2`` as an
  ``int``); a key written twice in one mapping is an error.
* Anchors and aliases work; an anchor may be redefined (an alias uses the latest
  definition, as the YAML spec says); an alias inside the node it names is an error.
* Merge keys work as in YAML 1.1: ``<<: *base`` or ``<<: [*first, *second]`` copies
  the keys the mapping does not set itself, earlier sources winning over later ones.
  Merged keys come first in the resulting dict, as with ``yaml.safe_load``.
* Only one document per file; an empty file gives ``data = None``.
"""

from __future__ import annotations

import codecs
import os
import re
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    StreamEndEvent,
)

from game.file_reading import BAD_NAME, FOLDER, NOT_A_FILE, TOO_LARGE, FileRefused, read_small_file
from game.rules.errors import RuleError, RuleFileError
from game.rules.marked import START_MARK, LoadedYaml, Mark, Path, PlainData

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT_BYTES",
    "MAX_NODES",
    "load_yaml",
    "load_yaml_file",
]

MAX_INPUT_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 100_000
MAX_CHARACTER_ERRORS = 10

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null"}
_ALLOWED_TAGS_TEXT = "only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq may be written"
_EXPANSION_TOO_LARGE = f"document too large after expanding aliases (over {MAX_NODES} values)"

_DISALLOWED_CHARACTER = yaml.reader.Reader.NON_PRINTABLE
# surrogateescape decoding turns each byte that is not UTF-8 into one of these.
_ESCAPED_BYTES = range(0xDC80, 0xDD00)
# The line breaks PyYAML counts, so our marks agree with the parser's marks.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def load_yaml_file(path: str | os.PathLike[str], display_name: str | None = None) -> LoadedYaml:
    """Load one rule file; errors name it ``display_name`` (default: ``path`` as given).

    Only a regular file is read: a FIFO, a device or a folder is refused without
    waiting on it (it is opened non-blocking and checked before reading)."""
    filename = display_name if display_name is not None else os.fspath(path)
    try:
        raw = read_small_file(path, MAX_INPUT_BYTES)
    except FileRefused as refused:
        raise RuleFileError([RuleError(filename, 1, 1, _refusal(refused))]) from None
    if raw is None:
        raise RuleFileError(
            [RuleError(filename, 1, 1, "cannot read file: No such file or directory")]
        )
    return load_yaml(raw, filename)


def _refusal(refused: FileRefused) -> str:
    """Why a rule file was not read, as `check` says it (in English, like every rule error)."""
    if refused.kind == FOLDER:
        return "cannot read file: it is a folder"
    if refused.kind == NOT_A_FILE:
        return "not a regular file"
    if refused.kind == BAD_NAME:
        return "cannot read file: the path is not a valid file name"
    if refused.kind == TOO_LARGE:
        return f"file is too large (over {MAX_INPUT_BYTES} bytes)"
    error = refused.error
    reason = error.strerror if error is not None and error.strerror else "No such file or directory"
    return f"cannot read file: {reason}"


def load_yaml(text: str | bytes, filename: str) -> LoadedYaml:
    """Load one YAML document from ``text`` (UTF-8 when given as bytes).

    Raises :class:`RuleFileError` with every error found; never anything else for
    any content of ``text``."""
    loader = _RuleLoader(_checked_text(text, filename), filename)
    root = None
    try:
        root = loader.compose_rule_file()
    except _Stop:
        pass
    except yaml.MarkedYAMLError as exc:
        loader.syntax_error(exc)
    except yaml.YAMLError as exc:  # only marked errors are expected after the checks
        loader.stop(START_MARK, str(exc))
    finally:
        loader.dispose()
    if loader.fatal:
        raise RuleFileError(loader.errors)
    try:
        loaded = _expand(root, filename)
    except RuleFileError as too_large:
        raise RuleFileError(loader.errors + too_large.errors) from None
    if loader.errors:
        raise RuleFileError(loader.errors)
    return loaded


# Input checks ------------------------------------------------------------------------


def _checked_text(text: str | bytes, filename: str) -> str:
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


# Composing plain nodes -----------------------------------------------------------------


def _plain_syntax(problem: str, context: str, where: str) -> str | None:
    """The parser's complaint in a modder's words, for the slips people make
    most; None for the rest (the parser's words are then all there is)."""
    if problem.startswith("expected ',' or '}'") and "flow mapping" in context:
        return f"the {{ opened at {where} is not closed: a '}}' is missing before this"
    if problem.startswith("expected ',' or ']'") and "flow sequence" in context:
        return f"the [ opened at {where} is not closed: a ']' is missing before this"
    if problem.startswith("expected <block end>"):
        return "this line is indented differently from the lines it belongs with"
    if problem.startswith("found character '\\t'"):
        return "a tab: YAML indents with spaces only"
    if "end of stream" in problem and "quoted scalar" in context:
        return f"the quoted text opened at {where} is never closed"
    if problem.startswith("mapping values are not allowed here"):
        return (
            "a ': ' YAML cannot read here: put a text holding ': ' in quotes, or check the indent"
        )
    if problem.startswith("expected the node content") and "<stream end>" in problem:
        return "the file ends where a value was expected"
    return None


class _Scalar:
    """A resolved value. ``reported``: it stands in for a mistake already reported,
    so a key or merge check does not report it again."""

    __slots__ = ("is_merge_key", "reported", "value")

    def __init__(self, value: PlainData, is_merge_key: bool = False, reported: bool = False):
        self.value = value
        self.is_merge_key = is_merge_key
        self.reported = reported


class _Sequence:
    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[tuple[Mark, _Node]] = []  # (where the item is written, item)


class _Mapping:
    __slots__ = ("entries",)

    def __init__(self) -> None:
        # (key, key mark, value mark, value), merged entries first once complete.
        self.entries: list[tuple[str | int, Mark, Mark, _Node]] = []


_Node = _Scalar | _Sequence | _Mapping


class _Stop(Exception):
    """Reading cannot go on; the reason is already among the loader's errors."""


def _mark(yaml_mark: Any) -> Mark:
    return START_MARK if yaml_mark is None else (yaml_mark.line + 1, yaml_mark.column + 1)


def _shown_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _preview(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


class _RuleLoader(yaml.SafeLoader):
    """SafeLoader's scanner, parser, resolver and scalar constructors, with a
    composer that builds plain, marked nodes and reports every mistake it can."""

    def __init__(self, source: str, filename: str) -> None:
        super().__init__(source)
        self.filename = filename
        self.errors: list[RuleError] = []
        self.fatal = False
        self._anchors: dict[str, _Node] = {}
        self._open: set[int] = set()  # ids of collections still being composed
        self._values = 0

    def error(self, mark: Mark, message: str) -> None:
        self.errors.append(RuleError(self.filename, mark[0], mark[1], message))

    def stop(self, mark: Mark, message: str) -> None:
        self.error(mark, message)
        self.fatal = True

    def syntax_error(self, exc: yaml.MarkedYAMLError) -> None:
        problem = exc.problem or "invalid YAML"
        where = ""
        if exc.context:
            line, column = _mark(exc.context_mark)
            where = f"line {line}, column {column}"
        plain = _plain_syntax(problem, exc.context or "", where)
        if plain:
            message = f"{plain} (YAML: {problem})"
        else:
            message = f"{problem} ({exc.context} at {where})" if exc.context else problem
        self.stop(_mark(exc.problem_mark or exc.context_mark), message)

    def compose_rule_file(self) -> tuple[Mark, _Node] | None:
        """The root of the only document, or None for an empty stream."""
        self.get_event()  # stream start
        if self.check_event(StreamEndEvent):
            return None
        self.get_event()  # document start
        root = self._compose(1)
        self.get_event()  # document end
        if not self.check_event(StreamEndEvent):
            second = self.get_event()
            self.error(_mark(second.start_mark), "a rule file holds one YAML document, not several")
        return root

    def _count(self, count: int, mark: Mark, message: str) -> None:
        self._values += count
        if self._values > MAX_NODES:
            self.stop(mark, message)
            raise _Stop

    def _compose(self, depth: int) -> tuple[Mark, _Node]:
        event = self.peek_event()
        mark = _mark(event.start_mark)
        self._count(1, mark, f"document has more than {MAX_NODES} values")
        if isinstance(event, AliasEvent):
            self.get_event()
            target = self._anchors.get(event.anchor or "")
            if target is None:
                self.error(mark, f"alias *{event.anchor} has no anchor &{event.anchor} before it")
            elif id(target) in self._open:
                self.error(mark, f"alias *{event.anchor} is inside the node it refers to")
            else:
                return mark, target
            return mark, _Scalar(None, reported=True)
        if isinstance(event, ScalarEvent):
            node: _Node = self._scalar(event, mark)
        else:
            if depth > MAX_DEPTH:
                self.stop(mark, f"nesting is too deep (more than {MAX_DEPTH} levels)")
                raise _Stop
            node = _Mapping() if isinstance(event, MappingStartEvent) else _Sequence()
            self._check_collection_tag(event.tag, node, mark)
        if event.anchor is not None:
            self._anchors[event.anchor] = node
        if isinstance(node, _Scalar):
            self.get_event()
            return mark, node
        self._open.add(id(node))
        self.get_event()
        if isinstance(node, _Sequence):
            while not self.check_event(SequenceEndEvent):
                node.items.append(self._compose(depth + 1))
        else:
            self._compose_entries(node, depth, mark)
        self.get_event()
        self._open.discard(id(node))
        return mark, node

    def _compose_entries(self, node: _Mapping, depth: int, mark: Mark) -> None:
        first_marks: dict[str | int, Mark] = {}
        merge_mark: Mark | None = None
        sources: list[_Mapping] = []
        while not self.check_event(MappingEndEvent):
            key_mark, key_node = self._compose(depth + 1)
            value_mark, value = self._compose(depth + 1)
            key = self._key(key_node, key_mark)
            if key is None:
                continue
            if isinstance(key_node, _Scalar) and key_node.is_merge_key:
                if merge_mark is not None:
                    self.error(key_mark, f"duplicate key '<<' (first at line {merge_mark[0]})")
                    continue
                merge_mark = key_mark
                sources += self._merge_sources(value_mark, value)
            elif key in first_marks:
                self.error(key_mark, f"duplicate key {key!r} (first at line {first_marks[key][0]})")
            else:
                first_marks[key] = key_mark
                node.entries.append((key, key_mark, value_mark, value))
        merged = []
        for source in sources:
            for entry in source.entries:
                if entry[0] not in first_marks:
                    first_marks[entry[0]] = entry[1]
                    merged.append(entry)
        # Chains of merges can copy entries quadratically, so they count as values.
        self._count(len(merged), mark, _EXPANSION_TOO_LARGE)
        node.entries[:0] = merged

    def _key(self, node: _Node, mark: Mark) -> str | int | None:
        if isinstance(node, _Mapping):
            self.error(mark, "mapping keys must be strings or integers, not a mapping")
        elif isinstance(node, _Sequence):
            self.error(mark, "mapping keys must be strings or integers, not a list")
        elif node.is_merge_key:
            return "<<"
        elif isinstance(node.value, (str, int)) and not isinstance(node.value, bool):
            return node.value
        elif not node.reported:
            kind = {type(None): "null", bool: "a boolean"}.get(type(node.value), "a float")
            self.error(
                mark,
                f"mapping keys must be strings or integers, not {kind}"
                " (quote the key if it is text)",
            )
        return None

    def _merge_sources(self, mark: Mark, value: _Node) -> list[_Mapping]:
        items = value.items if isinstance(value, _Sequence) else [(mark, value)]
        sources = []
        for item_mark, item in items:
            if isinstance(item, _Mapping):
                sources.append(item)
            elif not (isinstance(item, _Scalar) and item.reported):
                self.error(item_mark, "merge key '<<' takes a mapping or a list of mappings")
        return sources

    def _check_collection_tag(self, tag: str | None, node: _Node, mark: Mark) -> None:
        expected = _TAG + ("map" if isinstance(node, _Mapping) else "seq")
        if tag is None or tag == expected:
            return
        name = tag.removeprefix(_TAG)
        if tag.startswith(_TAG) and name in _SCALAR_TAGS | {"map", "seq"}:
            kind = "mapping" if isinstance(node, _Mapping) else "list"
            self.error(mark, f"!!{name} cannot be used on a {kind}")
        else:
            self.error(mark, f"tags are not allowed ({_shown_tag(tag)}); {_ALLOWED_TAGS_TEXT}")

    def _scalar(self, event: ScalarEvent, mark: Mark) -> _Scalar:
        text = event.value
        tag = event.tag
        if tag is None:
            tag = self.resolve(yaml.ScalarNode, text, event.implicit)
            if tag == _TAG + "merge":
                return _Scalar(text, is_merge_key=True)
        name = tag.removeprefix(_TAG) if tag.startswith(_TAG) else None
        if name not in _SCALAR_TAGS:
            if name in ("map", "seq"):
                self.error(mark, f"!!{name} cannot be used on a single value")
            else:
                self.error(mark, f"tags are not allowed ({_shown_tag(tag)}); {_ALLOWED_TAGS_TEXT}")
            return _Scalar(None, reported=True)
        if event.tag is not None and not self._fits(name, text):
            hint = " (write true or false)" if name == "bool" else ""
            self.error(mark, f"{_preview(text)} is not a valid !!{name}{hint}")
            return _Scalar(None, reported=True)
        try:
            value = self.yaml_constructors[tag](self, yaml.ScalarNode(tag, text))
        except (ValueError, OverflowError):
            # Python refuses decimal strings of thousands of digits, and the int
            # pattern lets a few digitless forms such as "0x_" through.
            what = "an integer" if name == "int" else f"a !!{name}"
            self.error(mark, f"cannot read {_preview(text)} as {what}")
            return _Scalar(None, reported=True)
        return _Scalar(value)

    def _fits(self, name: str, text: str) -> bool:
        """Whether an explicitly tagged scalar is written as its tag requires."""
        wanted = {_TAG + name} | ({_TAG + "int"} if name == "float" else set())
        return name == "str" or any(
            tag in wanted and pattern.match(text)
            for resolvers in self.yaml_implicit_resolvers.values()
            for tag, pattern in resolvers
        )


# Only true/false are booleans; dates, `=` and the `!`/`&`/`*` forms stay text.
_RESOLVED = {_TAG + "null", _TAG + "int", _TAG + "float", _TAG + "merge"}
_RuleLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in _RESOLVED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_RuleLoader.add_implicit_resolver(
    _TAG + "bool", re.compile(r"^(?:true|false)$", re.IGNORECASE), list("tTfF")
)


# Expanding the nodes into plain data ---------------------------------------------------


def _expand(root: tuple[Mark, _Node] | None, filename: str) -> LoadedYaml:
    """Plain data from the nodes, copying aliased nodes, without recursion."""
    marks: dict[Path, Mark] = {(): START_MARK}
    value_marks: dict[Path, Mark] = {(): START_MARK}
    holder: list[PlainData] = [None]
    # (where this use of the node is written, the node, its path, its container, slot)
    pending: list[tuple[Mark, _Node, Path, Any, Any]] = []
    if root is not None:
        pending.append((*root, (), holder, 0))
        marks[()] = root[0]
    built = 0
    while pending:
        mark, node, path, container, slot = pending.pop()
        built += 1 + (len(node.entries) if isinstance(node, _Mapping) else 0)
        if built > MAX_NODES:
            raise RuleFileError([RuleError(filename, *mark, _EXPANSION_TOO_LARGE)])
        value_marks[path] = mark
        marks.setdefault(path, mark)  # a mapping entry's mark, its key, is already set
        if isinstance(node, _Scalar):
            container[slot] = node.value
        elif isinstance(node, _Sequence):
            container[slot] = items = [None] * len(node.items)
            for index in range(len(node.items) - 1, -1, -1):
                pending.append((*node.items[index], (*path, index), items, index))
        else:
            container[slot] = mapping = dict.fromkeys(entry[0] for entry in node.entries)
            for key, key_mark, value_mark, value in reversed(node.entries):
                marks[(*path, key)] = key_mark
                pending.append((value_mark, value, (*path, key), mapping, key))
    return LoadedYaml(holder[0], filename, marks, value_marks)
