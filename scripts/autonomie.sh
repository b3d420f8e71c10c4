#!/usr/bin/env bash
# Self-study: a light virtualenv (.venv-autonomie) with only what the notebooks need
# (`pip install -e .`: JupyterLab, ipywidgets, matplotlib…; no nbgrader, no test tools), at the versions
# of the full install (constraints.txt), then JupyterLab on notebooks/.  The opening libraries of the SQL
# questions are not built here: the SQL notebook builds them on first use (about two minutes on two cores,
# once; awale_ref.sujets.ccinp_2024.library).  --installer-seulement: install, do not start JupyterLab.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv-autonomie/bin/python ]; then
  echo "[autonomie] création de .venv-autonomie"
  "$PY" -m venv .venv-autonomie
fi
want=$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)
if [ "$(cat .venv-autonomie/.pyproject.sha 2>/dev/null)" != "$want" ]; then
  echo "[autonomie] installation légère (pip install -e . aux versions de constraints.txt)"
  # --no-compile: the bytecode is written on first import instead (half the install's time)
  .venv-autonomie/bin/python -m pip install -q --disable-pip-version-check --no-compile -c constraints.txt -e .
  echo "$want" > .venv-autonomie/.pyproject.sha
fi
if [ "${1:-}" = "--installer-seulement" ]; then
  echo "[autonomie] installé : .venv-autonomie/bin/jupyter lab notebooks/"
  exit 0
fi
echo "[autonomie] ouverture de JupyterLab sur notebooks/ (Ctrl+C pour arrêter)"
exec .venv-autonomie/bin/jupyter lab notebooks/ "$@"
