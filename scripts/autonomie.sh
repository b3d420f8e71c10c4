#!/usr/bin/env bash
# Self-study: a light virtualenv (.venv-autonomie) with only what the notebooks need
# (`pip install -e .`: JupyterLab, ipywidgets, matplotlib…; no nbgrader, no test tools),
# the opening libraries of the SQL questions, then JupyterLab on notebooks/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv-autonomie/bin/python ]; then
  echo "[autonomie] création de .venv-autonomie"
  "$PY" -m venv .venv-autonomie
fi
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ "$(cat .venv-autonomie/.pyproject.sha 2>/dev/null)" != "$want" ]; then
  echo "[autonomie] installation légère (pip install -e .)"
  .venv-autonomie/bin/python -m pip install -q -e .
  echo "$want" > .venv-autonomie/.pyproject.sha
fi
.venv-autonomie/bin/python -c "from awale_ref.grading.sql import preparer_bibliotheques; preparer_bibliotheques()"
echo "[autonomie] ouverture de JupyterLab sur notebooks/ (Ctrl+C pour arrêter)"
exec .venv-autonomie/bin/jupyter lab notebooks/ "$@"
