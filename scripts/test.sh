#!/usr/bin/env bash
# Set up (idempotent) and run every test: unit, property, differential,
# doctests, notebooks end to end and the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
export PYTHONHASHSEED=0
.venv/bin/python -m pytest "$@"
