"""The Rules screen in each language states the rule the engine plays.

A family reads `describe` (the Rules screen, `python main.py rules`) in its
own language. Some wordings read naturally and still state a wrong rule; each
one a check of the five languages found is listed here with what it says, so
it cannot come back in a rule file, a catalog entry or the code that joins
them (docs/translations.md, "The Rules screen, read as a family").
"""

from __future__ import annotations

import pytest

from game import i18n
from game.rules.describe import describe
from tests.support.rules import rules as rule_set
from tests.support.rules import shipped_variants

# The house rules whose files say something of their own over UNO Flip.
ON_FLIP = [["flip", "house/seven-o"], ["flip", "house/stacking"]]

WRONG_RULES: dict[str, dict[str, str]] = {
    "en": {"every other": "reads as every second player or card, too"},
    "el": {
        ";": "the Greek question mark: a rule reads as a question (use '·')",
        "όλα τα χέρια στον επόμενο": "a 0 gives every hand to one player",
    },
    "et": {
        "iga teine": "every second player, not every other player",
        "äraviske pakk": "the draw pile's word for the discard pile",
    },
    "tr": {
        "deste olarak": "the discard pile turned over 'as the draw pile'",
        "bütün elleri sıradakine": "a 0 gives every hand to one player",
    },
    "fi": {},
}


def texts_in(code: str) -> list[tuple[str, str]]:
    i18n.set_language(code)
    try:
        return [
            (" + ".join(names), describe(rule_set(*names)))
            for names in shipped_variants() + ON_FLIP
        ]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", sorted(WRONG_RULES))
def test_no_rules_text_uses_a_wording_that_states_a_wrong_rule(code):
    found = [
        f"{names}: {line.strip()!r} has {word!r} ({why})"
        for names, text in texts_in(code)
        for line in text.splitlines()
        for word, why in WRONG_RULES[code].items()
        if word.casefold() in line.casefold()
    ]
    assert not found, "\n".join(found)


def test_the_check_reads_every_rule_set_in_the_language_asked():
    greek = dict(texts_in("el"))
    assert "UNO Flip" in greek["flip"]
    assert "Αναποδογύρισμα" in greek["flip"]  # the Greek words, not the English
