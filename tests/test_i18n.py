"""Five languages: the catalogs are complete and keep every
placeholder, their plurals follow each language's rule, every letter renders
in the game's font, the language switches at once, and the command line
follows the locale or --lang."""

from __future__ import annotations

import functools
import gettext
import itertools
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game import i18n
from game.bots.hint import Advisor, explain
from game.cli import language_asked
from game.cli import main as cli_main
from game.engine import view, why_illegal
from game.engine.actions import CallUno, Catch, Play
from game.engine.said import Said, listed, said
from game.engine.seen import seen_events
from game.rules.loader import load_rules
from game.ui import text
from game.ui.card_book import CardBook
from tests.support.bots import EXPERT_STEPS, play
from tests.support.rules import classic, rules
from tests.support.table import rigged

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
# The keywords babel.cfg's extraction uses (docs/contributing.md, "Translations").
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "said": None,
    "said_n": (1, 2),
    "Saying": None,
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


def source_messages() -> set[str | tuple[str, str]]:
    """Every msgid the game's source marks, extracted the way babel.cfg does."""
    found: set[str | tuple[str, str]] = set()
    method_map = [("game/**.py", "python")]
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=KEYWORDS
    ):
        if isinstance(message, tuple):
            found.add((message[0], message[1]))
        elif message:
            found.add(message)
    return found


def catalog(code: str):
    with i18n.catalog_path(code).open("rb") as source:
        return read_po(source, locale=code, domain=i18n.DOMAIN)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def messages():
    return source_messages()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_string_of_the_game_is_translated(code, messages):
    found = catalog(code)
    missing = []
    for message in messages:
        key = message[0] if isinstance(message, tuple) else message
        entry = found.get(key)
        strings = () if entry is None else entry.string
        forms = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or entry.fuzzy or not all(forms):
            missing.append(key)
    assert not missing, (
        f"{code}: {len(missing)} strings untranslated (tools/update_catalogs.sh, then "
        f"translate): {sorted(missing)[:10]}"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders_of_the_english(code):
    wrong = []
    for entry in catalog(code):
        if not entry.id:
            continue
        if isinstance(entry.id, tuple):
            one, many = entry.id
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            allowed = placeholders(one) | placeholders(many)
            for i, form in enumerate(forms):
                if not form:
                    continue
                # The singular may say "a card" where the plural says "{n} cards".
                needed = placeholders(one) if i == 0 else placeholders(many)
                if not needed <= placeholders(form) <= allowed:
                    wrong.append((entry.id, form))
        elif entry.string and placeholders(entry.string) != placeholders(entry.id):
            wrong.append((entry.id, entry.string))
    assert not wrong, f"{code}: placeholders differ from the English: {wrong[:5]}"


def test_the_placeholder_check_sees_a_wrong_one():
    assert placeholders("{name} plays {card}") != placeholders("{name} oynuyor: {kart}")
    assert placeholders("%s cards") == placeholders("%s korttia")


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_states_its_languages_plural_rule(code):
    """The catalog's Plural-Forms picks the form Babel's plural rule (CLDR) names."""
    rule = Locale.parse(code).plural_form
    tags = sorted(rule.tags, key=["one", "other"].index) + ["other"]
    pick = gettext.c2py(catalog(code).plural_expr)
    for n in range(0, 250):
        assert tags[pick(n)] == rule(n), (code, n)


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "1 card in your hand", "2 cards in your hand"),
        ("tr", "Elinde 1 kart var", "Elinde 2 kart var"),
        ("fi", "Kädessäsi on 1 kortti", "Kädessäsi on 2 korttia"),
        ("el", "1 κάρτα στο χέρι σου", "2 κάρτες στο χέρι σου"),
        ("et", "Sul on käes 1 kaart", "Sul on käes 2 kaarti"),
    ],
)
def test_plurals_follow_the_language(code, one, two):
    i18n.set_language(code)
    words = ("{n} card in your hand", "{n} cards in your hand")
    assert i18n.ngettext(*words, 1).format(n=1) == one
    assert i18n.ngettext(*words, 2).format(n=2) == two


