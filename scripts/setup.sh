#!/usr/bin/env bash
# Set up the project on a fresh machine: a virtualenv in .venv with the pinned
# requirements. With --browser (what the tests need), also Debian's Chromium for the browser tests
# (Playwright's own browser download is not available here) and PostgreSQL for the gradebook test.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "[setup] creating .venv"
  "$PY" -m venv .venv
fi
# Reinstall only when requirements.txt, constraints.txt or pyproject.toml changed since the last install.
want=$(cat requirements.txt constraints.txt pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat .venv/.requirements.sha 2>/dev/null)" != "$want" ]; then
  echo "[setup] installing requirements.txt (a few minutes on a fresh machine)"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -r requirements.txt -c constraints.txt   # constraints.txt: every version
  .venv/bin/python -m pip install -q --no-deps -e .   # awale_ref, importable from any kernel
  echo "$want" > .venv/.requirements.sha
fi
# Grading runs every submission in a bubblewrap sandbox (docs/grading_security.md): Debian's bubblewrap
# (and util-linux's prlimit, setpriv and nsenter, present on Debian).
if ! command -v bwrap > /dev/null; then
  echo "[setup] installing Debian bubblewrap (the grading sandbox)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q bubblewrap
fi
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "[setup] installing Debian chromium (browser tests)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium chromium-driver fonts-dejavu-core
fi
# The PostgreSQL gradebook test (tests/test_postgresql.py) starts its own server: Debian's postgresql.
if [ "${1:-}" = "--browser" ] && ! command -v initdb > /dev/null && ! ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1; then
  echo "[setup] installing Debian postgresql (the server gradebook test)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends postgresql
fi
# The class's server (deploy/jupyterhub/, tests/test_jupyterhub.py): JupyterHub's proxy, from npm.
if [ "${1:-}" = "--browser" ] && [ ! -x deploy/jupyterhub/node_modules/.bin/configurable-http-proxy ]; then
  if ! command -v npm > /dev/null; then
    echo "[setup] installing Debian nodejs and npm (JupyterHub's proxy)"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends nodejs npm
  fi
  echo "[setup] installing configurable-http-proxy (npm ci --prefix deploy/jupyterhub)"
  npm ci --silent --no-audit --no-fund --prefix deploy/jupyterhub
fi
# The opening libraries of the SQL questions (the students' and the hidden tests'): built once
# here (cached in ${AWALE_CACHE:-~/.cache/awale_ref}) so that no graded cell has to wait for them.
.venv/bin/python -c "from awale_ref.sujets.ccinp_2024.sql import preparer_bibliotheques; preparer_bibliotheques()"
echo "[setup] ready: $(.venv/bin/python --version)"
