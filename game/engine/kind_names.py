"""The names of the decision kinds, a typed enumeration: a misspelt kind
fails the type check. Each name is declared with everything else about its
kind in game/engine/decisions.py, which refuses a kind not named here. The
names are the replay log's words too, so a kind keeps its name once released.

A module of its own, importing nothing, so that every record may name a kind
(`pending.Decision`) without importing the registry built on those records."""

from __future__ import annotations

from typing import Literal, get_args

KindName = Literal[
    "play",
    "drawn",
    "penalty",
    "more",
    "color",
    "player",
    "draft",
    "dump",
    "dump_next",
    "next_round",
]
KIND_NAMES: tuple[KindName, ...] = get_args(KindName)