def missing_glyphs(words: str) -> set[str]:
    """The letters of `words` the game's font has no glyph for (they would draw
    as a box). pygame.font draws such a letter with the font's box glyph and
    gives its metrics; freetype, reading the same file, says None."""
    import pygame.freetype

    pygame.freetype.init()
    face = pygame.freetype.Font(str(text.font_file()), 24)
    letters = sorted(set(words) - {"\n"})
    metrics = face.get_metrics("".join(letters))
    return {ch for ch, metric in zip(letters, metrics, strict=True) if metric is None}


def test_letters_the_font_lacks_are_seen():
    assert missing_glyphs("ab\u4e00\u05d0") == {"\u4e00", "\u05d0"}  # CJK, Hebrew: not there
    assert missing_glyphs("ıİşğ äöõüšž αβγΩώ") == set()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_letter_of_the_catalog_renders(code):
    """A missing glyph draws as a box ("tofu"): every letter of every string
    must be in the font the game draws with, plain and bold."""
    pygame.font.init()
    letters: set[str] = set("ıİşŞğĞçÇöÖüÜäÄõÕšŠžŽ")
    for entry in catalog(code):
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            letters |= set(form)
    words = "".join(sorted(letters))
    assert not missing_glyphs(words), code
    for bold in (False, True):
        assert text.render(words, 24, bold=bold).get_width() > 0


def test_the_language_switches_without_a_restart():
    assert i18n._("Settings") == "Settings"
    i18n.set_language("fi")
    assert i18n._("Settings") == "Asetukset"
    i18n.set_language("el")
    assert i18n._("Settings") == "Ρυθμίσεις"
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"
    with pytest.raises(i18n.UnknownLanguage, match="known: en"):
        i18n.set_language("xx")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("env", "code"),
    [
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LANG": "fi_FI.UTF-8", "LC_ALL": "el_GR.UTF-8"}, "el"),
        ({"LANGUAGE": "de:et", "LANG": "fi_FI"}, "et"),
        ({"LANGUAGE": "de", "LANG": "fi_FI"}, "fi"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "et_EE"}, "et"),
    ],
)
def test_the_system_language_comes_from_the_locale(env, code):
    assert i18n.system_language(env) == code


def test_turkish_capitals_keep_the_dots():
    i18n.set_language("tr")
    assert i18n.capitalized("itiraz") == "İtiraz"
    assert i18n.uncapitalized("Işık") == "ışık"
    i18n.set_language("en")
    assert i18n.capitalized("it") == "It"


def test_the_engines_words_stay_english_and_are_worded_on_screen():
    """The engine returns its English text (logs and messages are unchanged)
    that remembers its template, and the screens say it in the player's language."""
    state = __import__("game.engine", fromlist=["new_game"]).new_game(classic(), 3, 5)[0]
    reason = why_illegal(state, Catch(0, 1))
    assert isinstance(reason, Said)
    assert reason == "There is nobody to catch."
    i18n.set_language("tr")
    assert i18n.say(reason) == "Yakalanacak kimse yok."
    turn = why_illegal(state, CallUno(state.to_act if state.to_act != 0 else 1))
    assert i18n.say(turn)  # a known refusal, worded
    nested = said("{card} ({color})", card="Wild", color=said("a wild"))
    assert nested == "Wild (a wild)"
    assert i18n.say(nested) == "Wild (bir Renk Değiştir)"
    i18n.set_language("fi")
    assert i18n.say(listed(["red", "a 7", said("a wild")], "or")) == "red, a 7 tai villikortti"


