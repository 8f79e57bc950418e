"""How long the rule-file reader takes to refuse hostile input, against yaml.safe_load.

    python bench/yaml_limits.py

The tests bound the work (size, depth and value limits, checked in that
order) instead of timing it; these are the figures. Each line gives the
seconds our reader takes to answer and the ratio to PyYAML's own
`safe_load` on the same text (`safe_load` fails or expands where ours refuses).
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules.errors import RuleFileError  # noqa: E402
from game.rules.yamlsafe import MAX_DEPTH, MAX_INPUT_BYTES, MAX_NODES, load_yaml  # noqa: E402


def billion_laughs() -> str:
    lines = ["lol0: &lol0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        lines.append(f"lol{level}: &lol{level} [{', '.join([f'*lol{level - 1}'] * 10)}]")
    return "\n".join(lines) + "\n"


CASES = {
    "classic.yaml": (Path(__file__).resolve().parents[1] / "rules" / "classic.yaml").read_text(),
    f"{MAX_NODES + 1} values": "[" + "0," * MAX_NODES + "0]",
    "1 MiB scalar": "a: '" + "x" * (MAX_INPUT_BYTES - 6) + "'\n",
    "over the size limit": "a: 1\n" * 400_000,
    f"{MAX_DEPTH + 1} levels": "[" * 20_000 + "]" * 20_000,
    "alias bomb": billion_laughs(),
}


def seconds(load, text: str) -> float:
    started = time.perf_counter()
    with contextlib.suppress(RuleFileError, yaml.YAMLError, RecursionError, MemoryError):
        load(text)
    return time.perf_counter() - started


def main() -> None:
    print(f"{'input':24} {'ours s':>8} {'safe_load s':>12} {'ratio':>7}")
    for name, text in CASES.items():
        ours = seconds(lambda t: load_yaml(t, "bench.yaml"), text)
        # safe_load shares the aliased lists of the bomb instead of copying them.
        peer = seconds(yaml.safe_load, text)
        print(f"{name:24} {ours:8.3f} {peer:12.3f} {ours / peer:7.2f}")


if __name__ == "__main__":
    main()
