"""One name per thing, in every language (docs/translations.md, "Glossary").

A translation review of the four catalogs found that most of its errors were
one kind: the same thing named two ways on two screens (the Wild Draw Four
three ways in Turkish; Finnish playing a card with one verb in the menus and
another in the rule files), or two things named one way (Estonian passing
with the Skip card's words). A player reads the catalogs and the rule files
side by side, on one screen, so both are checked against one glossary: every
catalog string and every rule-file text whose English names a key term must
name it with the glossary's word in its language, and a word the glossary
reserves for one thing appears nowhere else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.rules.loader import RULES_DIR
from game.rules.names import available_rule_sets
from game.rules.schema import holds_words
from game.rules.yamlsafe import load_yaml_file
from game.ui.input import Gamepads
from tests.scenes.fake_pads import Device, FakeControllers

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
# What an English text holds that is not words: placeholders and option names.
NOT_WORDS = re.compile(r"\{[^{}]*\}|--[\w-]+")


@dataclass(frozen=True)
class Term:
    """A thing players read about, found in English by `english` (a pattern,
    case ignored unless `exact_case`), and named in each language by the
    pattern of `words` (case ignored; stems, so an inflected form counts).
    `reserves`: by language, the pattern of a word kept for this term alone:
    it appears only where the English names the term (or `also` finds)."""

    name: str
    english: str
    words: dict[str, str]
    exact_case: bool = False
    reserves: dict[str, str] = field(default_factory=dict)
    also: str | None = None

    def named_in_english(self, text: str) -> bool:
        text = NOT_WORDS.sub(" ", text)
        return bool(re.search(self.english, text, 0 if self.exact_case else re.I))

    def named_in(self, code: str, text: str) -> bool:
        return bool(re.search(self.words[code], text, re.I))

    def allowed_in_english(self, text: str) -> bool:
        return self.named_in_english(text) or bool(
            self.also and re.search(self.also, NOT_WORDS.sub(" ", text), re.I)
        )


# The glossary: docs/translations.md shows it as a table (checked below
# against this) and says why each word was chosen. A card's name is the rule
# file's label (rules/classic.yaml).
GLOSSARY: tuple[Term, ...] = (
    Term(
        "Wild (a Wild Draw Four is one too)",
        r"\bwilds?\b|\bdraw four\b",
        {"tr": r"Renk Değiştir", "fi": r"villi", "el": r"Μπαλαντέρ", "et": r"värvimuutus"},
    ),
    Term(
        "Wild Draw Four",
        r"\bdraw four\b",
        {
            "tr": r"Renk Değiştir \+4",
            "fi": r"villi nosta neljä",
            "el": r"Μπαλαντέρ Πάρτε Τέσσερα",
            "et": r"värvimuutus \+ võta 4 lisakaart",
        },
    ),
    Term(
        "Draw Two",
        # Not UNO Flip's Wild Draw Two, a Wild (its own term below).
        r"(?<!wild )\bdraw twos?\b",
        {
            "tr": r"İki Kart Çek",
            "fi": r"nosta kaksi",
            "el": r"Πάρτε Δυο",
            "et": r"võta 2 lisakaart",
        },
    ),
    Term(
        "Skip (the card)",
        r"\bSkip\b",
        # Estonian: UNO Flip's Skip Everyone says whose turn, "kõigi" (everyone's),
        # inside the card's words.
        {
            "tr": r"\bAtla\b",
            "fi": r"\bohitu",
            "el": r"Αγνοήστε",
            "et": r"jäta (kõigi )?käik vahele",
        },
        exact_case=True,
        # Estonian: the card's words say nothing else (passing is "passima");
        # the SKIP callout may say them.
        # (Jumping in, "hüppab vahele", is not leaving out.)
        reserves={"et": r"\bjät\w*\s+(kõigi\s+)?(käik\s+)?vahele|\bvahele\s+jät"},
        also=r"\bskip",
    ),
    # UNO Flip's cards, named as the classic cards they follow (rules/flip.yaml).
    Term(
        "Wild Draw Two (UNO Flip)",
        r"\bwild draw twos?\b",
        {
            "tr": r"Renk Değiştir \+2",
            "fi": r"villi nosta kaksi",
            "el": r"Μπαλαντέρ Πάρτε Δυο",
            "et": r"värvimuutus \+ võta 2 lisakaart",
        },
    ),
    Term(
        "Wild Draw Colour (UNO Flip)",
        r"\bwild draw colou?rs?\b",
        {
            "tr": r"Renk Değiştir \+ Renge Kadar Çek",
            "fi": r"villi nosta väriin asti",
            "el": r"Μπαλαντέρ Πάρτε ως το Χρώμα",
            "et": r"värvimuutus \+ võta kuni värvini",
        },
    ),
    Term(
        "Skip Everyone (UNO Flip)",
        r"\bSkip Everyone\b",
        {
            "tr": r"Herkesi Atla",
            "fi": r"ohitus kaikille",
            "el": r"Αγνοήστε όλους",
            "et": r"jäta kõigi käik vahele",
        },
        exact_case=True,
    ),
    Term(
        "Light / Dark side (UNO Flip)",
        r"\b(Light|Dark)\b",
        # Turkish: not "Açık", the catalog's face up, nor "Koyu", a shade.
        {
            "tr": r"Aydınlık|Karanlık",
            "fi": r"vaalea|tumma",
            "el": r"φωτειν|σκοτειν",
            "et": r"hele|tume",
        },
        exact_case=True,
    ),
    Term(
        "Reverse (the card)",
        r"\bReverse\b",
        {"tr": r"Yön Değiştir", "fi": r"suunnanvaih", "el": r"Αντίστροφ", "et": r"pööratud suun"},
        exact_case=True,
    ),
    Term(
        "pass (end the turn without playing)",
        # Not a deal or a hand that passes on, nor the screen passed to a player.
        r"(?<!deal )(?<!hand )(?<!hand is )\bpass(es)?\b"
        r"(?! to\b(?! stop))(?! (left|right|all|along|on)\b)",
        {"tr": r"\bpas\b", "fi": r"\bpassa", "el": r"πάσο", "et": r"\bpass"},
        reserves={"tr": r"\bpas\b", "fi": r"\bpassa", "el": r"πάσο", "et": r"\bpass"},
    ),
    Term(
        "round (of a match)",
        r"\brounds?\b",
        {"tr": r"\btur", "fi": r"kierro", "el": r"γ[υύ]ρ", "et": r"\bvoor"},
    ),
    Term(
        "action card",
        r"\baction cards?\b",
        {
            "tr": r"aksiyon kart",
            "fi": r"toimintakort",
            "el": r"κάρτ\w* δράσης",
            "et": r"tegevus(kaar|-)",
        },
    ),
    Term(
        "special card (the 112-card deck's)",
        r"\bspecial card",
        {"tr": r"özel kart", "fi": r"erikoiskort", "el": r"ειδική κάρτα", "et": r"erikaar"},
        # Finnish: not the action cards (toimintakortti).
        reserves={"fi": r"erikoiskort"},
    ),
    Term(
        "symbol (of an action card)",
        r"\bsymbols?\b",
        {"tr": r"simge", "fi": r"symbol", "el": r"σ[υύ]μβ[οό]λ", "et": r"sümbol"},
    ),
    Term(
        "swap hands",
        r"\bswaps? hands\b",
        {
            "tr": r"takas",
            "fi": r"(vaihtaa|vaihda) kädet",
            "el": r"ανταλλ\w* (χέρια|Χεριών)",
            "et": r"vaheta\w* käed",
        },
    ),
    Term(
        "seat (at the table)",
        r"\bseats?\b",
        # Turkish: "yer" (a place) is not a seat.
        {"tr": r"koltu", "fi": r"\bpaik", "el": r"θέσ", "et": r"\bkoh[atd]"},
    ),
    Term(
        "bot",
        r"\bbots?\b",
        {"tr": r"\bbot", "fi": r"\bbot", "el": r"\bbot", "et": r"\bbot[ti]"},
    ),
    Term(
        "d-pad (a controller's cross)",
        r"\bd-pad\b",
        {"tr": r"yön tuş", "fi": r"ristiohjain", "el": r"D-pad", "et": r"ristnup"},
    ),
    Term(
        "arrow keys",
        r"\barrows?\b",
        {"tr": r"\bok(lar|\s+tuş)", "fi": r"nuol", "el": r"βελάκια", "et": r"nool"},
        # Greek: the arrow keys' word is not also the d-pad's.
        reserves={"el": r"βελάκια"},
    ),
)

# Words no translation uses: English left in a Greek text, and the rejected
# second names (the glossary's words replace them).
RETIRED: dict[str, tuple[str, ...]] = {
    # Turkish "+2" is retired as a Draw Two's name; the Wild Draw Two keeps the
    # Wild's name before it, as the Wild Draw Four does.
    "tr": (r"4 Kart Çek", r"(?<!Renk Değiştir )\+2\b", r"Kişisel:"),
    "fi": (r"\blyö", r"villi \+"),
    # Greek and Estonian: a match is "παρτίδα" and "mäng", not "αγώνας" or
    # "matš"; Estonian "iga teine" is "every second", not "every other", and
    # the discard pile is "äraviskehunnik" ("pakk" is the draw pile).
    "el": (r"\bWild\b", r"\bDraw\b", r"χαρτιά", r"αγών"),
    "et": (r"^\+4|\s\+4", r"matš", r"\biga teine\b", r"äraviske pak"),
}


@dataclass(frozen=True)
class Text:
    """One thing players read: its English and its words in `code`."""

    where: str
    english: str
    code: str
    words: str


def catalog_texts(code: str) -> Iterator[Text]:
    with i18n.catalog_path(code).open("rb") as source:
        found = read_po(source, locale=code, domain=i18n.DOMAIN)
    for entry in found:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            if form:
                yield Text(f"{code} catalog: {ids[0]!r}", " ".join(ids), code, form)


def word_maps(node: object, loc: tuple[str | int, ...] = ()) -> Iterator[tuple[str, dict]]:
    """Every text of a rule file that players read, given in several languages."""
    if isinstance(node, dict):
        if holds_words(loc) and "en" in node:
            yield "/".join(map(str, loc)), node
            return
        for key, value in node.items():
            yield from word_maps(value, (*loc, key))


def rule_texts(code: str) -> Iterator[Text]:
    for name in available_rule_sets():
        data = load_yaml_file(RULES_DIR / f"{name}.yaml").data
        for loc, words in word_maps(data):
            if isinstance(words.get(code), str):
                yield Text(f"rules/{name}.yaml {loc}", words["en"], code, words[code])


def misnamed(texts: Iterator[Text], glossary=GLOSSARY, retired=RETIRED) -> list[str]:
    """What each text gets wrong against the glossary, in words."""
    found = []
    for text in texts:
        for term in glossary:
            if text.code not in term.words:
                continue
            if term.named_in_english(text.english) and not term.named_in(text.code, text.words):
                found.append(f"{text.where}: names {term.name} without its word: {text.words!r}")
            kept = term.reserves.get(text.code)
            if (
                kept
                and re.search(kept, text.words, re.I)
                and not term.allowed_in_english(text.english)
            ):
                found.append(
                    f"{text.where}: uses the word of {term.name} for something else: {text.words!r}"
                )
        for pattern in retired.get(text.code, ()):
            if re.search(pattern, text.words):
                found.append(f"{text.where}: uses the retired {pattern!r}: {text.words!r}")
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_names_every_key_term_with_the_glossarys_word(code):
    wrong = misnamed(catalog_texts(code))
    assert not wrong, f"{len(wrong)} strings:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rule_files_name_every_key_term_with_the_glossarys_word(code):
    texts = list(rule_texts(code))
    assert len(texts) > 50  # the shipped rule sets are all read
    wrong = misnamed(iter(texts))
    assert not wrong, f"{len(wrong)} texts:\n" + "\n".join(wrong)


def glossary_table() -> dict[str, dict[str, str]]:
    """docs/translations.md's glossary: term -> {"en": …, "tr": …, …} as shown."""
    text = (ROOT / "docs" / "translations.md").read_text(encoding="utf-8")
    section = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines()]
    rows = [[cell.strip() for cell in row] for row in rows if len(row) == 6]
    header, table = rows[0], rows[2:]
    assert header[1:] == ["English", *(i18n.LANGUAGES[code] for code in TRANSLATED)], header
    return {row[0]: dict(zip(["en", *TRANSLATED], row[1:], strict=True)) for row in table}


