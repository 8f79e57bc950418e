"""Rules that cannot be played together, found before anyone deals a card.

Layering is "later over earlier", which is right for a house rule over its
base, but two house rules that set the same thing differently would make
the later one win silently. So:

- two overlays (the names after the first) may not set one setting to two
  different values;
- an overlay narrows the player count, never widens it: its range meets the
  base's range, and an empty meeting is a conflict;
- a few combinations are refused because one rule would make the other
  meaningless (see SEMANTIC_CHECKS).

Every message names the files on both sides and says why.
"""

from __future__ import annotations

from typing import Any

from game.engine.effects import REGISTRY as EFFECTS
from game.engine.said import said
from game.engine.scoring import SCHEMES
from game.rules.errors import RuleError

Origin = dict  # key path -> LoadedYaml that set it last


def overlay_clash(loc: tuple, old_value: Any, new_value: Any, old_file, new_file) -> RuleError:
    path = ".".join(map(str, loc))
    # The earlier file's line too: the clash is fixed in one file or the other.
    other_line, _column = old_file.mark(loc)
    return new_file.error_at(
        loc,
        said(
            "{path}: {file} sets {value} but {other} sets {other_value}; "
            "these house rules conflict, use one of them",
            path=path,
            file=new_file.filename,
            value=_show(new_value),
            other=f"{old_file.filename}:{other_line}",
            other_value=_show(old_value),
        ),
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):  # e.g. a label in several languages
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def narrow_players(into: dict, over: dict, base_name: str, new_file) -> list[RuleError]:
    """Meet the overlay's player range with the one below it (in place)."""
    below = dict(into.get("players") or {})
    wanted = over.get("players")
    if not isinstance(wanted, dict):
        return []
    low = max(_int(below.get("min"), 2), _int(wanted.get("min"), 2))
    high = min(_int(below.get("max"), 10), _int(wanted.get("max"), 10))
    only_sets = [set(x) for x in (below.get("only"), wanted.get("only")) if isinstance(x, list)]
    merged: dict = {"min": low, "max": high}
    if only_sets:
        merged["only"] = sorted(n for n in set.intersection(*only_sets) if low <= n <= high)
    counts = [n for n in range(low, high + 1) if "only" not in merged or n in merged["only"]]
    over["players"] = merged
    if counts:
        return []
    return [
        new_file.error_at(
            ("players",),
            said(
                "players: {file} is for {count} players but {base} is for {base_count}; "
                "no table fits both",
                file=new_file.filename,
                count=_range(wanted),
                base=base_name,
                base_count=_range(below),
            ),
        )
    ]


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _range(players: dict) -> str:
    if isinstance(players.get("only"), list):
        return ", ".join(map(str, players["only"]))
    low, high = _int(players.get("min"), 2), _int(players.get("max"), 10)
    return str(low) if low == high else f"{low} to {high}"


def _who(origin: Origin, *path) -> str:
    for cut in range(len(path), 0, -1):
        loaded = origin.get(tuple(path[:cut]))
        if loaded is not None:
            return loaded.filename
    return "the rules"


def _effect_names(effects: Any) -> list[str]:
    names = []
    for entry in effects if isinstance(effects, list) else []:
        if isinstance(entry, str):
            names.append(entry)
        elif isinstance(entry, dict) and len(entry) == 1:
            names.append(next(iter(entry)))
    return names


def _blocks(effects: Any) -> list[Any]:
    """The registered blocks a card's raw effect list names (unknown names are
    the validator's to report)."""
    return [EFFECTS[name] for name in _effect_names(effects) if name in EFFECTS]


