#!/bin/sh
# Creates .venv-bfcl with BFCL's multi-turn code, data and checker (PyPI bfcl-eval), for
# `prove-rl eval --benchmark bfcl-multi-turn`. bfcl-eval's declared dependencies pin numpy 1.26 and
# pull dozens of API clients and sentence-transformers (torch); the multi-turn classes and checker
# need only mpmath and filelock, so it is installed without them, in its own venv.
set -e
VENV="${1:-.venv-bfcl}"
here="$(dirname "$0")"
echo "setup:bfcl: [1/3] creating $VENV"
python3 -m venv "$VENV"
echo "setup:bfcl: [2/3] installing bfcl-eval (no dependencies; ~2 MB)"
"$VENV/bin/pip" install --disable-pip-version-check --progress-bar on --no-deps -r "$here/requirements-nodeps.txt"
echo "setup:bfcl: [3/3] installing what its multi-turn classes and checker import"
"$VENV/bin/pip" install --disable-pip-version-check --progress-bar on -r "$here/requirements.txt"
"$VENV/bin/python" -c "import importlib.metadata as m; from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker; print('setup:bfcl: ready, bfcl-eval', m.version('bfcl-eval'))"
