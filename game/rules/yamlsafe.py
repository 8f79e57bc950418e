"""Strict, bounded loading of YAML rule files written by modders.

Rule files come from strangers, so loading must never run code, never hang, never
blow the stack and never fail with anything but a :class:`RuleFileError` listing
every problem with its ``file:line:column``.

How it stays safe:

* Only the scanner and parser of :class:`yaml.SafeLoader` are used. Data is built
  by this module from the parser's events, so no tag can construct an object.
  PyYAML's composer is not used: it recurses once per nesting level.
* The input is limited to :data:`MAX_INPUT_BYTES`, nesting to :data:`MAX_DEPTH`
  levels (checked on each event as it streams out of the iterative parser) and the
  data to :data:`MAX_NODES` values, counted after expanding aliases and merge keys,
  which stops alias bombs ("billion laughs").

Decisions a modder will notice:

* Scalars resolve as in YAML 1.1 / ``yaml.safe_load`` (``0x1F``, ``017`` (octal),
  ``1_000``, ``1:30`` (sexagesimal), ``.inf``, ``~``) except that only
  ``true``/``false`` in any case are booleans: ``yes``, ``no``, ``on``, ``off``,
  ``y`` and ``n`` stay strings, and so do dates and timestamps.
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
import math
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from game.rules.errors import RuleError, RuleFileError

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT_BYTES",
    "MAX_NODES",
    "LoadedYaml",
    "Mark",
    "Path",
    "load_yaml",
    "load_yaml_file",
]

MAX_INPUT_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 100_000
MAX_CHARACTER_ERRORS = 10

Path = tuple[str | int, ...]
Mark = tuple[int, int]
PlainData = dict | list | str | int | float | bool | None
_Number = TypeVar("_Number", int, float)

_START_MARK: Mark = (1, 1)

_YAML_TAG_PREFIX = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null"}
_COLLECTION_TAGS = {"map", "seq"}
_ALLOWED_TAGS_TEXT = "only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq may be written"


def _safe_loader_pattern(tag_name: str) -> re.Pattern[str]:
    # Reusing SafeLoader's own patterns keeps numbers and nulls exactly as modders
    # who know yaml.safe_load expect them.
    tag = _YAML_TAG_PREFIX + tag_name
    for resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.values():
        for resolver_tag, pattern in resolvers:
            if resolver_tag == tag:
                return pattern
    raise LookupError(f"yaml.SafeLoader has no implicit resolver for {tag}")


_NULL_PATTERN = _safe_loader_pattern("null")
_INT_PATTERN = _safe_loader_pattern("int")
_FLOAT_PATTERN = _safe_loader_pattern("float")
_MERGE_PATTERN = _safe_loader_pattern("merge")
_BOOL_PATTERN = re.compile(r"true|false", re.IGNORECASE)

_DISALLOWED_CHARACTER = yaml.reader.Reader.NON_PRINTABLE
# surrogateescape decoding turns each byte that is not UTF-8 into one of these.
_ESCAPED_BYTES = range(0xDC80, 0xDD00)
# The line breaks PyYAML counts, so our marks agree with the parser's marks.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


@dataclass(frozen=True)
class LoadedYaml:
    """Plain data loaded from one YAML document, with the place of every value.

    ``data`` holds only dicts, lists, str, int, float, bool and None.

    Places are 1-based ``(line, column)`` pairs keyed by *path*: a tuple of dict keys
    (``str`` or ``int``) and list indexes (``int``), as in a pydantic error's ``loc``.
    ``()`` is the whole document.

    * ``marks[path]`` is where the entry starts: the **key** for a mapping entry
      (where "unknown key" and "missing key" errors belong, and still on the line
      of the value in the usual ``key: value`` layout), the item itself for a list
      item, the root node for ``()``.
    * ``value_marks[path]`` is where the value itself starts, for pointing at the
      exact text of a bad value.
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
    return _START_MARK


