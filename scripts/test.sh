#!/usr/bin/env bash
# Set up (idempotent) and run every test: unit, property, differential,
# doctests, notebooks end to end and the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
export PYTHONHASHSEED=0
export AWALE_TESTS_COMPLETS=1   # nothing may be missing here: a test that lacks a piece fails (tests/prerequis.py)
.venv/bin/python -m pytest "$@"