def test_the_docs_show_the_glossary_the_test_holds():
    """Each word docs/translations.md shows is one the glossary accepts, and
    says "(reserved)" where the glossary reserves it."""
    table = glossary_table()
    assert set(table) == {term.name for term in GLOSSARY}
    for term in GLOSSARY:
        shown = table[term.name]
        assert term.named_in_english(shown["en"]), (term.name, shown["en"])
        for code in TRANSLATED:
            words, reserved = re.subn(r"\s*\(reserved\)$", "", shown[code])
            assert bool(reserved) == (code in term.reserves), (term.name, code)
            for word in words.split(", "):
                assert term.named_in(code, word), (term.name, code, word)


def test_the_glossary_check_sees_each_kind_of_mistake():
    wild = next(term for term in GLOSSARY if term.name.startswith("Wild ("))
    passing = next(term for term in GLOSSARY if term.name.startswith("pass"))
    skip = next(term for term in GLOSSARY if term.name.startswith("Skip"))
    texts = [
        Text("left in English", "a wild", "el", "ένα Wild"),
        Text("another word", "{name} passes", "et", "{name} jätab vahele"),
        Text("a retired name", "Draw Four", "tr", "4 Kart Çek"),
    ]
    found = misnamed(iter(texts), (wild, passing, skip), RETIRED)
    assert any(line.startswith("left in English: names Wild") for line in found)
    assert any(line.startswith("another word: names pass") for line in found)
    assert any(line.startswith("another word: uses the word of Skip") for line in found)
    assert any(line.startswith("a retired name: uses the retired") for line in found)
    fine = [Text("right", "a wild", "el", "ένα Μπαλαντέρ"), Text("ok", "SKIP", "et", "JÄTA VAHELE")]
    assert misnamed(iter(fine), (wild, passing, skip), RETIRED) == []