def load_yaml_file(path: str | os.PathLike[str], display_name: str | None = None) -> LoadedYaml:
    """Load one rule file; errors name it ``display_name`` (default: ``path`` as given)."""
    filename = display_name if display_name is not None else os.fspath(path)
    try:
        with open(path, "rb") as file:
            # Reading one byte past the limit is enough to refuse a huge file.
            raw = file.read(MAX_INPUT_BYTES + 1)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RuleFileError([RuleError(filename, 1, 1, f"cannot read file: {reason}")]) from None
    return load_yaml(raw, filename)


def load_yaml(text: str | bytes, filename: str) -> LoadedYaml:
    """Load one YAML document from ``text`` (UTF-8 when given as bytes).

    Raises :class:`RuleFileError` with every error found; never anything else for
    any content of ``text``.
    """
    source = _checked_text(text, filename)
    tree = _TreeBuilder(filename)
    _feed_events(source, tree)
    if tree.fatal:
        raise RuleFileError(tree.errors)
    expansion = _expand(tree.root, filename)
    errors = tree.errors + expansion.errors
    if errors:
        raise RuleFileError(errors)
    return LoadedYaml(expansion.data, filename, expansion.marks, expansion.value_marks)


# Input checks ------------------------------------------------------------------


def _checked_text(text: str | bytes, filename: str) -> str:
    if isinstance(text, str):
        if len(text) > MAX_INPUT_BYTES or _utf8_length(text) > MAX_INPUT_BYTES:
            raise RuleFileError([_too_large(filename)])
        from_bytes = False
        source = text.removeprefix("\ufeff")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > MAX_INPUT_BYTES:
            raise RuleFileError([_too_large(filename)])
        from_bytes = True
        source = raw.removeprefix(codecs.BOM_UTF8).decode("utf-8", "surrogateescape")
    else:
        raise TypeError(f"load_yaml expects str or bytes, not {type(text).__name__}")

    bad_characters = _DISALLOWED_CHARACTER.finditer(source)
    errors = []
    for found in bad_characters:
        if len(errors) == MAX_CHARACTER_ERRORS:
            more = 1 + sum(1 for _ in bad_characters)
            message = f"{more} more characters that are not allowed, from here on"
            errors.append(_error_at_index(source, filename, found.start(), message))
            break
        character = found.group()
        if from_bytes and ord(character) in _ESCAPED_BYTES:
            message = f"not UTF-8 text: byte 0x{ord(character) - 0xDC00:02X} cannot be decoded"
        else:
            message = f"character U+{ord(character):04X} is not allowed in a YAML file"
        errors.append(_error_at_index(source, filename, found.start(), message))
    if errors:
        raise RuleFileError(errors)
    return source


