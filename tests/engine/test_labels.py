"""Card labels in five languages: the engine's stay English, the card book
speaks the language it is given (game/engine/cards.py,
game/ui/card_book.py).

Card names (`red:draw_two`), logs and events never change with the
language; only what a screen shows does.
"""

from __future__ import annotations

import pytest

from game.engine import new_game
from game.engine.cards import card_table, color_labels, kind_label
from game.engine.words import LANGUAGES
from game.rules.loader import load_rules
from game.ui.card_book import CardBook
from tests.support.rules import rules

# Each shipped card's label in each language, as the rule files write them
# (the glossary of docs/translations.md says which words and why).
EXPECTED = {
    ("classic", "red:draw_two"): {
        "en": "Red Draw Two",
        "tr": "Kırmızı İki Kart Çek",
        "fi": "Punainen Nosta kaksi",
        "el": "Κόκκινο Πάρτε Δυο",
        "et": "Punane Võta 2 lisakaarti",
    },
    ("classic", "blue:7"): {
        "en": "Blue 7",
        "tr": "Mavi 7",
        "fi": "Sininen 7",
        "el": "Μπλε 7",
        "et": "Sinine 7",
    },
    ("classic", "wild:wild_draw_four"): {
        "en": "Wild Draw Four",
        "tr": "Renk Değiştir +4",
        "fi": "Villi nosta neljä",
        "el": "Μπαλαντέρ Πάρτε Τέσσερα",
        "et": "Värvimuutus + võta 4 lisakaarti",
    },
    ("uno112", "wild:wild_shuffle_hands"): {
        "en": "Shuffle Hands",
        "tr": "Elleri Karıştır",
        "fi": "Sekoita kädet",
        "el": "Ανακάτεμα Χεριών",
        "et": "Sega käed",
    },
}


@pytest.mark.parametrize(("names", "card"), list(EXPECTED), ids="-".join)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_label_in_each_language_reaches_the_card_book(names, card, lang):
    book = CardBook(rules(names), lang=lang)
    assert book.label(card) == EXPECTED[names, card][lang]


@pytest.mark.parametrize("name", ["classic", "uno112", "duo", "uno112-blank"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_a_shipped_set_is_named_in_the_books_language(name, lang):
    """Each label is the colour's label and the kind's, both in `lang`."""
    ruleset = rules(name)
    table = card_table(ruleset)
    book = CardBook(ruleset, lang=lang)
    colors = dict(zip(table.colors, color_labels(ruleset.model, lang), strict=True))
    for card_id, card in enumerate(table.names):
        spec = table.kind[card_id]
        face = table.symbol[card_id] if spec.model.category == "number" else None
        words = face or kind_label(spec, lang)
        color = table.color[card_id]
        expected = words if color < 0 else f"{colors[table.colors[color]]} {words}"
        assert book.label(card) == expected
        assert book.label(card) == table.labels_in(lang)[card_id]
    for color in table.colors:
        assert book.color_label(color) == colors[color]


def test_the_engine_labels_stay_english_whatever_a_book_reads():
    ruleset = rules("classic")
    table = card_table(ruleset)
    english = list(table.labels)
    for lang in LANGUAGES:
        CardBook(ruleset, lang=lang)
        table.labels_in(lang)
    assert table.labels == english
    assert table.labels_in("en") is table.labels
    assert table.color_labels == ("Red", "Yellow", "Green", "Blue")
    assert CardBook(ruleset).label("red:draw_two") == "Red Draw Two"  # English by default


def test_labels_in_a_language_are_built_once():
    table = card_table(rules("classic"))
    assert table.labels_in("fi") is table.labels_in("fi")
    assert len(table.labels_in("fi")) == table.size
    assert "Keltainen 0" in table.labels_in("fi")


def test_a_language_the_file_leaves_out_reads_the_english(tmp_path):
    """A modder's file in English only is at home in every language."""
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: classic\ncards:\n  skip: {label: Hop}\n"
        "color_looks:\n  red: {label: {en: Crimson, fi: Karmiini}}\n",
        encoding="utf-8",
    )
    book = CardBook(load_rules([str(mine)]), lang="fi")
    assert book.label("red:skip") == "Karmiini Hop"
    assert book.label("yellow:skip") == "Keltainen Hop"
    assert CardBook(load_rules([str(mine)]), lang="tr").label("red:skip") == "Crimson Hop"


def test_a_game_and_its_log_do_not_depend_on_the_language():
    """The same seed gives the same events, whatever books were made first."""
    ruleset = rules("classic")
    _, before = new_game(ruleset, players=3, seed=5)
    for lang in LANGUAGES:
        CardBook(ruleset, lang=lang)
    _, after = new_game(ruleset, players=3, seed=5)
    assert after == before
    assert all("Kırmızı" not in str(event) for event in after)


def test_a_card_face_without_art_shows_its_label_in_the_books_language():
    book = CardBook(rules("uno112-blank"), lang="et")
    assert book.look("wild:blank").text == "Tühi (kirjuta ise)"
