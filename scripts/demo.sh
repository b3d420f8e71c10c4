#!/usr/bin/env bash
# Set up (idempotent) and run the main job: the teacher's whole nbgrader loop on the demo class
# (build the release, submissions, autograde, feedback, CSV export, report with plots).
# Options go to pipeline.demo (e.g. --racine DIR to work in another folder).
# The exam's Q21 game, AI against AI in the terminal, stays one command away: .venv/bin/python -m awale_ref
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pipeline.demo "$@"
