"""Shared by the tests: run a notebook of ``notebooks/`` built by ``pipeline.build`` from its ``.py`` source (not paired:
opening the notebook in JupyterLab must not rewrite either file)."""

from pathlib import Path

DOSSIER = Path(__file__).resolve().parent.parent / "notebooks"


def executer_notebook_apparie(nom: str, dossier_travail: Path, timeout: int) -> list:
    """Check ``<nom>.ipynb`` matches ``<nom>.py``, execute it, and return every code cell output."""
    import nbformat

    from pipeline.build import carnet_depuis_script
    from pipeline.client_noyau import ClientNotebook

    carnet = nbformat.read(DOSSIER / f"{nom}.ipynb", as_version=4)
    source = carnet_depuis_script(DOSSIER / f"{nom}.py")  # what the build writes from the .py
    assert [c.source for c in carnet.cells] == [c.source for c in source.cells], \
        f"{nom}.ipynb is out of date: python -m pipeline.build"
    ClientNotebook(carnet, dossier_travail, timeout=timeout).execute()
    return [o for c in carnet.cells if c.cell_type == "code" for o in c.outputs]
