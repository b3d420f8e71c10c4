"""The private names of nbclient/nbconvert/nbgrader/jupyter_client/IPython the autograde glue uses, checked.

``pipeline/autograde/prive.py`` gathers them; if an upgrade removes or
reshapes one, this test fails with a message naming the call (and the glue
refuses to load with the same message, instead of failing mid-class).
"""

from __future__ import annotations

import pytest

from pipeline.autograde import prive


def test_every_private_name_we_use_is_still_there():
    assert prive.verifier_contrat() == []


def test_a_broken_private_call_is_named_when_the_glue_loads(monkeypatch):
    from nbclient.client import NotebookClient

    monkeypatch.delattr(NotebookClient, "_async_cleanup_kernel")
    with pytest.raises(RuntimeError) as erreur:
        prive.exiger_contrat()
    message = str(erreur.value)
    assert "nbclient.client:NotebookClient._async_cleanup_kernel no longer exists" in message
    assert "constraints.txt" in message and "pipeline/autograde/prive.py" in message


class _ApresUneMiseAJour:
    """What an upgrade could make of ``_check_assign_resources``: same name, other parameters."""

    def _check_assign_resources(self, autre):
        return autre


def test_a_changed_signature_is_named():
    appel = prive.Appel(f"{__name__}:_ApresUneMiseAJour", "_check_assign_resources", "test", ("self", "resources"))
    assert appel.probleme() == (f"{__name__}:_ApresUneMiseAJour._check_assign_resources now takes (self, autre), "
                                "we call it with (self, resources)")


def test_a_non_essential_change_only_warns(monkeypatch, caplog):
    from nbgrader.nbgraderformat import common

    monkeypatch.delattr(common, "jsonschema")
    prive.exiger_contrat()  # no error: the validation is only slower without it
    assert "nbgrader.nbgraderformat.common.jsonschema no longer exists" in caplog.text


def _preprocesseurs_du_juge(texte: str, dossier) -> list:
    """The judge's preprocessors of an ``nbgrader_config.py`` of text ``texte``, built as nbconvert builds them
    (the class named in ``c.Autograde.autograde_preprocessors``, its config found by its sections)."""
    from nbconvert.exporters import NotebookExporter
    from traitlets.config.loader import PyFileConfigLoader
    from traitlets.utils.importstring import import_item

    (dossier / "nbgrader_config.py").write_text(texte, encoding="utf-8")
    config = PyFileConfigLoader("nbgrader_config.py", path=str(dossier)).load_config()
    exportateur = NotebookExporter(config=config)
    return [import_item(nom)(parent=exportateur) for nom in config.Autograde.autograde_preprocessors
            if ".jugement." in nom]


def test_the_course_config_sets_the_judge_through_its_own_section(tmp_path):
    """The course's ``nbgrader_config.py`` lists the judge's two preprocessors and sets them through their
    class's section, ``c.VerdictsDesTestsCaches`` (traitlets keys a section by class name)."""
    from pathlib import Path

    from pipeline.autograde.jugement import VerdictsDesTestsCaches

    actuelle = (Path(__file__).resolve().parent.parent / "nbgrader_config.py").read_text(encoding="utf-8")
    assert "c.VerdictsDesTestsCaches.delai_question = 60" in actuelle
    juges = _preprocesseurs_du_juge(actuelle, tmp_path)
    assert len(juges) == 2 and all(isinstance(j, VerdictsDesTestsCaches) for j in juges)
    assert [(j.delai_question, j.delai_cellule) for j in juges] == [(60, 30)] * 2
    juges = _preprocesseurs_du_juge(actuelle + "c.VerdictsDesTestsCaches.delai_question = 7\n", tmp_path)
    assert [j.delai_question for j in juges] == [7, 7]
