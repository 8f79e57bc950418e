"""Strict, bounded loading of YAML rule files written by modders.

Rule files come from strangers, so loading must never run code, never hang, never
blow the stack and never fail with anything but a :class:`RuleFileError` listing
every problem with its ``file:line:column``. What it gives back is a
:class:`LoadedYaml` (game/rules/marked.py): the plain data and the place of
every value, for the errors found later to point at.

How it stays safe and bounded:

* The input is refused past :data:`MAX_INPUT_BYTES`, or holding bytes or
  characters YAML does not allow, before any parsing (game/rules/yaml_input.py),
  so the work of reading a file is bounded by the size limit alone.
* :class:`_RuleLoader` is PyYAML's :class:`yaml.SafeLoader` with its composer's
  hooks overridden: composing stops at :data:`MAX_DEPTH` levels of nesting and at
  :data:`MAX_NODES` values, and refuses every tag that is not plain data before
  anything is constructed. The composed nodes are then checked once each (keys,
  duplicates, merges, values through the safe constructors) and expanded into
  plain data with every mark, the values counted again after expanding aliases
  and merge keys, which stops alias bombs ("billion laughs").

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

import copy
import hashlib
import os
import re
from collections import OrderedDict
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    MappingStartEvent,
    ScalarEvent,
    StreamEndEvent,
)

from game.files.os_words import os_problem
from game.files.reading import BAD_NAME, FOLDER, NOT_A_FILE, TOO_LARGE, FileRefused, read_small_file
from game.rules.errors import RuleError, RuleFileError
from game.rules.marked import START_MARK, LoadedYaml, Mark, Path, PlainData
from game.rules.yaml_input import MAX_INPUT_BYTES, checked_text

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT_BYTES",
    "MAX_NODES",
    "load_yaml",
    "load_yaml_file",
]

MAX_DEPTH = 64
MAX_NODES = 100_000

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null"}
_ALLOWED_TAGS_TEXT = "only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq may be written"
_EXPANSION_TOO_LARGE = f"document too large after expanding aliases (over {MAX_NODES} values)"


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
    return _parsed(raw, filename)


# Files parsed, by name and content: the New game screen loads classic.yaml
# under each house rule in turn, one combination a frame, and PyYAML's parser
# takes about 40 ms a file; reading the bytes again takes a fraction of that.
# Keyed by the content, so a file edited on disk is parsed again.
_PARSED: OrderedDict[tuple[str, bytes], LoadedYaml] = OrderedDict()
_PARSED_KEPT = 64


def _parsed(raw: bytes, filename: str) -> LoadedYaml:
    key = (filename, hashlib.blake2b(raw, digest_size=16).digest())
    found = _PARSED.get(key)
    if found is None:
        found = load_yaml(raw, filename)  # a file that does not parse raises, and is not kept
        _PARSED[key] = found
        if len(_PARSED) > _PARSED_KEPT:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    # The places are only read; the data is the caller's to keep, as if parsed anew.
    return LoadedYaml(copy.deepcopy(found.data), found.filename, found.marks, found.value_marks)


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
    if refused.error is None:
        return "cannot read file: No such file or directory"
    return f"cannot read file: {os_problem(refused.error)}"


def load_yaml(text: str | bytes, filename: str) -> LoadedYaml:
    """Load one YAML document from ``text`` (UTF-8 when given as bytes).

    Raises :class:`RuleFileError` with every error found; never anything else for
    any content of ``text``."""
    loader = _RuleLoader(checked_text(text, filename), filename)
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
    composed = root or loader.root  # after a syntax error, the part composed before it
    try:
        if composed is not None:
            loader.check(composed)
    except _Stop:
        pass
    if loader.fatal:
        raise RuleFileError(loader.errors)
    try:
        loaded = loader.expand(root)
    except RuleFileError as too_large:
        raise RuleFileError(loader.errors + too_large.errors) from None
    if loader.errors:
        raise RuleFileError(loader.errors)
    return loaded


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


class _Alias(yaml.Node):
    """A use of an anchored node (``*name``), kept where PyYAML's composer
    would put the anchored node itself: an aliased value is placed at the
    alias (game/rules/marked.py), and the expansion copies it there."""

    id = "alias"

    def __init__(self, target: yaml.Node, start_mark: Any) -> None:
        super().__init__(target.tag, target.value, start_mark, start_mark)
        self.target = target


class _Stop(Exception):
    """Reading cannot go on; the reason is already among the loader's errors."""


