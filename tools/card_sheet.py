"""Paint cards onto one picture: every card of a rule set, or every art there is.

    python tools/card_sheet.py RULES... --out cards.png   # a rule set's cards
    python tools/card_sheet.py --arts --out arts.png      # each `art:` the game paints

RULES are what `python main.py check` takes (`classic`, `house/stacking`,
`my-rules.yaml`); a two-sided deck shows each side's faces in turn. Each card
is painted by the game's own painter from what its rule file says
(game/ui/card_book.py), once per colour and face, in the order a hand sorts
them, with its label under it. `--arts` shows each art name of
game/looks.py on a coloured card and on a wild, and a card without `art:`
(rules/README.md pictures them). Runs without a window.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.looks import ARTS, DEFAULT_RGB, CardLook, classic_palette, hex_rgb  # noqa: E402

CARD = (100, 150)
CELL = (124, 200)  # a card, and room for its name under it
FELT = (22, 92, 62)
MAX_COLUMNS = 12


def sheet(cells: list[tuple[CardLook, str]], columns: int) -> pygame.Surface:
    from game.ui.card_art import CardArt
    from game.ui.card_drawing import WHITE
    from game.ui.card_symbols import Symbols

    art = CardArt(CARD)
    words = Symbols()
    rows = (len(cells) + columns - 1) // columns
    out = pygame.Surface((columns * CELL[0] + 12, rows * CELL[1] + 12))
    out.fill(FELT)
    for i, (look, name) in enumerate(cells):
        x = 6 + (i % columns) * CELL[0] + (CELL[0] - CARD[0]) // 2
        y = 10 + (i // columns) * CELL[1]
        out.blit(art.face(look), (x, y))
        caption = words.words((CELL[0] - 8, CELL[1] - CARD[1] - 12), name, WHITE)
        out.blit(caption, caption.get_rect(midtop=(x + CARD[0] // 2, y + CARD[1] + 4)))
    return out


def rule_set_cells(names: list[str]) -> list[tuple[CardLook, str]]:
    from game.rules.errors import RuleFileError
    from game.rules.loader import load_rules
    from game.ui.card_book import CardBook, face_tables

    try:
        rules = load_rules(names)
    except RuleFileError as err:
        raise SystemExit("\n".join(str(e) for e in err.errors) or str(err)) from None
    book = CardBook(rules)
    # A two-sided deck: every face of its first side, then of the second.
    cards = [
        card
        for table in face_tables(rules)
        for card in sorted(set(table.face_names), key=book.sort_key)
    ]
    return [(book.look(card), book.label(card)) for card in cards]


def art_cells() -> list[tuple[CardLook, str]]:
    palette = classic_palette()
    blue = hex_rgb(DEFAULT_RGB["blue"])
    cells = []
    for body in (blue, None):
        for art in ARTS:
            text = "7" if art == "number" else "Your Rule"
            cells.append((CardLook(art, text, None, body, palette), art))
        cells.append((CardLook(None, "Your Label", "YL", body, palette), "(no art)"))
    return cells


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*", help="rule sets, as `main.py check` takes them")
    parser.add_argument("--arts", action="store_true", help="every art name instead")
    parser.add_argument("--out", required=True, help="the PNG file to write")
    args = parser.parse_args()
    if args.arts == bool(args.rules):
        parser.error("name rule sets, or --arts")
    pygame.init()
    if args.arts:
        cells, columns = art_cells(), len(ARTS) + 1
    else:
        cells = rule_set_cells(args.rules)
        columns = min(MAX_COLUMNS, max(1, len(cells)))
    pygame.image.save(sheet(cells, columns), args.out)
    print(f"{args.out}: {len(cells)} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