def test_uno_flips_cards_are_named_as_the_classic_cards_they_follow():
    """Skip Everyone is a Skip and says so with the Skip card's words (Estonian
    names whose turn inside them); a Wild Draw Two is a Wild, not a Draw Two,
    and Turkish names it as the Wild Draw Four, so its "+2" is not the Draw
    Two's retired "+2"."""
    wrong = [
        Text("left out", "Skip Everyone", "et", "Jäta kõik vahele"),
        Text("no skip", "Skip Everyone", "fi", "Ohita kaikki"),
        Text("a draw two", "Wild Draw Two", "tr", "2 Kart Çek & Renk Değiştir"),
        Text("plus two", "Draw Two", "tr", "+2"),
    ]
    found = misnamed(iter(wrong))
    assert any(line.startswith("left out: names Skip (the card)") for line in found)
    assert any(line.startswith("left out: names Skip Everyone") for line in found)
    assert any(line.startswith("no skip: names Skip (the card)") for line in found)
    assert any(line.startswith("a draw two: names Wild Draw Two") for line in found)
    assert any(line.startswith("plus two: uses the retired") for line in found)
    fine = [
        Text("et", "Skip Everyone", "et", "Jäta kõigi käik vahele"),
        Text("fi", "Skip Everyone", "fi", "Ohitus kaikille"),
        Text("tr", "Wild Draw Two", "tr", "Renk Değiştir +2"),
        Text("el", "a Wild Draw Two", "el", "ένα Μπαλαντέρ Πάρτε Δυο"),
    ]
    assert misnamed(iter(fine)) == []


