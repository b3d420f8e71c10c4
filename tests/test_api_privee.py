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


def test_the_former_module_still_offers_every_step_an_older_config_names():
    """An nbgrader_config.py written before the split names ``pipeline.preprocessors.X``: still loadable."""
    from pipeline import autograde, preprocessors

    for nom in ("RestaureMetadonnees", "LimiteSources", "JugementAnticipe", "ExecutionProtegee", "Jugement",
                "ExportateurPrudent", "crochet_avant", "crochet_apres", "reprendre_interrompus"):
        assert getattr(preprocessors, nom).__module__.startswith(autograde.__name__ + ".")
