"""The two slips a second translation review found most (docs/translations.md,
"The second review"), checked over every catalog entry.

1. A name or a card where the sentence needs a case or an article. A
   placeholder is filled with a name as the player typed it ("Νίκος",
   "Pekka") or a card's label ("Κόκκινο 7"): it cannot decline. Each language
   has its ways around that (Turkish `{name} oyuncusunu`, Finnish `pelaajan
   {name}`, Greek `τον παίκτη {name}` and `με το {card}`, Estonian `mängija
   {name}`); FORMS holds, per language, the forms a `{name}` or a `{card}` may
   stand in, and every catalog string keeps to them.
2. One register. The catalogs speak to the player as one friend to another
   (Turkish *sen*, Finnish *sinä*, Greek *εσύ*, Estonian *sina*); a formal or
   plural "you" in one string reads as a letter from an office. FORMAL finds
   it by its pronouns and verb endings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import pytest

from tests.test_terms import TRANSLATED, Text, catalog_texts, rule_texts

# --- 1. names and cards in a sentence ---------------------------------------

# What each placeholder holds where it names a player, a seat ("Seat 3 (Ann)",
# already in the player's language) or a card.
PLAYER = frozenset({"name", "by", "other", "seat", "waiting", "guest", "to"})
SEAT = frozenset({"who", "seats"})
CARD = frozenset({"card", "top"})
KINDS = {**dict.fromkeys(PLAYER, "player"), **dict.fromkeys(SEAT, "seat")}
KINDS |= dict.fromkeys(CARD, "card")

# The English strings whose `{name}` or `{other}` is no player (a setting, a
# file, a language), so the forms of a name do not apply.
NOT_A_PLAYER = frozenset(
    {
        "Language: {name}",
        "a count of {name} is not a whole number",
        "it lists {name} twice",
        "the entry of {name} has other fields",
        "the rule sets of {name} are damaged",
        "{name} must be true or false; using {default}",
        "{file} does not go with {other}",
        "{file} does not go with {other}: {why}",
        "{path}: {file} sets {value} but {other} sets {other_value}; these house rules "
        "conflict, use one of them",
    }
)

# Right after a placeholder: a space, punctuation, or the end. Anything else
# (or a colon before letters, "{name}:n") is an ending glued to a name or a card.
ATTACHED = re.compile(r"^([^\s.,:;!?)\]…·—–\"“”„»«]|:\w)")


@dataclass(frozen=True)
class Forms:
    """The forms a placeholder of each kind ("player", "seat", "card") may
    stand in, in one language. Each maps a kind to a pattern and what is
    wrong when it fails:

    - `heads`: the noun right before it that carries its case ("pelaajan
      {name}"), found by the pattern, must be one of the listed forms;
    - `wrong_before` / `allowed_before`: the text before it (the pattern
      ends with `$`) must not / must match;
    - `wrong_after`: the text after it (the pattern starts with `^`) must
      not match."""

    heads: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)
    wrong_before: dict[str, tuple[str, str]] = field(default_factory=dict)
    allowed_before: dict[str, tuple[str, str]] = field(default_factory=dict)
    wrong_after: dict[str, tuple[str, str]] = field(default_factory=dict)


# Greek: start of the sentence or after punctuation, after the head noun
# (τον παίκτη {name}), or as the subject of a verb before it.
GREEK_PLAYER_MAY_FOLLOW = (
    r"(^|[:(,·.!;]\s*|"
    r"\b(παίκτη|παίκτης|παίκτες)\s|"
    r"\b(μοιράζει|κερδίζει|λέγονται|λέγεται|είναι)\s)$"
)
# A preposition the article does not follow ("με", "σε", not "με το", "στο").
GREEK_BARE_PREPOSITION = r"(^|\s)(με|σε|από|για|προς|χωρίς|ως|μέχρι|μεταξύ)\s$"

FORMS: dict[str, Forms] = {
    "tr": Forms(
        # No ending on a name or a card, not even with an apostrophe: its
        # vowels follow the name's last vowel (Ali'yi, Ayşe'yi, Özge'yü is
        # wrong), which a catalog cannot know. `{name} oyuncusunu`, `{card}
        # kartını` carry the case.
        wrong_after={
            kind: (ATTACHED.pattern, "an ending on a placeholder: write `oyuncusu…` or `kartı…`")
            for kind in ("player", "seat", "card")
        },
    ),
    "fi": Forms(
        # The noun before a name or a card carries its case; the essive
        # "pelaajana {name}" ("as the player X") and the translative are not
        # among the forms: a phone plays at a seat, nobody plays as a name.
        heads={
            "player": (
                r"\b(pelaaja\w*)\s$",
                frozenset(
                    {
                        "pelaaja",
                        "pelaajan",
                        "pelaajaa",
                        "pelaajalla",
                        "pelaajalle",
                        "pelaajalta",
                        "pelaajasta",
                        "pelaajaan",
                    }
                ),
            ),
            "card": (
                r"\b(kort\w*)\s$",
                frozenset(
                    {
                        "kortti",
                        "kortin",
                        "korttia",
                        "kortille",
                        "kortilla",
                        "kortilta",
                        "kortista",
                        "korttiin",
                        "korttisi",
                    }
                ),
            ),
        },
        # "Pelata pelaaja X": one plays cards or turns, not a player.
        wrong_before={
            "player": (
                r"\bpela(?!aja)\w*\s+pelaaja\s$",
                "plays a player: play the player's turns (pelaajan {name} vuorot)",
            )
        },
        wrong_after={
            kind: (
                ATTACHED.pattern,
                "a case ending on a placeholder: let the noun before it carry it",
            )
            for kind in ("player", "seat", "card")
        },
    ),
    "el": Forms(
        wrong_before={
            kind: (
                GREEK_BARE_PREPOSITION,
                "a preposition before a card or a seat takes the article (με το {card}, στο {top})",
            )
            for kind in ("card", "seat")
        },
        allowed_before={
            "player": (
                GREEK_PLAYER_MAY_FOLLOW,
                "a typed name is nominative: put it after τον παίκτη / ο παίκτης or a colon",
            )
        },
    ),
    "et": Forms(
        heads={
            "player": (
                r"\b(mängija\w*)\s$",
                frozenset(
                    {
                        "mängija",
                        "mängijal",
                        "mängijat",
                        "mängijale",
                        "mängijalt",
                        "mängijaga",
                        "mängijast",
                        "mängijani",
                    }
                ),
            ),
            "card": (
                r"\b(kaar\w*)\s$",
                frozenset(
                    {"kaart", "kaardi", "kaarti", "kaardiga", "kaardile", "kaardilt", "kaardist"}
                ),
            ),
        },
        wrong_after={
            **{
                kind: (
                    ATTACHED.pattern,
                    "a case ending on a placeholder: let the noun before it carry it",
                )
                for kind in ("player", "seat", "card")
            },
            # "mängija Mari kohta" reads as the postposition: "about Mari".
            "player": (
                ATTACHED.pattern + r"|^ kohta\b",
                "an ending on a name, or `kohta` after it (reads as 'about'): write `koha`",
            ),
        },
    ),
}

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholder_slips(texts: Iterable[Text], forms: dict[str, Forms] = FORMS) -> list[str]:
    """Each placeholder of a kind that stands in a form its language's table
    does not allow, in words."""
    found = []
    for text in texts:
        table = forms[text.code]
        for match in PLACEHOLDER.finditer(text.words):
            kind = KINDS.get(match.group(1))
            if kind is None or (kind == "player" and text.english in NOT_A_PLAYER):
                continue
            before, after = text.words[: match.start()], text.words[match.end() :]
            where = f"{text.where}: {{{match.group(1)}}} in {text.words!r}"
            head = table.heads.get(kind)
            noun = re.search(head[0], before, re.I) if head else None
            if head and noun and noun.group(1).lower() not in head[1]:
                found.append(f"{where}: {noun.group(1)!r} is not a listed form of its noun")
            wrong = table.wrong_before.get(kind)
            if wrong and re.search(wrong[0], before, re.I):
                found.append(f"{where}: {wrong[1]}")
            allowed = table.allowed_before.get(kind)
            if allowed and not re.search(allowed[0], before, re.I):
                found.append(f"{where}: {allowed[1]}")
            wrong = table.wrong_after.get(kind)
            if wrong and re.search(wrong[0], after):
                found.append(f"{where}: {wrong[1]}")
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_names_and_cards_stand_in_forms_their_language_allows(code):
    slips = placeholder_slips(catalog_texts(code))
    assert not slips, f"{len(slips)} strings:\n" + "\n".join(slips)


# --- 2. one register ----------------------------------------------------------


@dataclass(frozen=True)
class Register:
    """How a formal or plural "you" shows in one language: `formal`, a
    pattern of its pronouns and verb endings (case ignored), and `not_formal`,
    the words that pattern finds which are something else ("oyun", a game,
    ends as a plural imperative does). `names`: the glossary's card names,
    which keep their source's plural imperative (Greek *Πάρτε Δυο*)."""

    formal: str
    not_formal: frozenset[str] = frozenset()
    names: str | None = None


FORMAL: dict[str, Register] = {
    # Pronouns; "-ınız" (your, you are: kartınız, seçebilirsiniz); the plural
    # imperative (taşıyın, deneyin, simüle edin).
    "tr": Register(
        r"\bsiz(in|e|i|de|den|inle|ce)?\b|\w+[ıiuü]n[ıiuü]z\b|\w+y[ıiuü]n\b|\b(edin|olun)\b",
        frozenset({"oyun", "koyun", "boyun", "neyin", "huyun"}),
    ),
    # Pronouns; "-tte" (voitte, olette); "-nne" (korttinne, your cards).
    "fi": Register(
        r"\bte(idän|ille|itä|illä|istä|ihin|iltä|idät)?\b|\w+tte\b|\w+nne\b",
        frozenset({"sinne", "tänne", "minne", "jonne", "rakenne", "kenne"}),
    ),
    # σας and εσείς; the second person plural (-στε, -ετε, -είτε, -ξτε:
    # Μετακινήστε, πατήστε, μπορείτε, επιλέξτε).
    "el": Register(
        r"\bσας\b|\bεσείς\b|\w+[σξψεαάέίήρ]τε\b",
        frozenset({"ώστε", "είτε", "ούτε"}),
        names=r"Πάρτε|Αγνοήστε",
    ),
    # Pronouns; the plural imperative (vajutage, valige, võtke, hüüdke) and
    # the second person plural (võite, saate). "language" is the setting's name.
    "et": Register(
        r"\bte(ie|id|ile|il|ilt|iega)?\b|\w+[aiu]ge\b|\w+[tdp]ke\b|\b(võite|saate|peate|olete)\b",
        frozenset({"kõige", "hetke", "language"}),
    ),
}


def formal_words(texts: Iterable[Text], registers: dict[str, Register] = FORMAL) -> list[str]:
    """Each formal or plural "you" in the texts, in words."""
    found = []
    for text in texts:
        register = registers[text.code]
        words = PLACEHOLDER.sub(" ", text.words)
        if register.names:
            words = re.sub(register.names, " ", words)
        for match in re.finditer(register.formal, words, re.I):
            if match.group(0).lower() not in register.not_formal:
                found.append(f"{text.where}: {match.group(0)!r} in {text.words!r}")
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_string_says_the_informal_you(code):
    formal = formal_words(catalog_texts(code))
    assert not formal, f"{len(formal)} strings:\n" + "\n".join(formal)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_rule_file_text_says_the_informal_you(code):
    formal = formal_words(rule_texts(code))
    assert not formal, f"{len(formal)} texts:\n" + "\n".join(formal)


# --- the checks see what the review found ------------------------------------------


def test_the_strings_that_name_no_player_are_catalog_entries():
    """NOT_A_PLAYER names English strings the catalog holds, so it cannot
    keep excusing a string that is gone."""
    english = {text.english for text in catalog_texts("el")}
    assert english >= NOT_A_PLAYER, NOT_A_PLAYER - english


# The review's slips, as they were in the catalogs, and their fixes.
PLACEHOLDER_SLIPS = [
    Text("card after με", "only a card identical to {card}", "el", "μόνο κάρτα ίδια με {card}."),
    Text("card after σε", "{card} does not stack on {top}.", "el", "Το {card} πάνω σε {top}."),
    Text("name as object", "{name} picks {other}", "el", "{name}: διαλέγει {other}"),
    Text("name after προς", "{by} challenges {name}", "el", "{by}: αμφισβήτηση προς {name}"),
    Text("play a player", "Play {name} here?", "fi", "Pelataanko pelaaja {name} tällä näytöllä?"),
    Text("as the player", "Let it play {name}?", "fi", "Saako se pelata pelaajana {name}?"),
    Text("ending", "{name}'s hand", "fi", "{name}:n käsi"),
    Text("about", "asks for {name}'s seat", "et", "Teine telefon küsib mängija {name} kohta"),
    Text("ending", "Catch {name}!", "et", "Püüa {name}-t!"),
    Text("ending", "Catch {name}!", "tr", "{name}'i yakala!"),
    Text("ending", "Play the {card}", "tr", "{card}ı oyna"),
]
PLACEHOLDER_FIXES = [
    Text("card", "only a card identical to {card}", "el", "μόνο κάρτα ίδια με το {card}."),
    Text(
        "card", "{card} does not stack on {top}.", "el", "Το {card} δεν στοιβάζεται πάνω στο {top}."
    ),
    Text("name", "{name} picks {other}", "el", "{name}: διαλέγει τον παίκτη {other}"),
    Text("name", "{by} challenges {name}", "el", "{by}: αμφισβητεί τον παίκτη {name}"),
    Text("name", "Round {n}: {name} deals", "el", "Γύρος {n}: μοιράζει {name}"),
    Text("turns", "Play {name} here?", "fi", "Pelataanko pelaajan {name} vuorot tällä näytöllä?"),
    Text("at", "Let it play {name}?", "fi", "Saako se pelata pelaajan {name} paikalla?"),
    Text(
        "seat", "asks for {name}'s seat", "et", "Teine telefon tahab üle võtta mängija {name} koha"
    ),
    Text("noun", "Catch {name}!", "tr", "{name} oyuncusunu yakala!"),
    Text("noun", "Play the {card}", "tr", "{card} kartını oyna"),
]


def test_the_forms_check_sees_each_slip_the_review_found():
    for text in PLACEHOLDER_SLIPS:
        assert placeholder_slips([text]), text
    assert placeholder_slips(PLACEHOLDER_FIXES) == []


FORMAL_SLIPS = [
    Text("siz", "Move {file} …", "tr", "{file} öğesini ayarlar klasöründen taşıyın."),
    Text("siz", "simulate fewer games", "tr", "daha az oyun simüle edin"),
    Text("siz", "you may", "tr", "Kartınızı seçebilirsiniz"),
    Text("Te", "your cards", "fi", "Teidän korttinne"),
    Text("Te", "you may", "fi", "Voitte pelata"),
    Text("εσείς", "Move {file} …", "el", "Μετακινήστε το {file}"),
    Text("εσείς", "your cards", "el", "οι κάρτες σας"),
    Text("Teie", "your cards", "et", "Teie kaardid"),
    Text("Teie", "press A", "et", "Vajutage A"),
]
INFORMAL = [
    Text(
        "sen", "Move {file} …", "tr", "{file} dosyasını ayar klasörünün dışına taşı. Oyun sürüyor."
    ),
    Text("sinä", "your cards", "fi", "Korttisi; peli jatkaa tänne"),
    Text("εσύ", "Move {file} …", "el", "Μετακίνησε το {file}· ένα Πάρτε Δυο, ώστε"),
    Text("sina", "press A", "et", "Vajuta A; kõige parem on teise poolega"),
]


def test_the_register_check_sees_the_formal_you():
    for text in FORMAL_SLIPS:
        assert formal_words([text]), text
    assert formal_words(INFORMAL) == []