# --- a seat named once -------------------------------------------------------------

# Each language's word for a seat, by its stem (Koltuk/koltuğu, Paikka/paikan,
# Θέση, Koht/koha).
SEAT_WORD = {"en": r"\bseat", "tr": r"koltu", "fi": r"\bpaik", "el": r"θέσ", "et": r"\bkoh[atd]"}


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_a_seat_waiting_for_a_controller_is_named_once(code):
    """`{who}` is already "Seat 2 (Bo)" in the player's language: the line that
    offers that seat to a newly plugged-in controller adds no word for seat of
    its own ("take the seat Seat 2 (Bo)")."""
    module = FakeControllers()
    module.devices[0] = Device("Pad 0", "guid-0")
    module.devices[1] = Device("Pad 1", "guid-1")
    pads = Gamepads(module=module)
    pads.seat_names = ["Ann", "Bo"]
    i18n.set_language(code)
    try:
        pads.notice(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
        (instance,) = pads.pads
        assert pads.claim(instance, 1) is not None
        pads.notice(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance))
        line = pads.notice(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=1))
        who = pads.who(1)
    finally:
        i18n.set_language(i18n.ENGLISH)
    assert line is not None and who in line and "Bo" in who
    assert re.search(SEAT_WORD[code], who, re.I), who  # the stem is the seat's word
    rest = line.replace(who, " ")
    assert not re.search(SEAT_WORD[code], rest, re.I), line
