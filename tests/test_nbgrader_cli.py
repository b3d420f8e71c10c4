"""nbgrader's commands run inside the process (``pipeline.nbgrader_cli.nbgrader_ici``): same result as the command.

The demo's teacher steps and the Dask workers run nbgrader's app in their own
process; these tests check that it does what ``python -m nbgrader`` does in
the same folder, that a failure is reported with nbgrader's own message, and
that the process is left as it was (working folder, environment,
``sys.path``, stdout), a second command included.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest

from pipeline import demo
from pipeline.nbgrader_cli import nbgrader, nbgrader_en_processus, nbgrader_ici


@pytest.fixture(scope="module")
def cours(tmp_path_factory) -> Path:
    racine = tmp_path_factory.mktemp("cours_ici")
    demo.copier_reglages(racine)
    return racine


def _etudiants(racine: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(racine / "gradebook.db") as db:
        return sorted(db.execute("SELECT id, last_name FROM student"))


def test_a_command_run_here_writes_what_the_command_line_writes(cours, capfd):
    avant = (os.getcwd(), dict(os.environ), list(sys.path))
    nbgrader_ici("db", "student", "add", "martin_hugo", "--last-name=Martin", "--log-level=WARN", racine=cours)
    nbgrader("db", "student", "add", "petit_lou", "--last-name=Petit", "--log-level=WARN", racine=cours)
    nbgrader_ici("db", "student", "add", "roux_ines", "--last-name=Roux", "--log-level=WARN", racine=cours)
    assert _etudiants(cours) == [("martin_hugo", "Martin"), ("petit_lou", "Petit"), ("roux_ines", "Roux")]
    assert (os.getcwd(), dict(os.environ), list(sys.path)) == avant
    print("stdout is ours again")
    assert "stdout is ours again" in capfd.readouterr().out


def test_what_nbgrader_prints_is_returned_not_lost(cours):
    code, journal, imprime = nbgrader_en_processus(cours, "db", "student", "list")
    assert code == 0
    assert "martin_hugo" in journal + imprime


def test_a_failing_command_raises_with_nbgraders_own_message(cours):
    with pytest.raises(RuntimeError) as erreur:
        nbgrader_ici("release_assignment", "pas_de_devoir", "--Exchange.root=" + str(cours / "echange"),
                     racine=cours)
    message = str(erreur.value)
    assert message.startswith("nbgrader release_assignment pas_de_devoir --Exchange.root=")
    assert "release/./pas_de_devoir" in message  # nbgrader's reason: no such released assignment
    code, journal, _ = nbgrader_en_processus(cours, "db", "student", "remove", "personne")
    ligne = nbgrader("db", "student", "remove", "personne", racine=cours, check=False, capture=True)
    assert code == ligne.returncode == 1  # the exit code the command line gives
    assert "personne" in journal
    nbgrader_ici("db", "student", "list", "--log-level=WARN", racine=cours)  # the next one still works


def test_no_blank_jupyter_configuration_is_left_in_the_temporary_folder(cours, tmp_path, monkeypatch):
    """``JUPYTER_NO_CONFIG`` makes a blank configuration folder per process that Jupyter never removes."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    nbgrader("db", "student", "list", "--log-level=WARN", racine=cours, capture=True)
    nbgrader_ici("db", "student", "list", "--log-level=WARN", racine=cours)
    assert not list(tmp_path.rglob("jupyter-clean-cfg*"))
    assert not list(tmp_path.iterdir())  # nor the commands' own temporary folders


def test_nbgraders_metadata_checks_are_the_same_with_its_schema_checked_once(monkeypatch):
    """``pipeline.schema_nbgrader``: nbgrader's validation of cell metadata, same verdicts and messages."""
    import copy

    import jsonschema
    from nbgrader.nbgraderformat import MetadataValidator, common

    from pipeline import autograde, schema_nbgrader  # noqa: F401 (installs it, as an autograde does)

    assert common.jsonschema.validate is schema_nbgrader.valider
    schema = MetadataValidator().schema
    bonne = {"schema_version": 3, "grade": True, "solution": False, "locked": True, "points": 2.0,
             "grade_id": "q4_test", "task": False}
    instances = [bonne, {k: v for k, v in bonne.items() if k != "grade_id"}, {**bonne, "points": "deux"},
                 {**bonne, "grade": "oui"}, {**bonne, "schema_version": "3"}, {**bonne, "locked": None}, []]

    def verdict(valider, instance) -> tuple | None:
        try:
            valider(copy.deepcopy(instance), schema)
        except jsonschema.ValidationError as erreur:
            return erreur.message, list(erreur.path)
        return None

    verifications = []
    monkeypatch.setattr(jsonschema.validators.validator_for(schema), "check_schema",
                        classmethod(lambda cls, s, **kw: verifications.append(1)))
    schema_nbgrader._VALIDEURS.clear()
    nous = [verdict(schema_nbgrader.valider, i) for i in instances]
    assert nous == [verdict(jsonschema.validate, i) for i in instances]
    assert sum(v is not None for v in nous) == 5
    assert len(verifications) == 1 + len(instances)  # once for us; the library's own function, once per call
    assert schema_nbgrader.installer()  # installing twice changes nothing