def test_the_catalogs_ship_with_the_package():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    patterns = setuptools["package-data"]["game"]
    for code in TRANSLATED:
        path = i18n.catalog_path(code).relative_to(ROOT / "game")
        assert any(path.match(pattern) for pattern in patterns), path
    assert "babel" in (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
    # The font, and its licence beside it, ship with the table layouts.
    font = text.font_file().relative_to(ROOT / "assets")
    assert any(font.match(pattern) for pattern in setuptools["package-data"]["game._data.assets"])
    assert (text.font_file().parent / "NimbusSans-Bold.LICENSE.txt").is_file()


# --- the command line --------------------------------------------------------------


def test_lang_is_read_before_or_after_the_command():
    assert language_asked(["rules", "classic", "--lang", "fi"]) == "fi"
    assert language_asked(["--lang=el", "rules", "classic"]) == "el"
    assert language_asked(["rules", "classic"]) is None


def test_rules_in_finnish_from_the_command_line(capsys):
    assert cli_main(["rules", "classic", "--lang", "fi"]) == 0
    out = capsys.readouterr().out
    assert "Pakka (108 korttia" in out and "Jako:" in out
    assert "Deck" not in out


def test_an_unknown_language_is_refused_in_words(capsys):
    assert cli_main(["rules", "classic", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'xx'" in err and "fi (Suomi)" in err


def test_the_command_line_follows_the_locale():
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "et_EE.UTF-8"
    done = subprocess.run(
        [sys.executable, "main.py", "rules", "classic"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    assert "Jagamine:" in done.stdout


def test_help_speaks_greek(capsys):
    with pytest.raises(SystemExit):
        cli_main(["--lang", "el", "--help"])
    assert "Couch UNO: UNO για μία οθόνη" in capsys.readouterr().out


def test_a_catalog_compiles_in_memory():
    """Babel reads the .po and writes the binary catalog into memory: nothing
    compiled is kept on disk."""
    assert not list((ROOT / "game" / "locale").rglob("*.mo"))
    compiled = i18n.translations("et")
    assert compiled.gettext("Settings") == "Seaded"


def test_the_languages_are_the_rule_files_languages():
    from game.engine.words import LANGUAGES

    assert tuple(i18n.LANGUAGES) == LANGUAGES


def test_a_refusal_names_the_cards_in_the_players_language():
    """The engine says "Yellow Skip doesn't match Red 6"; a Turkish table reads
    the rule file's Turkish names of both cards and of the colour."""
    from game.engine import Play, new_game
    from game.ui.card_book import CardBook

    rules = classic()
    state = new_game(rules, 3, 5)[0]
    cards = state.cards
    seat = state.to_act
    top = state.top
    wrong = next(c for c in range(cards.size) if cards.color[c] >= 0 and not state.matches(c))
    state.hands[seat].append(wrong)
    reason = why_illegal(state, Play(seat, wrong))
    assert cards.labels[wrong] in reason and cards.labels[top] in reason
    book = CardBook(rules, "en")
    i18n.set_language("tr")
    book.speak("tr")
    turkish = i18n.say(reason, book.engine_words())
    assert cards.labels_in("tr")[wrong] in turkish and cards.labels_in("tr")[top] in turkish
    assert "kartına uymuyor" in turkish
    assert book.label(cards.names[wrong]) == cards.labels_in("tr")[wrong]
    assert book.color_label(None) == "renk yok"


def test_the_rules_in_plain_words_use_the_rule_files_own_words(capsys):
    assert cli_main(["rules", "classic", "--lang", "tr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Klasik UNO") and "Renk Değiştir" in out and "Kırmızı" in out


@pytest.mark.parametrize("size", [18, 20, 21, 22, 24, 26, 28, 32, 40, 64, 104])
def test_the_two_dots_stay_apart(size):
    """Ö Ü Ä ö ü ä must not read as Ō Ū Ā ō ū ā: at every size the screens use
    for words (18 px up), plain and bold, some row of the dots crosses two
    separate blots of ink. pygame's own FreeSans melted them into a bar at 18
    to 28 px, the table's lines among them: why the game bundles its font."""
    pygame.font.init()

    def rows(letter: str, bold: bool) -> list[list[bool]]:
        img = text.render(letter, size, bold=bold)
        w, h = img.get_size()
        return [[img.get_at((x, y)).a > 128 for x in range(w)] for y in range(h)]

    def inked(grid: list[list[bool]]) -> list[int]:
        return [y for y, row in enumerate(grid) if any(row)]

    pairs = [("ö", "o"), ("ü", "u"), ("ä", "a"), ("Ö", "O"), ("Ü", "U"), ("Ä", "A")]
    for (letter, body), bold in itertools.product(pairs, (False, True)):
        accented, plain = rows(letter, bold), rows(body, bold)
        # A line with an accent above the face's ascent is drawn lower: line
        # the two letters up by the foot of their ink.
        top = inked(plain)[0] + inked(accented)[-1] - inked(plain)[-1]
        dots = [row for row in accented[:top] if any(row)]
        assert dots, (letter, size, bold)
        most = max(
            sum(1 for x, on in enumerate(r) if on and (x == 0 or not r[x - 1])) for r in dots
        )
        assert most >= 2, (letter, size, bold)


def test_the_menus_name_the_bot_levels_as_the_bots_do():
    from game.bots.levels import LEVELS
    from game.play.seats import LEVEL_TITLES

    assert {level: s.title for level, s in LEVELS.items()} == LEVEL_TITLES


# --- the hint's line ---------------------------------------------------------------


def said_parts(words: object) -> list[Said]:
    """`words` and every Said inside it."""
    if not isinstance(words, Said):
        return []
    return [words] + [part for value in words.values.values() for part in said_parts(value)]


def worded_template(part: Said) -> str:
    if part.plural is None:
        return i18n._(part.template)
    return i18n.ngettext(part.template, part.plural, part.number)


UNFILLED = re.compile(r"\{\w*\}")


@pytest.fixture(scope="module")
def hint_lines():
    """The hint's line at each of seat 0's choices in a few bot rounds of classic
    with Seven-O: threats, colours named, a player chosen, plurals of cards."""
    rule_set = load_rules(["classic", "house/seven-o"])
    lines = []
    for seed in (1, 2, 3):
        advisor = Advisor(rule_set, seat=0, seed=seed, deadline_ms=None)
        advisor.bot.steps = EXPERT_STEPS

        def before(state, seat, bot, actions, out_of_turn, advisor=advisor):
            if seat == 0 and len(actions) > 1:
                lines.append(advisor.hint(functools.partial(view, state, 0), actions).why)

        def after(state, action, events, advisor=advisor):
            advisor.observe(action, seen_events(events, 0))

        play(rule_set, ["basic"] * 3, seed=seed, rounds=2, before=before, after=after)
    assert len(lines) > 20 and len({part.template for w in lines for part in said_parts(w)}) > 8
    return rule_set, lines


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_hints_line_speaks_each_language(code, hint_lines, messages):
    """The hint's one line of why is worded in the player's language
    when it is shown, the cards and colours in it as the rule file names them
    there; every template it is made of is extracted (so the catalog tests
    cover it) and translated."""
    rule_set, lines = hint_lines
    book = CardBook(rule_set, code)
    names = book.engine_words()
    i18n.set_language(code)
    for line in lines:
        worded = i18n.say(line, names)
        assert worded != line, worded
        assert not UNFILLED.search(worded), worded
        for part in said_parts(line):
            key = part.template if part.plural is None else (part.template, part.plural)
            assert key in messages, key
            if UNFILLED.sub("", part.template).strip(" ;,"):  # words, not only a joint
                assert worded_template(part) != part.template, (code, part.template)
            for value in ("card", "color"):
                if value in part.values:
                    assert names[str(part.values[value])] in worded, (value, worded)


def test_the_hints_plurals_and_card_names_follow_the_language():
    """The reason for a Draw Two when the next player is nearly out, and for a
    Wild naming the colour held most, worded in Finnish and Turkish."""

    def why(opponent: list[str], card: str, color: str | None = None) -> Said:
        state = rigged(
            rules("classic"),
            hands={
                0: ["red:draw_two", "red:3", "wild:wild", "blue:4"],
                1: opponent,
                2: ["yellow:1", "yellow:2", "yellow:3"],
            },
            top="red:5",
        )
        state.names = ["Ana", "Bo", "Cy"]
        mine = next(c for c in state.hands[0] if state.cards.names[c] == card)
        return explain(Advisor(state.rules, 0).bot, view(state, 0), Play(0, mine, color))

    one = why(["green:8"], "red:draw_two")
    two = why(["green:8", "green:9"], "red:draw_two")
    wild = why(["green:8", "green:9", "green:1"], "wild:wild", "red")
    assert one == "the Red Draw Two slows Bo, who has 1 card"
    assert two == "the Red Draw Two slows Bo, who has 2 cards"
    assert wild == "the Wild turns play to red: you hold 2 red cards"
    book = CardBook(classic(), "fi")
    i18n.set_language("fi")
    worded = [i18n.say(w, book.engine_words()) for w in (one, two, wild)]
    assert worded == [
        "kortti Punainen Nosta kaksi hidastaa pelaajaa Bo, jolla on 1 kortti",
        "kortti Punainen Nosta kaksi hidastaa pelaajaa Bo, jolla on 2 korttia",
        "kortti Villikortti vaihtaa värin (Punainen): kädessäsi on 2 väriä Punainen olevaa korttia",
    ]
    book.speak("tr")
    i18n.set_language("tr")
    assert i18n.say(wild, book.engine_words()) == (
        "Renk Değiştir kartı oyunu Kırmızı rengine çevirir: elinde 2 Kırmızı kart var"
    )


def test_greek_joins_a_cards_phrases_with_a_raised_dot_not_its_question_mark():
    """A card that does two things is described as two phrases; English joins
    them with "; ", which Greek reads as a question mark (U+037E looks like ';')."""
    from game.rules.describe import describe, effect_words

    ruleset = classic()
    two = next(kind for kind in ruleset.kinds.values() if len(kind.effects) >= 2)
    english = effect_words(two.effects)
    assert "; " in english
    i18n.set_language("el")
    greek = effect_words(two.effects)
    assert "; " not in greek and "· " in greek
    assert ";" not in describe(ruleset)


@pytest.mark.parametrize(
    ("house", "english", "finnish"),
    [
        (
            ["house/swap-hands-card"],
            "goes with uno112 (or a rule set built on it), not with classic.yaml",
            "kuuluu sääntöihin uno112 (tai niiden pohjalta tehtyyn sääntösarjaan), "
            "ei sääntöihin classic.yaml",
        ),
        (
            ["house/stacking", "house/stacking-cross"],
            "these house rules conflict, use one of them",
            "nämä kotisäännöt ovat ristiriidassa, käytä vain toista",
        ),
    ],
)
def test_a_clash_a_player_meets_is_worded_in_their_language(house, english, finnish):
    """The New game screen shows why house rules do not go together, to
    players: that is worded in their language, the file's place kept."""
    from game.rules.errors import RuleFileError
    from game.rules.loader import load_rules

    with pytest.raises(RuleFileError) as caught:
        load_rules(["classic", *house])
    first = str(caught.value.errors[0])
    assert english in first
    i18n.set_language("fi")
    worded = i18n.say(first)
    assert finnish in worded
    place = first.split(": ", 1)[0]
    assert worded.startswith(place + ": ")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_reason_that_repeats_its_options_name_repeats_it_word_for_word(code):
    """A hint's line drops the option's name when the reason begins with it
    (game/table/hint.py); in Greek the button said "Παίξε τες όλες" and
    the reason "παίξ' τις όλες", so the line said it twice (found by QA)."""
    found = catalog(code)
    pairs = [("Play them all", "play them all: fewer cards in hand")]
    for option, reason in pairs:
        assert reason.casefold().startswith(option.casefold())  # the English does
        shown, told = found.get(option).string, found.get(reason).string
        assert told.casefold().startswith(shown.casefold()), (shown, told)


@pytest.mark.parametrize(
    ("code", "dark", "skip_everyone"),
    [
        ("en", "Dark side", "all the other players lose their turn"),
        ("tr", "Karanlık yüz", "diğer bütün oyuncuların sırası yanar"),
        ("fi", "Tumma puoli", "kaikki muut pelaajat menettävät vuoronsa"),
        ("el", "Σκοτεινή πλευρά", "όλοι οι άλλοι παίκτες χάνουν τη σειρά τους"),
        ("et", "Tume pool", "kõik teised mängijad jäävad käigust ilma"),
    ],
)
def test_uno_flip_is_explained_in_every_language(code, dark, skip_everyone, capsys):
    assert cli_main(["rules", "flip", "--lang", code]) == 0
    out = capsys.readouterr().out
    assert dark in out and skip_everyone in out
    if code != "en":
        assert "every card turns over" not in out and "named colour" not in out
