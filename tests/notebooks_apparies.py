"""Shared by the tests: run a notebook of ``notebooks/`` that jupytext pairs with a ``.py`` source."""

from pathlib import Path

DOSSIER = Path(__file__).resolve().parent.parent / "notebooks"


def executer_notebook_apparie(nom: str, dossier_travail: Path, timeout: int) -> list:
    """Check ``<nom>.ipynb`` matches ``<nom>.py``, execute it, and return every code cell output."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    carnet = nbformat.read(DOSSIER / f"{nom}.ipynb", as_version=4)
    source = jupytext.read(DOSSIER / f"{nom}.py")
    assert [c.source for c in carnet.cells] == [c.source for c in source.cells], \
        f"{nom}.ipynb is out of date: jupytext --to ipynb notebooks/{nom}.py"
    NotebookClient(carnet, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(dossier_travail)}}).execute()
    return [o for c in carnet.cells if c.cell_type == "code" for o in c.outputs]
