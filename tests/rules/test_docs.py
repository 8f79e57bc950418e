"""The rules reference is generated from the registries and must be current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.engine import conditions, effects

ROOT = Path(__file__).resolve().parents[2]


def test_rules_readme_reference_is_current():
    run = subprocess.run(
        [sys.executable, "tools/rules_reference.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_block_documents_its_yaml_use():
    for registry in (effects.REGISTRY, conditions.REGISTRY):
        for name, block in registry.items():
            assert "YAML:" in block.doc, f"{name} has no YAML example in its docstring"
            assert name in block.doc, f"{name}'s YAML example does not use its own name"
