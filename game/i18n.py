"""The language the game speaks, and its words in it: gettext catalogs.

The catalogs are `game/locale/<code>/LC_MESSAGES/couch_uno.po`, one per
language, whose msgids are the English text (so English needs no catalog).
They are compiled when first used (Babel reads the `.po` and writes the
binary catalog into memory for `gettext.GNUTranslations`), so the `.po`
source is the only form kept in the repository and the package. Babel also
extracts the strings (`babel.cfg`; docs/contributing.md gives the command) and knows
each language's plural rule, which the catalog header carries.

One language is current for the whole process: `_()` and `ngettext()`
follow it, so a switch (`set_language`) takes effect on the next frame
without a restart. A string that is kept before it is shown (a module's
table of names, a button made once) is marked with `N_()` where it is
written and translated with `_()` where it is drawn.

The engine never imports this module (it stays pure): what it says comes
back as `game.engine.said.Said`, English text that remembers its template
and values, and `say()` words it in the current language.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "couch_uno"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
# Each language by its code, named in itself (how the Settings row shows it).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "tr": "Türkçe",
    "fi": "Suomi",
    "el": "Ελληνικά",
    "et": "Eesti",
}
# The environment variables gettext reads, in the order it reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    def __init__(self, code: str) -> None:
        known = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        super().__init__(f"unknown language {code!r}; known: {known}")
        self.code = code


_current = ENGLISH
_translations: dict[str, gettext.NullTranslations] = {}


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of `code` (English: the msgids themselves). Cached."""
    found = _translations.get(code)
    if found is None:
        if code not in LANGUAGES:
            raise UnknownLanguage(code)
        if code == ENGLISH:
            found = gettext.NullTranslations()
        else:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po

            with catalog_path(code).open("rb") as source:
                catalog = read_po(source, locale=code, domain=DOMAIN)
            compiled = io.BytesIO()
            write_mo(compiled, catalog)
            compiled.seek(0)
            found = gettext.GNUTranslations(compiled)
        _translations[code] = found
    return found


def set_language(code: str) -> None:
    """Speak `code` from now on; UnknownLanguage if it is not one of LANGUAGES."""
    global _current
    translations(code)
    _current = code


def language() -> str:
    return _current


def language_name(code: str) -> str:
    return LANGUAGES.get(code, code)


def known_code(text: str) -> str | None:
    """The language a locale name means ("tr_TR.UTF-8" -> "tr"), if one we speak."""
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language of the system's locale, the way gettext finds it: the first
    of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides (LANGUAGE
    may list several, the first we speak wins); with none set, Python's
    locale. English when that is a language we do not speak."""
    env = os.environ if env is None else env
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            for part in value.split(":"):
                code = known_code(part)
                if code is not None:
                    return code
            if name != "LANGUAGE":
                return ENGLISH
    try:
        found = locale.getlocale()[0] or ""
    except ValueError:
        found = ""
    return known_code(found) or ENGLISH


def _(message: str) -> str:
    """`message` (English) in the current language."""
    return translations(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` that goes with `n`, in the current language."""
    return translations(_current).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for extraction; it is translated where it is shown."""
    return message


def say(words: object, names: Mapping[str, str] | None = None) -> str:
    """Words the engine said (a `Said`) in the current language, its values
    worded the same way; any other value (a player's name, a number) is shown
    as it is, but for a card's or colour's English name, which `names` (a
    card book's `engine_words()`) gives in the current language."""
    from game.engine.said import Said  # here: the menus open without loading the engine

    if isinstance(words, Said):
        values = {key: say(value, names) for key, value in words.values.items()}
        if words.plural is not None:
            template = ngettext(words.template, words.plural, words.number)
        else:
            template = _(words.template)
        return template.format(**values)
    if isinstance(words, (list, tuple)):
        return ", ".join(say(item, names) for item in words)
    if names is not None and isinstance(words, str):
        return names.get(words, words)
    return str(words)


def number(value: float, digits: int = 0) -> str:
    """`value` with `digits` decimals, written as the current language writes
    numbers ("57.6" in English, "57,6" in Finnish)."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, pattern, locale=language())


def percent(share: float, digits: int = 1) -> str:
    """A share (0.576) as a percentage the current language's way ("57.6%",
    "57,6 %", "%57,6")."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(language()).percent_formats[None].pattern
    if digits:  # the language's own pattern ("#,##0 %"), with decimals
        last = pattern.rfind("0") + 1
        pattern = pattern[:last] + "." + "0" * digits + pattern[last:]
    return format_percent(share, pattern, locale=language())


# Turkish (and Azeri) case the dotted and dotless i apart; str.upper()/lower() do not.
_UPPER_TR = {"i": "İ", "ı": "I"}
_LOWER_TR = {"I": "ı", "İ": "i"}


def capitalized(text: str) -> str:
    """`text` with its first letter upper-case, by the current language's rules."""
    if not text:
        return text
    first = _UPPER_TR.get(text[0]) if _current == "tr" else None
    return (first or text[0].upper()) + text[1:]


def uncapitalized(text: str) -> str:
    """`text` with its first letter lower-case, by the current language's rules."""
    if not text:
        return text
    first = _LOWER_TR.get(text[0]) if _current == "tr" else None
    return (first or text[0].lower()) + text[1:]