def _section(data: dict, key: str) -> dict:
    """`data[key]` when it is a mapping, else an empty one (a wrong type is the
    validator's to report)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def check_stacking(data: dict, origin: Origin, files) -> list[RuleError]:
    """A card may only stack on a draw card that the next seat gets to answer:
    one with an effect that leaves cards owed (`owes`), and none that lets
    its player go again first (`plays_again`)."""
    errors = []
    cards = _section(data, "cards")
    for name, kind in cards.items():
        if not isinstance(kind, dict):
            continue
        for target in kind.get("stacks_on") or []:
            other = cards.get(target)
            if not isinstance(other, dict):
                continue
            blocks = _blocks(other.get("effects"))
            here = ("cards", name, "stacks_on")
            stacker = _who(origin, *here)
            if not any(block.owes for block in blocks):
                errors.append(
                    files[stacker].error_at(
                        here,
                        f"cards.{name}.stacks_on: {stacker} stacks on {target}, but "
                        f"{_who(origin, 'cards', target, 'effects')} gives {target} no penalty "
                        "to answer",
                    )
                )
            elif any(block.plays_again for block in blocks):
                errors.append(
                    files[stacker].error_at(
                        here,
                        f"cards.{name}.stacks_on: {stacker} lets cards stack on {target}, but "
                        f"{_who(origin, 'cards', target, 'effects')} makes {target}'s player "
                        "play again, so nobody is ever in a position to answer it",
                    )
                )
    return errors


def check_scoring(data: dict, origin: Origin, files) -> list[RuleError]:
    """What the scheme says of itself (game/engine/scoring.py): whether its
    winner scores, for teams to share, and which `at_target` readings fit it."""
    scoring = _section(data, "scoring")
    scheme = scoring.get("scheme", "winner_takes_points")
    at_target = scoring.get("at_target", "wins")
    block = SCHEMES.get(scheme) if isinstance(scheme, str) else None
    if block is None:
        return []  # an unknown scheme: the validator says so
    errors = []
    if scoring.get("teams") is True and not block.winner_scores:
        teams = _who(origin, "scoring", "teams")
        errors.append(
            files[teams].error_at(
                ("scoring", "teams"),
                f"scoring.teams: {teams} shares what a team wins, but "
                f"{_who(origin, 'scoring', 'scheme')} scores with {scheme}, where winning "
                "scores nothing",
            )
        )
    if isinstance(at_target, str) and at_target not in block.at_target:
        # Reported where a file says at_target, else (the default) at the scheme.
        scheme_file = _who(origin, "scoring", "scheme")
        target_file = _who(origin, "scoring", "at_target")
        said = ("scoring", "at_target") in origin
        path = ("scoring", "at_target") if said else ("scoring", "scheme")
        where = target_file if said else scheme_file
        who_says = f"{target_file} says {at_target}" if said else f"at_target is {at_target}"
        errors.append(
            files[where].error_at(
                path,
                f"scoring.{path[-1]}: {who_says} at the target, but {scheme_file} scores "
                f"with {scheme}, where {block.at_target_why}",
            )
        )
    return errors


def _is_house_rule(loaded) -> bool:
    """A layer a table adds (a house rule), not a rule set or its base."""
    data = loaded.data
    return isinstance(data, dict) and "house_rules" in data and "extends" not in data


def check_removed_cards(data: dict, origin: Origin, files) -> list[RuleError]:
    """A house rule that changes a card kind which another file takes out of
    the deck (`copies: 0`) changes nothing: the card never comes up. So a
    swap-hands-card layer, which removes Shuffle Hands, refuses a
    shuffle-hands-redeal layer that rewrites it."""
    errors = []
    cards = _section(data, "cards")
    # Every key path under each card kind, gathered in one pass: a rule set
    # may hold many kinds and many paths, and this must stay linear.
    under: dict[object, list[tuple[tuple, Any]]] = {}
    for path, loaded in origin.items():
        if len(path) > 2 and path[0] == "cards" and path[2] != "copies":
            under.setdefault(path[1], []).append((path, loaded))
    for name, kind in cards.items():
        if not isinstance(kind, dict) or kind.get("copies") != 0:
            continue
        copies_of = kind.get("copies_of")
        if isinstance(copies_of, dict) and any(
            isinstance(n, int) and n > 0 for n in copies_of.values()
        ):
            continue
        remover = origin.get(("cards", name, "copies"))
        if remover is None:
            continue
        for path, loaded in under.get(name, []):
            if loaded is not remover and _is_house_rule(loaded):
                errors.append(
                    loaded.error_at(
                        path,
                        f"{'.'.join(map(str, path))}: {loaded.filename} changes {name}, "
                        f"but {remover.filename} takes {name} out of the deck (copies: 0), "
                        "so the change would never play; use one of them",
                    )
                )
                break
    return errors


SEMANTIC_CHECKS = (check_stacking, check_scoring, check_removed_cards)


def semantic_conflicts(data: dict, origin: Origin) -> list[RuleError]:
    files = {loaded.filename: loaded for loaded in origin.values()}
    errors: list[RuleError] = []
    for check in SEMANTIC_CHECKS:
        errors.extend(check(data, origin, files))
    return errors
