"""Engine discipline: the engine knows building blocks, never rule sets.

The engine's discipline: "Each new behaviour is one building
block with a docstring showing its YAML use, and a test. No rule-set name in
engine code; a test fails if `duo`, `uno112` or a house rule's name appears
in `game/engine/`." And docs/rules.md §2-4: every variant differs from classic
only in YAML, so every shipped rule file must validate.

What counts as a name:
* rule-set names are the file names under rules/ (`classic`, `duo`,
  `uno112`, `uno112-blank`, `house/seven-o`, ...), in their written form
  (`seven-o`) and as an identifier would spell them (`seven_o`);
* some house rules switch on a schema setting of the same meaning, and
  those settings are engine vocabulary, not rule-set names: `jump_in`
  (`turn.jump_in`), `teams` (`scoring.teams`) and `rounds_won` (a scoring
  scheme); they are allowed as identifiers and setting names, but the
  rule-set spelling (`jump-in`, a string "teams" naming a rule set) is not.
* card kind names are the keys under `cards:` in the shipped rule files;
  `number`, `wild` and `action` are also the schema's card *categories*
  (`category: number`), which the engine may compare with.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest
import yaml

from game.engine import conditions, effects
from game.engine.cards import card_table
from game.play.selftest import check_files
from game.rules.card_blocks import compile_condition, compile_effects
from game.rules.loader import RULES_DIR, layer_base, load_rules
from game.rules.names import available_rule_sets
from game.rules.yamlsafe import load_yaml_file

ENGINE = Path(effects.__file__).resolve().parent
SOURCES = sorted(ENGINE.glob("*.py"))

RULE_SETS = available_rule_sets()
# Engine settings / schemes that share a meaning (not a spelling) with a rule set.
# Words a rule set shares with a setting or a building block: `flip` names the
# rule set, the effect that turns a two-sided deck over and its event.
SETTING_NAMES = {"jump_in", "teams", "rounds_won", "flip"}
CATEGORIES = {"number", "wild", "action"}


def _rule_set_words() -> set[str]:
    words = set()
    for name in RULE_SETS:
        short = name.split("/")[-1]
        words.add(short)
        words.add(short.replace("-", "_"))
    return words


RULE_SET_WORDS = _rule_set_words()


@cache
def _kind_names() -> frozenset[str]:
    names = set()
    for path in RULES_DIR.rglob("*.yaml"):
        data = load_yaml_file(path).data or {}
        names.update((data.get("cards") or {}).keys())
    return frozenset(names)


def _docstring_positions(tree: ast.AST) -> set[tuple[int, int]]:
    """(line, column) of every docstring constant, to leave them out of 'code'."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                found.add((body[0].value.lineno, body[0].value.col_offset))
    return found


def _code_tokens(path: Path):
    """(line, kind, text) of identifiers and non-docstring string literals."""
    text = path.read_text(encoding="utf-8")
    docstrings = _docstring_positions(ast.parse(text))
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME:
            yield tok.start[0], "name", tok.string
        elif tok.type == tokenize.STRING and tok.start not in docstrings:
            try:
                value = ast.literal_eval(tok.string)
            except ValueError:  # an f-string: check its text as written
                value = tok.string
            yield tok.start[0], "string", value


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", text.lower()))


def test_word_list_is_the_rule_files():
    """The names checked below are exactly the shipped rule files' names."""
    assert {"classic", "duo", "uno112", "uno112-blank", "uno112_blank"} <= RULE_SET_WORDS
    assert {"seven-o", "seven_o", "jump-in", "stacking", "teams"} <= RULE_SET_WORDS
    assert len(RULE_SETS) >= 21


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_rule_set_name_in_engine_code(path):
    """No rule-set or house-rule name in the
    engine's code -- identifiers and string literals (docstrings and comments
    are prose, checked separately below)."""
    found = []
    for line, kind, text in _code_tokens(path):
        if kind == "name":
            if text.lower() in RULE_SET_WORDS - SETTING_NAMES:
                found.append((line, text))
        else:
            hits = _words(text) & RULE_SET_WORDS
            # A setting name is fine inside a literal only as a setting, e.g. "jump_in".
            hits -= {w for w in hits if w in SETTING_NAMES}
            if hits:
                found.append((line, repr(text)))
    assert found == [], f"{path.name}: rule-set names in engine code: {found}"


def _prose_mentions(path: Path) -> list[tuple[int, str]]:
    found = []
    text = path.read_text(encoding="utf-8")
    wanted = {"duo", "uno112", "uno112-blank", "classic"} | {
        w for w in RULE_SET_WORDS if "-" in w and w not in {"app-2-4"}
    }
    for number, line in enumerate(text.splitlines(), 1):
        hits = _words(line) & wanted
        if hits:
            found.append((number, ", ".join(sorted(hits))))
    return found


def test_no_rule_set_name_anywhere_in_engine_source():
    """The discipline read literally: `duo`, `uno112`,
    `classic` and the house rules' names (`seven-o`, `jump-in`, ...) appear
    nowhere in game/engine/*.py, comments and docstrings included."""
    found = {path.name: _prose_mentions(path) for path in SOURCES}
    found = {name: hits for name, hits in found.items() if hits}
    assert found == {}


# --- no card-kind names compared in engine code --------------------------------------------


def _forbidden_kinds() -> set[str]:
    return set(_kind_names()) - CATEGORIES


