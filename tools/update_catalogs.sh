#!/usr/bin/env bash
# Extract the game's strings into game/locale/couch_uno.pot and merge them into
# each language's catalog (docs/contributing.md, "Translations"). New strings arrive untranslated
# (tests/test_i18n.py then says which); changed ones are marked fuzzy.
set -euo pipefail
cd "$(dirname "$0")/.."
# Babel through the interpreter named (PYTHON, else python3 on the PATH), not a `pybabel`
# the PATH may not hold: a virtual environment's Python works without being activated.
pybabel() { "${PYTHON:-python3}" -m babel.messages.frontend "$@"; }
pybabel extract -F babel.cfg -k N_ -k ngettext:1,2 -k said -k said_n:1,2 -c TRANSLATORS: \
  --no-location --sort-output --project=Couch-UNO --copyright-holder=Couch-UNO \
  -o game/locale/couch_uno.pot .
pybabel update -D couch_uno -i game/locale/couch_uno.pot -d game/locale \
  --ignore-obsolete --no-fuzzy-matching --width 100
