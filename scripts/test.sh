#!/usr/bin/env bash
# Set up (idempotent) and run every test: unit, property, differential,
# doctests, notebooks end to end and the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
export PYTHONHASHSEED=0
export AWALE_TESTS_COMPLETS=1   # nothing may be missing here: a test that lacks a piece fails (tests/prerequis.py)
# Two workers (pytest-xdist; CI has two cores): a test goes to the free worker, the tests sharing what their file
# builds once stay on one (tests/conftest.py).  The slowest tests are listed at the end (CI must stay under 30 min).
.venv/bin/python -m pytest -n 2 --dist loadgroup --durations=25 "$@"
