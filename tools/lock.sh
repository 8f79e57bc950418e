#!/bin/sh
# Refreshes requirements.lock: the exact versions a fresh install gets of
# everything requirements-dev.txt asks for (the game's requirements and the
# tools). The README's commands and .ci/run install with `-c requirements.lock`,
# so a new release of a dependency reaches us only through this command and a
# green test run. Run it after changing a requirements file, then run the tests.
set -eu
cd "$(dirname "$0")/.."
python3 -m pip install -q 'pip-tools>=7.4,<8'
CUSTOM_COMPILE_COMMAND="sh tools/lock.sh" python3 -m piptools compile --quiet --upgrade \
  --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links \
  --output-file requirements.lock requirements-dev.txt