def _mark(yaml_mark: Any) -> Mark:
    return START_MARK if yaml_mark is None else (yaml_mark.line + 1, yaml_mark.column + 1)


def _shown_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _preview(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _target(node: yaml.Node) -> yaml.Node:
    return node.target if isinstance(node, _Alias) else node


class _RuleLoader(yaml.SafeLoader):
    """PyYAML's safe loader, bounded and strict through its own hooks.

    Composing (``compose_node``) counts values and nesting, refuses tags that
    are not plain data, lets an anchor be redefined and reports a bad alias
    without stopping. The composed nodes are then checked once each
    (``_check``: keys, duplicates, merges, scalar values through the safe
    constructors) and expanded into plain data with the place of every value
    (``_expand``). Every mistake is collected, so a modder sees them all."""

    def __init__(self, source: str, filename: str) -> None:
        super().__init__(source)
        self.filename = filename
        self.errors: list[RuleError] = []
        self.fatal = False
        self.root: yaml.Node | None = None  # the document's root, once composing starts
        self._depth = 0
        self._values = 0
        self._reported: set[int] = set()  # nodes standing in for a mistake already reported
        self._scalars: dict[int, PlainData] = {}  # scalar node -> its value
        # mapping node -> its entries, merged ones first: (key, key mark, value node)
        self._entries: dict[int, list[tuple[str | int, Mark, yaml.Node]]] = {}

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

    # Composing: PyYAML's composer, through its hooks -------------------------------------

    def compose_rule_file(self) -> yaml.Node | None:
        """The root of the only document, or None for an empty stream."""
        self.get_event()  # stream start
        if self.check_event(StreamEndEvent):
            return None
        root = self.compose_document()
        if not self.check_event(StreamEndEvent):
            second = self.get_event()
            self.error(_mark(second.start_mark), "a rule file holds one YAML document, not several")
        return root

    def descend_resolver(self, parent: yaml.Node | None, index: Any) -> None:
        # The first parent is the root: after a syntax error the part composed
        # so far is still checked, so the mistakes before it are reported too.
        if self.root is None and parent is not None:
            self.root = parent
        super().descend_resolver(parent, index)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        mark = _mark(event.start_mark)
        self._values += 1
        if self._values > MAX_NODES:
            self.stop(mark, f"document has more than {MAX_NODES} values")
            raise _Stop
        if isinstance(event, AliasEvent):
            return self._alias(self.get_event(), mark)
        if not isinstance(event, ScalarEvent) and self._depth >= MAX_DEPTH:
            self.stop(mark, f"nesting is too deep (more than {MAX_DEPTH} levels)")
            raise _Stop
        refused = event.tag is not None and not self._tag_allowed(event, mark)
        # PyYAML refuses a redefined anchor; the YAML spec lets an alias use the latest.
        self.anchors.pop(event.anchor, None)
        self._depth += 1
        node = super().compose_node(parent, index)
        self._depth -= 1
        if refused:
            self._reported.add(id(node))
        return node  # never None: PyYAML's stubs say it may be

    def _alias(self, event: AliasEvent, mark: Mark) -> yaml.Node:
        target = self.anchors.get(event.anchor or "")
        if target is None:
            self.error(mark, f"alias *{event.anchor} has no anchor &{event.anchor} before it")
        elif target.end_mark is None:  # still being composed
            self.error(mark, f"alias *{event.anchor} is inside the node it refers to")
        else:
            return _Alias(target, event.start_mark)
        stand_in = yaml.ScalarNode(_TAG + "null", "")
        self._reported.add(id(stand_in))
        return stand_in

    def _tag_allowed(self, event: Any, mark: Mark) -> bool:
        name = event.tag.removeprefix(_TAG) if event.tag.startswith(_TAG) else None
        if isinstance(event, ScalarEvent):
            kind, allowed = "a single value", _SCALAR_TAGS
        elif isinstance(event, MappingStartEvent):
            kind, allowed = "a mapping", {"map"}
        else:
            kind, allowed = "a list", {"seq"}
        if name not in _SCALAR_TAGS | {"map", "seq"}:
            self.error(
                mark, f"tags are not allowed ({_shown_tag(event.tag)}); {_ALLOWED_TAGS_TEXT}"
            )
        elif name not in allowed:
            self.error(mark, f"!!{name} cannot be used on {kind}")
        elif isinstance(event, ScalarEvent) and not self._fits(name, event.value):
            hint = " (write true or false)" if name == "bool" else ""
            self.error(mark, f"{_preview(event.value)} is not a valid !!{name}{hint}")
        else:
            return True
        return False

    def _fits(self, name: str, text: str) -> bool:
        """Whether an explicitly tagged scalar is written as its tag requires."""
        wanted = {_TAG + name} | ({_TAG + "int"} if name == "float" else set())
        return name == "str" or any(
            tag in wanted and pattern.match(text)
            for resolvers in self.yaml_implicit_resolvers.values()
            for tag, pattern in resolvers
        )

    # Checking each node once -------------------------------------------------------------

    def check(self, root: yaml.Node) -> None:
        """Keys, duplicates, merges and scalar values of every node, children first
        (a merge's sources are complete before the mapping that merges them)."""
        seen: set[int] = set()
        pending: list[tuple[yaml.Node, bool]] = [(root, False)]
        while pending:
            node, children_done = pending.pop()
            node = _target(node)
            if children_done:
                self._check_node(node)
            elif id(node) not in seen:
                seen.add(id(node))
                pending.append((node, True))
                if isinstance(node, yaml.SequenceNode):
                    pending.extend((item, False) for item in reversed(node.value))
                elif isinstance(node, yaml.MappingNode):
                    for key, value in reversed(node.value):
                        pending += [(value, False), (key, False)]

    def _check_node(self, node: yaml.Node) -> None:
        if isinstance(node, yaml.ScalarNode):
            self._scalars[id(node)] = self._scalar(node)
        elif isinstance(node, yaml.MappingNode):
            self._entries[id(node)] = self._mapping_entries(node)

    def _scalar(self, node: yaml.ScalarNode) -> PlainData:
        if id(node) in self._reported:
            return None
        if node.tag == _TAG + "merge":
            return node.value  # "<<" anywhere but a key is the text it is
        try:
            value: PlainData = self.yaml_constructors[node.tag](self, node)
        except (ValueError, OverflowError):
            # Python refuses decimal strings of thousands of digits, and the int
            # pattern lets a few digitless forms such as "0x_" through.
            name = node.tag.removeprefix(_TAG)
            what = "an integer" if name == "int" else f"a !!{name}"
            self.error(_mark(node.start_mark), f"cannot read {_preview(node.value)} as {what}")
            self._reported.add(id(node))
            return None
        return value

    def _mapping_entries(self, node: yaml.MappingNode) -> list[tuple[str | int, Mark, yaml.Node]]:
        first_marks: dict[str | int, Mark] = {}
        merge_mark: Mark | None = None
        own: list[tuple[str | int, Mark, yaml.Node]] = []
        sources: list[yaml.Node] = []
        for key_node, value in node.value:
            key_mark = _mark(key_node.start_mark)
            key = self._key(_target(key_node), key_mark)
            if key is None:
                continue
            if _target(key_node).tag == _TAG + "merge":
                if merge_mark is not None:
                    self.error(key_mark, f"duplicate key '<<' (first at line {merge_mark[0]})")
                    continue
                merge_mark = key_mark
                sources += self._merge_sources(value)
            elif key in first_marks:
                self.error(key_mark, f"duplicate key {key!r} (first at line {first_marks[key][0]})")
            else:
                first_marks[key] = key_mark
                own.append((key, key_mark, value))
        merged = []
        for source in sources:
            for entry in self._entries.get(id(source), []):
                if entry[0] not in first_marks:
                    first_marks[entry[0]] = entry[1]
                    merged.append(entry)
        # Chains of merges can copy entries quadratically, so they count as values.
        self._values += len(merged)
        if self._values > MAX_NODES:
            self.stop(_mark(node.start_mark), _EXPANSION_TOO_LARGE)
            raise _Stop
        return merged + own

    def _key(self, node: yaml.Node, mark: Mark) -> str | int | None:
        if isinstance(node, yaml.MappingNode):
            self.error(mark, "mapping keys must be strings or integers, not a mapping")
        elif isinstance(node, yaml.SequenceNode):
            self.error(mark, "mapping keys must be strings or integers, not a list")
        elif node.tag == _TAG + "merge":
            return "<<"
        else:
            value = self._scalars.get(id(node))
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return value
            if id(node) not in self._reported:
                kind = {type(None): "null", bool: "a boolean"}.get(type(value), "a float")
                self.error(
                    mark,
                    f"mapping keys must be strings or integers, not {kind}"
                    " (quote the key if it is text)",
                )
        return None

    def _merge_sources(self, value: yaml.Node) -> list[yaml.Node]:
        target = _target(value)
        items = target.value if isinstance(target, yaml.SequenceNode) else [value]
        sources = []
        for item in items:
            if isinstance(_target(item), yaml.MappingNode):
                sources.append(_target(item))
            elif id(_target(item)) not in self._reported:
                self.error(
                    _mark(item.start_mark), "merge key '<<' takes a mapping or a list of mappings"
                )
        return sources

    # Expanding the checked nodes into plain data -----------------------------------------

    def expand(self, root: yaml.Node | None) -> LoadedYaml:
        """Plain data from the nodes, copying aliased nodes, without recursion."""
        marks: dict[Path, Mark] = {(): START_MARK}
        value_marks: dict[Path, Mark] = {(): START_MARK}
        holder: list[PlainData] = [None]
        # (the node as written, its path, its container, slot)
        pending: list[tuple[yaml.Node, Path, Any, Any]] = []
        if root is not None:
            pending.append((root, (), holder, 0))
            marks[()] = _mark(root.start_mark)
        built = 0
        while pending:
            written, path, container, slot = pending.pop()
            node = _target(written)
            mark = _mark(written.start_mark)
            entries = self._entries.get(id(node), [])
            built += 1 + len(entries)
            if built > MAX_NODES:
                raise RuleFileError([RuleError(self.filename, *mark, _EXPANSION_TOO_LARGE)])
            value_marks[path] = mark
            marks.setdefault(path, mark)  # a mapping entry's mark, its key, is already set
            if isinstance(node, yaml.SequenceNode):
                container[slot] = items = [None] * len(node.value)
                for index in range(len(node.value) - 1, -1, -1):
                    pending.append((node.value[index], (*path, index), items, index))
            elif isinstance(node, yaml.MappingNode):
                container[slot] = mapping = dict.fromkeys(entry[0] for entry in entries)
                for key, key_mark, value in reversed(entries):
                    marks[(*path, key)] = key_mark
                    pending.append((value, (*path, key), mapping, key))
            else:
                container[slot] = self._scalars.get(id(node))
        return LoadedYaml(holder[0], self.filename, marks, value_marks)


# Only true/false are booleans; dates, `=` and the `!`/`&`/`*` forms stay text.
_RESOLVED = {_TAG + "null", _TAG + "int", _TAG + "float", _TAG + "merge"}
_RuleLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in _RESOLVED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_RuleLoader.add_implicit_resolver(
    _TAG + "bool", re.compile(r"^(?:true|false)$", re.IGNORECASE), list("tTfF")
)
