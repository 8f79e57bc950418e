"""One rule set, all its files together, is bounded (game/rules/load_budget.py):
files, bytes and values across every file it reaches through `extends:`,
counted, so a pack is refused the same way everywhere, at the line of the
`extends:` that goes past the bound.

The packs are generated: the hostile one is the shape once found to take
gigabytes (small files, each extending two more and expanding by aliases
to some 92,000 values); the quick run uses smaller files of the same shape.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from game.rules import load_budget, loader
from game.rules.errors import RuleFileError
from game.rules.load_budget import MAX_FILES, MAX_VALUES
from game.rules.loader import load_rules
from game.rules.names import display_path
from game.rules.yamlsafe import MAX_NODES
from tests.depth import work


def _padding(values: int) -> str:
    """YAML that expands by aliases to about `values` values (a list of lists
    of ten, each level aliasing the one below ten times)."""
    lines = ["padding:", "  l0: &l0 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"]
    size, level = 11, 0
    while size * 10 <= values // 2:
        lines.append(f"  l{level + 1}: &l{level + 1} [{', '.join([f'*l{level}'] * 10)}]")
        size, level = size * 10 + 1, level + 1
    copies = max(1, values // size - 1)
    lines.append(f"  top: [{', '.join([f'*l{level}'] * copies)}]")
    return "\n".join(lines) + "\n"


def _tree_pack(folder: Path, files: int, values: int) -> Path:
    """`files` rule files, file i extending files 2i+1 and 2i+2 (those that
    exist), each padded to about `values` values; the root is f0.yaml."""
    for index in range(files):
        parents = [f"f{child}.yaml" for child in (2 * index + 1, 2 * index + 2) if child < files]
        extends = f"extends: [{', '.join(parents)}]\n" if parents else "extends: classic\n"
        (folder / f"f{index}.yaml").write_text(extends + _padding(values), encoding="utf-8")
    return folder / "f0.yaml"


@pytest.fixture
def reads(monkeypatch):
    """Every file the loader reads, with the values it holds."""
    seen: list[tuple[str, int]] = []
    real = loader.load_yaml_file

    def counting(path, display_name=None):
        loaded = real(path, display_name)
        seen.append((str(path), len(loaded.value_marks)))
        return loaded

    monkeypatch.setattr(loader, "load_yaml_file", counting)
    return seen


def test_a_pack_of_files_expanding_to_many_values_is_refused_early(tmp_path, reads):
    # 97 files, each extending two more: the hostile pack (92,000 values a
    # file in a thorough run; a third of it in the quick one).
    values = work(92_000, 30_000)
    root = _tree_pack(tmp_path, 97, values)
    with pytest.raises(RuleFileError) as refused:
        load_rules([str(root)])
    (error,) = refused.value.errors
    assert f"hold more than {MAX_VALUES:,} values together" in error.message
    # At the `extends:` (line 1) of the file that named the file past the bound.
    assert error.line == 1 and error.file.endswith(".yaml")
    named = error.message.split(":", 1)[0].removeprefix("extends ")
    assert named in [display_path(Path(path)) for path, _ in reads]
    assert sum(count for _, count in reads) <= MAX_VALUES + MAX_NODES
    assert len(reads) <= MAX_VALUES // min(count for _, count in reads) + 1


def test_a_rule_set_reaching_too_many_files_is_refused_at_the_extends(tmp_path, reads):
    root = _tree_pack(tmp_path, MAX_FILES + 30, 10)
    with pytest.raises(RuleFileError) as refused:
        load_rules([str(root)])
    (error,) = refused.value.errors
    assert f"more than {MAX_FILES} files" in error.message
    assert error.line == 1 and error.message.startswith("extends ")
    assert len(reads) == MAX_FILES


def test_the_bytes_of_all_the_files_are_bounded(tmp_path, reads, monkeypatch):
    monkeypatch.setattr(load_budget, "MAX_BYTES", 20_000)
    for index in range(6):
        parent = f"b{index + 1}.yaml" if index < 5 else "classic"
        text = f"extends: {parent}\n" + f"# {'x' * 70}\n" * 60
        (tmp_path / f"b{index}.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as refused:
        load_rules([str(tmp_path / "b0.yaml")])
    (error,) = refused.value.errors
    assert "larger than 20000 bytes together" in error.message
    assert error.file == display_path(tmp_path / "b3.yaml") and error.line == 1
    assert len(reads) == 4


def test_a_diamond_of_extends_reads_each_file_once(tmp_path, reads):
    """File i extends i+1 and i+2: some 800,000 ways down from the top, and
    still each file is read once, and the rule set is classic's."""
    files = 30
    for index in range(files):
        parents = [f"d{i}.yaml" for i in (index + 1, index + 2) if i < files] or ["classic"]
        (tmp_path / f"d{index}.yaml").write_text(f"extends: [{', '.join(parents)}]\n")
    rules = load_rules([str(tmp_path / "d0.yaml")])
    read = [path for path, _ in reads]
    assert len(read) == len(set(read)) == files + 1
    assert rules.model == load_rules(["classic"]).model


def test_the_removed_cards_check_reads_the_origins_once():
    """The checks across files are a pass over what was read: the one that
    refuses a change to a card another file takes out of the deck once went
    through every origin for each removed card (quadratic in a big pack)."""
    from game.rules.conflicts import check_removed_cards

    class Origins(dict):
        passes = 0

        def items(self):
            Origins.passes += 1
            return super().items()

    kinds = 50
    data = {"cards": {f"k{i}": {"copies": 0, "label": "K"} for i in range(kinds)}}
    origin = Origins(
        {
            ("cards", f"k{i}", key): SimpleNamespace(data={}, filename="base.yaml")
            for i in range(kinds)
            for key in data["cards"]["k0"]
        }
    )
    assert check_removed_cards(data, origin, {}) == []
    assert Origins.passes <= 1