def _utf8_length(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _too_large(filename: str) -> RuleError:
    return RuleError(filename, 1, 1, f"file is too large (over {MAX_INPUT_BYTES} bytes)")


def _error_at_index(source: str, filename: str, index: int, message: str) -> RuleError:
    line = 1
    line_start = 0
    for line_break in _LINE_BREAK.finditer(source, 0, index):
        line += 1
        line_start = line_break.end()
    return RuleError(filename, line, index - line_start + 1, message)


def _feed_events(source: str, tree: _TreeBuilder) -> None:
    events: Iterator[Event] = yaml.parse(source, Loader=yaml.SafeLoader)
    while True:
        try:
            event = next(events)
        except StopIteration:
            return
        except yaml.MarkedYAMLError as exc:
            tree.syntax_error(exc)
            return
        except yaml.YAMLError as exc:
            # Only marked errors are expected once the text has passed the checks.
            tree.fail_at(None, str(exc))
            return
        if not tree.feed(event):
            return


# Building a node tree from parser events ----------------------------------------


class _Scalar:
    __slots__ = ("already_reported", "is_merge_key", "mark", "value")

    def __init__(self, value: PlainData, mark: Mark, is_merge_key: bool = False) -> None:
        self.value = value
        self.mark = mark
        self.is_merge_key = is_merge_key
        # Set when this node stands in for something already reported, so a key
        # or merge check does not report the same mistake again.
        self.already_reported = False


class _Sequence:
    __slots__ = ("complete", "items", "mark")

    def __init__(self, mark: Mark) -> None:
        self.items: list[_Node] = []
        self.mark = mark
        self.complete = False


class _Mapping:
    __slots__ = ("complete", "entries", "mark")

    def __init__(self, mark: Mark) -> None:
        # (key, key mark, value), merged keys included once the mapping is complete.
        self.entries: list[tuple[str | int, Mark, _Node]] = []
        self.mark = mark
        self.complete = False


class _Alias:
    __slots__ = ("mark", "target")

    def __init__(self, target: _Scalar | _Sequence | _Mapping, mark: Mark) -> None:
        self.target = target
        self.mark = mark


_Node = _Scalar | _Sequence | _Mapping | _Alias


def _target(node: _Node) -> _Scalar | _Sequence | _Mapping:
    return node.target if isinstance(node, _Alias) else node


class _MappingFrame:
    """A mapping whose entries are still arriving as alternating key and value nodes."""

    def __init__(self, node: _Mapping) -> None:
        self.node = node
        self.explicit: dict[str | int, tuple[Mark, _Node]] = {}
        self.merge_sources: list[_Mapping] = []
        self.merge_key_mark: Mark | None = None
        self.awaiting_key = True
        # Where the value now arriving goes: under current_key, into the merge
        # sources, or nowhere when its key was refused.
        self.current_key: str | int | None = None
        self.current_key_mark: Mark = node.mark
        self.value_is_merge = False


def _stand_in(mark: Mark) -> _Scalar:
    node = _Scalar(None, mark)
    node.already_reported = True
    return node


def _mark(yaml_mark: yaml.Mark | None) -> Mark:
    if yaml_mark is None:
        return _START_MARK
    return (yaml_mark.line + 1, yaml_mark.column + 1)


def _preview(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _tag_name(tag: str) -> str | None:
    return tag[len(_YAML_TAG_PREFIX) :] if tag.startswith(_YAML_TAG_PREFIX) else None


def _shown_tag(tag: str) -> str:
    name = _tag_name(tag)
    return f"!!{name}" if name is not None else tag


class _TreeBuilder:
    """Turns the parser's event stream into a tree of nodes, without recursion.

    ``feed`` returns False once reading must stop; ``fatal`` then says whether the
    tree is unusable (as opposed to merely having a second document after it).
    """

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.errors: list[RuleError] = []
        self.fatal = False
        self.root: _Node | None = None
        self._open: list[_Sequence | _MappingFrame] = []
        self._anchors: dict[str, _Scalar | _Sequence | _Mapping] = {}
        self._node_count = 0
        self._documents = 0

    def error(self, mark: Mark, message: str) -> None:
        self.errors.append(RuleError(self.filename, mark[0], mark[1], message))

    def fail_at(self, mark: Mark | None, message: str) -> bool:
        self.error(mark or _START_MARK, message)
        self.fatal = True
        return False

    def syntax_error(self, exc: yaml.MarkedYAMLError) -> None:
        message = exc.problem or "invalid YAML"
        if exc.context:
            context_line, context_column = _mark(exc.context_mark)
            message += f" ({exc.context} at line {context_line}, column {context_column})"
        self.fail_at(_mark(exc.problem_mark or exc.context_mark), message)

    def feed(self, event: Event) -> bool:
        if isinstance(event, DocumentStartEvent):
            self._documents += 1
            if self._documents > 1:
                self.error(
                    _mark(event.start_mark),
                    "a rule file holds one YAML document, not several",
                )
                return False
            return True
        if isinstance(event, (ScalarEvent, AliasEvent, SequenceStartEvent, MappingStartEvent)):
            self._node_count += 1
            if self._node_count > MAX_NODES:
                return self.fail_at(
                    _mark(event.start_mark),
                    f"document has more than {MAX_NODES} values",
                )
        if isinstance(event, ScalarEvent):
            return self._add_scalar(event)
        if isinstance(event, AliasEvent):
            return self._add_alias(event)
        if isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            return self._open_collection(event)
        if isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            return self._close_collection()
        return True

    def _add_scalar(self, event: ScalarEvent) -> bool:
        mark = _mark(event.start_mark)
        errors_before = len(self.errors)
        node = self._scalar_node(event, mark)
        node.already_reported = len(self.errors) > errors_before
        if event.anchor is not None:
            self._anchors[event.anchor] = node
        return self._attach(node)

    def _add_alias(self, event: AliasEvent) -> bool:
        mark = _mark(event.start_mark)
        target = self._anchors.get(event.anchor)
        if target is None:
            self.error(mark, f"alias *{event.anchor} has no anchor &{event.anchor} before it")
            return self._attach(_stand_in(mark))
        if isinstance(target, (_Sequence, _Mapping)) and not target.complete:
            self.error(mark, f"alias *{event.anchor} is inside the node it refers to")
            return self._attach(_stand_in(mark))
        return self._attach(_Alias(target, mark))

    def _open_collection(self, event: SequenceStartEvent | MappingStartEvent) -> bool:
        mark = _mark(event.start_mark)
        if len(self._open) >= MAX_DEPTH:
            return self.fail_at(mark, f"nesting is too deep (more than {MAX_DEPTH} levels)")
        is_mapping = isinstance(event, MappingStartEvent)
        self._check_collection_tag(event.tag, "map" if is_mapping else "seq", mark)
        node: _Sequence | _Mapping = _Mapping(mark) if is_mapping else _Sequence(mark)
        if event.anchor is not None:
            self._anchors[event.anchor] = node
        self._open.append(_MappingFrame(node) if isinstance(node, _Mapping) else node)
        return True

    def _close_collection(self) -> bool:
        closing = self._open.pop()
        if isinstance(closing, _MappingFrame):
            if not self._finish_mapping(closing):
                return False
            node: _Sequence | _Mapping = closing.node
        else:
            node = closing
        node.complete = True
        return self._attach(node)

    def _attach(self, node: _Node) -> bool:
        if not self._open:
            self.root = node
            return True
        parent = self._open[-1]
        if isinstance(parent, _Sequence):
            parent.items.append(node)
        elif parent.awaiting_key:
            self._take_key(parent, node)
        else:
            self._take_value(parent, node)
        return True

    def _take_key(self, frame: _MappingFrame, key_node: _Node) -> None:
        frame.awaiting_key = False
        frame.current_key = None
        frame.current_key_mark = key_node.mark
        frame.value_is_merge = False
        key = _target(key_node)
        if isinstance(key, _Scalar) and key.already_reported:
            return
        if isinstance(key, _Mapping):
            self.error(key_node.mark, "mapping keys must be strings or integers, not a mapping")
            return
        if isinstance(key, _Sequence):
            self.error(key_node.mark, "mapping keys must be strings or integers, not a list")
            return
        if key.is_merge_key:
            if frame.merge_key_mark is not None:
                self.error(key_node.mark, _duplicate_key("<<", frame.merge_key_mark))
                return
            frame.merge_key_mark = key_node.mark
            frame.value_is_merge = True
            return
        value = key.value
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.error(
                key_node.mark,
                f"mapping keys must be strings or integers, not {_kind_of_value(value)}"
                " (quote the key if it is text)",
            )
            return
        first = frame.explicit.get(value)
        if first is not None:
            self.error(key_node.mark, _duplicate_key(value, first[0]))
            return
        frame.current_key = value

    def _take_value(self, frame: _MappingFrame, value_node: _Node) -> None:
        frame.awaiting_key = True
        if frame.value_is_merge:
            self._take_merge_sources(frame, value_node)
        elif frame.current_key is not None:
            frame.explicit[frame.current_key] = (frame.current_key_mark, value_node)

    def _take_merge_sources(self, frame: _MappingFrame, value_node: _Node) -> None:
        value = _target(value_node)
        candidates = value.items if isinstance(value, _Sequence) else [value_node]
        for candidate in candidates:
            source = _target(candidate)
            if isinstance(source, _Mapping):
                frame.merge_sources.append(source)
            elif not (isinstance(source, _Scalar) and source.already_reported):
                self.error(
                    candidate.mark,
                    "merge key '<<' takes a mapping or a list of mappings",
                )

    def _finish_mapping(self, frame: _MappingFrame) -> bool:
        present = set(frame.explicit)
        merged = []
        for source in frame.merge_sources:
            for key, key_mark, value in source.entries:
                if key not in present:
                    present.add(key)
                    merged.append((key, key_mark, value))
        # Chains of merges can copy entries quadratically, so they count as values.
        self._node_count += len(merged)
        if self._node_count > MAX_NODES:
            return self.fail_at(frame.node.mark, _EXPANSION_TOO_LARGE)
        explicit = [(key, mark, value) for key, (mark, value) in frame.explicit.items()]
        frame.node.entries = merged + explicit
        return True

    def _check_collection_tag(self, tag: str | None, expected: str, mark: Mark) -> None:
        if tag is None or _tag_name(tag) == expected:
            return
        name = _tag_name(tag)
        if name in _SCALAR_TAGS or name in _COLLECTION_TAGS:
            kind = "mapping" if expected == "map" else "list"
            self.error(mark, f"!!{name} cannot be used on a {kind}")
        else:
            self.error(mark, f"tags are not allowed ({_shown_tag(tag)}); {_ALLOWED_TAGS_TEXT}")

    def _scalar_node(self, event: ScalarEvent, mark: Mark) -> _Scalar:
        text = event.value
        tag = event.tag
        if tag is None:
            is_plain = event.implicit[0]
            if not is_plain:
                return _Scalar(text, mark)
            if _MERGE_PATTERN.match(text):
                return _Scalar(text, mark, is_merge_key=True)
            return _Scalar(self._plain_scalar_value(text, mark), mark)
        name = _tag_name(tag)
        if name not in _SCALAR_TAGS:
            if name in _COLLECTION_TAGS:
                self.error(mark, f"!!{name} cannot be used on a single value")
            else:
                self.error(
                    mark,
                    f"tags are not allowed ({_shown_tag(tag)}); {_ALLOWED_TAGS_TEXT}",
                )
            return _Scalar(None, mark)
        return _Scalar(self._tagged_scalar_value(name, text, mark), mark)

    def _plain_scalar_value(self, text: str, mark: Mark) -> PlainData:
        if _NULL_PATTERN.match(text):
            return None
        if _BOOL_PATTERN.fullmatch(text):
            return text.lower() == "true"
        if _INT_PATTERN.match(text):
            return self._int_value(text, mark)
        if _FLOAT_PATTERN.match(text):
            return _float_from_yaml(text)
        return text

    def _tagged_scalar_value(self, tag_name: str, text: str, mark: Mark) -> PlainData:
        if tag_name == "str":
            return text
        if tag_name == "int" and _INT_PATTERN.match(text):
            return self._int_value(text, mark)
        if tag_name == "float" and _FLOAT_PATTERN.match(text):
            return _float_from_yaml(text)
        if tag_name == "float" and _INT_PATTERN.match(text):
            number = self._int_value(text, mark)
            return None if number is None else _int_to_float(number)
        if tag_name == "bool" and _BOOL_PATTERN.fullmatch(text):
            return text.lower() == "true"
        if tag_name == "null" and _NULL_PATTERN.match(text):
            return None
        hint = " (write true or false)" if tag_name == "bool" else ""
        self.error(mark, f"{_preview(text)} is not a valid !!{tag_name}{hint}")
        return None

    def _int_value(self, text: str, mark: Mark) -> int | None:
        try:
            return _int_from_yaml(text)
        except ValueError:
            # Python refuses decimal strings of thousands of digits, and the int
            # pattern lets a few digitless forms such as "0x_" through.
            self.error(mark, f"cannot read {_preview(text)} as an integer")
            return None


_EXPANSION_TOO_LARGE = f"document too large after expanding aliases (over {MAX_NODES} values)"


def _kind_of_value(value: PlainData) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a float"


def _duplicate_key(key: str | int, first_mark: Mark) -> str:
    return f"duplicate key {key!r} (first at line {first_mark[0]})"


def _int_from_yaml(text: str) -> int:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    if digits.startswith(("0b", "0x")):
        return sign * int(digits, 0)
    if digits.startswith("0") and digits != "0":
        return sign * int(digits, 8)
    if ":" in digits:
        return sign * _sexagesimal([int(part) for part in digits.split(":")])
    return sign * int(digits)


def _float_from_yaml(text: str) -> float:
    digits = text.replace("_", "").lower()
    sign = -1.0 if digits.startswith("-") else 1.0
    digits = digits.lstrip("+-")
    if digits == ".inf":
        return sign * math.inf
    if digits == ".nan":
        return math.nan
    if ":" in digits:
        return sign * _sexagesimal([float(part) for part in digits.split(":")])
    return sign * float(digits)


def _int_to_float(number: int) -> float:
    try:
        return float(number)
    except OverflowError:
        return math.inf if number > 0 else -math.inf


def _sexagesimal(parts: list[_Number]) -> _Number:
    total = parts[0]
    for part in parts[1:]:
        total = total * 60 + part
    return total


# Expanding the tree into plain data --------------------------------------------


@dataclass
class _Expansion:
    data: PlainData = None
    marks: dict[Path, Mark] = field(default_factory=dict)
    value_marks: dict[Path, Mark] = field(default_factory=dict)
    errors: list[RuleError] = field(default_factory=list)


def _expand(root: _Node | None, filename: str) -> _Expansion:
    """Build plain data from the tree, copying aliased nodes, without recursion."""
    result = _Expansion()
    if root is None:
        result.marks[()] = _START_MARK
        result.value_marks[()] = _START_MARK
        return result

    holder: list[PlainData] = [None]
    # (node, its path, the list or dict it goes into, its index or key there)
    pending: list[tuple[_Node, Path, list | dict, int | str]] = [(root, (), holder, 0)]
    values_built = 0
    while pending:
        node, path, container, slot = pending.pop()
        # An aliased value is placed at the alias, where this use of it is written.
        mark = node.mark
        if isinstance(node, _Alias):
            node = node.target
        values_built += 1
        if values_built > MAX_NODES:
            result.errors.append(RuleError(filename, *mark, _EXPANSION_TOO_LARGE))
            return result
        result.value_marks[path] = mark
        # A mapping entry's mark (its key) was already recorded by the mapping.
        result.marks.setdefault(path, mark)

        if isinstance(node, _Scalar):
            container[slot] = node.value  # type: ignore[index]
        elif isinstance(node, _Sequence):
            items: list[PlainData] = [None] * len(node.items)
            container[slot] = items  # type: ignore[index]
            for index in range(len(node.items) - 1, -1, -1):
                pending.append((node.items[index], (*path, index), items, index))
        else:
            mapping: dict[str | int, PlainData] = {}
            container[slot] = mapping  # type: ignore[index]
            # Keys count as values too: each one costs a mark.
            values_built += len(node.entries)
            for key, key_mark, _ in node.entries:
                mapping[key] = None
                result.marks[(*path, key)] = key_mark
            for key, _, value in reversed(node.entries):
                pending.append((value, (*path, key), mapping, key))
    result.data = holder[0]
    return result
