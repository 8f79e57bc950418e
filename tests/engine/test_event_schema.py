"""The replay log's one declaration (game/engine/events/) against what the
engine writes and what docs/replay-format.md says.

Every event the engine writes in whole matches of classic, UNO Duo, UNO
Flip, the 112-card edition and a spread of house rules is one the
declaration allows (the writer's strict check: no field it does not name),
and every kind of event and every optional field it declares is written by
one of those matches, or is named here as rare with why. The page's event
tables list exactly the declared events and fields, each required or
optional as declared, so the page cannot drift from the format the reader
checks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NotRequired, get_args, get_origin, get_type_hints

import pytest
from pydantic.fields import FieldInfo

from game.bots import make_bot
from game.engine.events import EVENT_TYPES
from game.log.format import check_event
from game.play.sim import play_match
from game.rules.loader import load_rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "replay-format.md"

# (rule sets, seats, seeds): whole matches of basic bots.
MATCHES = [
    (["classic"], 4, range(10)),  # seeds 6 and 9 run the draw pile out
    (["duo"], 2, range(3)),
    (["flip"], 4, range(3)),
    (["uno112"], 4, range(3)),
    (["uno112", "house/shuffle-hands-redeal"], 3, range(3)),
    (["classic", "house/jump-in", "house/seven-o", "house/stacking", "house/teams"], 4, range(3)),
    (["classic", "house/loser-scores"], 3, range(3)),
]
# (event, "") or (event, field) that no match above writes, and why it is rare.
RARE = {
    ("round_end", "blocked"): "a round nobody can finish: every seat passes with nothing to draw",
}


def declared_fields() -> dict[tuple[str, str], bool]:
    """(event, field) -> whether it is required, from the declaration."""
    return {
        (kind, name): name in event.__required_keys__
        for kind, event in EVENT_TYPES.items()
        for name in get_type_hints(event)
        if name != "t"
    }


# The tests read what the matches of `written` wrote: on one worker they are played once.
pytestmark = pytest.mark.xdist_group("event-schema")


@pytest.fixture(scope="module")
def written() -> set[tuple[str, str]]:
    """(event, field) of every field the matches wrote, and (event, "") per kind."""
    found: set[tuple[str, str]] = set()
    for names, players, seeds in MATCHES:
        rules = load_rules(names)
        for seed in seeds:
            bots = [make_bot("basic", seed + 1 + seat) for seat in range(players)]
            for event in play_match(rules, players, seed, bots).events:
                check_event(event, players)  # strict: a field nobody declared is refused
                found.add((event["t"], ""))
                found.update((event["t"], name) for name in event if name != "t")
    return found


def test_every_declared_event_is_written_by_some_match_or_is_rare(written):
    unwritten = {(kind, "") for kind in EVENT_TYPES if (kind, "") not in written}
    assert unwritten <= set(RARE), sorted(unwritten)


def test_every_optional_field_is_written_by_some_match_or_is_rare(written):
    optional = {key for key, required in declared_fields().items() if not required}
    assert optional - written <= set(RARE), sorted(optional - written)


def test_every_field_says_what_it_means():
    for kind, event in EVENT_TYPES.items():
        for name, hint in get_type_hints(event, include_extras=True).items():
            if get_origin(hint) is NotRequired:
                (hint,) = get_args(hint)
            meanings = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, FieldInfo)]
            assert name == "t" or any(m.description for m in meanings), f"{kind}.{name}"


# --- the page ------------------------------------------------------------------------


def _outside_brackets(text: str) -> str:
    """`text` without what is in parentheses: `target` (… or `null` …) is `target`."""
    depth, kept = 0, []
    for char in text:
        depth += char == "("
        if depth == 0:
            kept.append(char)
        depth -= char == ")" and depth > 0
    return "".join(kept)


def documented_fields(page: str) -> dict[tuple[str, str], bool]:
    """(event, field) -> required, from the page's event tables: an event's row
    lists its fields (what is in brackets explains them); a row `event.field`
    is a field the event may have."""
    section = page.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    found: dict[tuple[str, str], bool] = {}
    header = ""
    for line in section.splitlines():
        if not line.startswith("|"):
            header = ""
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not header:
            header = cells[0]
            continue
        if header not in ("event", "event / field") or set(cells[0]) <= set("-"):
            continue
        name = cells[0].strip("`")
        if "." in name:
            kind, field = name.split(".", 1)
            found[(kind, field)] = False
        else:
            found[(name, "")] = True
            for field in re.findall(r"`([a-z_]+)`", _outside_brackets(cells[1])):
                found[(name, field)] = True
    return found


def test_the_pages_tables_list_exactly_the_declared_events_and_fields():
    documented = documented_fields(DOC.read_text(encoding="utf-8"))
    events = {kind for kind, field in documented if field == ""}
    assert events == set(EVENT_TYPES)
    fields = {key: required for key, required in documented.items() if key[1]}
    assert fields == declared_fields()


def test_the_page_is_read_as_its_tables_say():
    """What the page check reads: a field left out of a row, a field made
    optional, an event missing, each shows."""
    page = DOC.read_text(encoding="utf-8")
    assert ("deal", "cards") in documented_fields(page)
    without = page.replace("| `deal` | `p`, `cards` (list) |", "| `deal` | `p` |")
    assert ("deal", "cards") not in documented_fields(without)
    assert ("game", "target") in documented_fields(page)
    assert ("game", "null") not in documented_fields(page)  # in brackets: an explanation
    assert documented_fields(page)[("round_end", "blocked")] is False
    assert ("flip", "") in documented_fields(page)