def _constants(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [c for elt in node.elts for c in _constants(elt)]
    return []


def _kind_literals(tree: ast.AST) -> list[tuple[int, str]]:
    forbidden = _forbidden_kinds()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                found += [(node.lineno, c) for c in _constants(operand) if c in forbidden]
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    found += [(node.lineno, c) for c in _constants(key) if c in forbidden]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, c) for c in _constants(node.value) if c in forbidden]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            # kinds["skip"]-style lookups go through subscripts; .get("skip") too.
            if node.func.attr == "get" and node.args:
                found += [(node.lineno, c) for c in _constants(node.args[0]) if c in forbidden]
        elif isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Name) and node.value.id == "Literal":
                continue  # a type: the event "skip" (events.py) is no card kind
            found += [(node.lineno, c) for c in _constants(node.slice) if c in forbidden]
    return found


def test_kind_name_list_is_sane():
    """The kinds checked are the shipped ones: the classic actions and the
    112-card specials."""
    kinds = _forbidden_kinds()
    assert {"skip", "reverse", "draw_two", "wild_draw_four"} <= kinds
    assert {"wild_shuffle_hands", "wild_swap_hands", "blank"} <= kinds


def test_the_kind_literal_check_catches_a_comparison():
    """The check finds `if kind == "skip"`, `in ("skip", ...)`, dict keys and lookups."""
    code = (
        "if kind == 'skip': pass\n"
        "if name in ('reverse', 'x'): pass\n"
        "table = {'draw_two': 1}\n"
        "x = kinds['wild_draw_four']\n"
        "if category == 'number': pass\n"
    )
    found = {c for _, c in _kind_literals(ast.parse(code))}
    assert found == {"skip", "reverse", "draw_two", "wild_draw_four"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_card_kind_name_compared_in_engine_code(path):
    """Card behaviour comes from effect blocks,
    never from `if kind == "skip"`-style tests of card kind names (skip,
    reverse, draw_two, wild_draw_four, the 112-card specials...) in engine code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _kind_literals(tree) == [], f"{path.name} compares card kind names"


# --- every block documents its YAML use ----------------------------------------------------


def _yaml_examples(doc: str) -> list[str]:
    """The backticked snippets after 'YAML:' in a docstring."""
    if "YAML:" not in doc:
        return []
    after = doc.split("YAML:", 1)[1]
    return re.findall(r"`([^`]+)`", after)


@pytest.mark.parametrize("name", sorted(effects.REGISTRY))
def test_every_effect_has_a_yaml_example_that_validates(name):
    """'Each new behaviour is one building block with a docstring
    showing its YAML use' -- the docstring has `YAML:` and a snippet using the
    effect, and every effect snippet validates against the registry."""
    block = effects.REGISTRY[name]
    assert "YAML:" in block.doc, f"effect {name} has no YAML: example"
    snippets = _yaml_examples(block.doc)
    using = [s for s in snippets if re.search(rf"\b{re.escape(name)}\b", s)]
    assert using, f"effect {name}: no YAML snippet uses it: {snippets}"
    for snippet in snippets:
        if snippet.lstrip().startswith("- "):
            problems: list = []
            compile_effects(yaml.safe_load(snippet), ("example",), problems)
            assert problems == [], f"{name}: {snippet!r}: {problems}"


@pytest.mark.parametrize("name", sorted(conditions.REGISTRY))
def test_every_condition_has_a_yaml_example_that_validates(name):
    """Every condition documents its YAML use;
    the snippet names the condition and validates."""
    block = conditions.REGISTRY[name]
    assert "YAML:" in block.doc, f"condition {name} has no YAML: example"
    snippets = [s for s in _yaml_examples(block.doc) if re.search(rf"\b{name}\b", s)]
    assert snippets, f"condition {name}: no YAML snippet names it"
    for snippet in snippets:
        problems: list = []
        data = yaml.safe_load(snippet)
        if isinstance(data, list):
            compile_effects(data, ("example",), problems)
        else:
            ((key, value),) = data.items()
            assert key in ("play_only_if", "when"), snippet
            compile_condition(value, ("example",), problems)
        assert problems == [], f"{name}: {snippet!r}: {problems}"


# --- every shipped rule file validates -----------------------------------------------------


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_shipped_rule_file_validates(name):
    """docs/rules.md §2-4: every shipped rule set checks clean (`check`:
    a base on its own, a house file on the base it requires, else classic)."""
    assert check_files([name]) == []
    path = RULES_DIR / f"{name}.yaml"
    base = layer_base(path)
    rule_set = load_rules([name] if base is None else [base, name])
    assert card_table(rule_set).size >= 108


def test_every_house_file_says_what_it_does():
    """Each house rule is a small file that names itself under
    `house_rules` with a name and a one-line explanation (the menu shows
    them), plain or in several languages with the English among them, and
    may add what Learn as you play says of it (`teach`)."""
    for name in RULE_SETS:
        if not name.startswith("house/"):
            continue
        data = load_yaml_file(RULES_DIR / f"{name}.yaml").data
        explained = data.get("house_rules") or {}
        assert list(explained) == [name.split("/")[-1]], name
        for entry in explained.values():
            assert {"name", "description"} <= set(entry) <= {"name", "description", "teach"}, name
            for text in entry.values():
                english = text.get("en") if isinstance(text, dict) else text
                assert isinstance(english, str) and english.strip(), name
