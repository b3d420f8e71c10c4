#!/usr/bin/env bash
# Set up (idempotent) and run every test: unit, property, differential,
# doctests, notebooks end to end and the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
export PYTHONHASHSEED=0
# Compiled modules are written once and read by every later process (nbgrader, Dask workers, the hub's servers):
# with PYTHONDONTWRITEBYTECODE set, as some containers do, each process compiled the course's modules again.
unset PYTHONDONTWRITEBYTECODE
export AWALE_TESTS_COMPLETS=1   # nothing may be missing here: a test that lacks a piece fails (tests/prerequis.py)
# Two workers (pytest-xdist; CI has two cores), a test file each at a time: a file's tests share what it builds once
# (a graded class, a course, a server).  Not --dist loadgroup: with pytest 9.2, xdist 3.8's groups are ignored (it
# renames the node ids, which pytest now derives).  The files go in collection order (--no-loadscope-reorder, not
# xdist's "most tests first"): conftest.py puts the longest first, so that no long file starts last and keeps
# one worker busy alone.  The slowest tests are listed at the end.
.venv/bin/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=25 "$@"
