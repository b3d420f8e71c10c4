"""A query's result as a notebook shows it: the first rows as a table, the row count, or the refusal.

A subject's SQL questions (``types_question.QuestionsSQL``) show what a student's query returns with
:class:`TableRequete`, in the notebooks and in the students' environment (``pipeline.paquet_eleve`` ships
this module and its template, ``awale_ref/gabarits/table_requete.html``).

>>> from awale_ref.grading.executant.requetes import Reponse
>>> print(repr(TableRequete("SELECT 1", Reponse(("n",), [(1,), (None,)]), 1)))
n
1
(2 lignes, les 1 premières affichées)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from awale_ref.grading.eleve.textes import pluriel
from awale_ref.grading.executant.requetes import Reponse


def _texte(valeur: Any) -> str:
    return "NULL" if valeur is None else str(valeur)


@dataclass
class TableRequete:
    """A query's result as shown in a notebook: the first rows as an HTML table, and the row count."""

    requete: str
    reponse: Reponse | None
    limite: int
    erreur: str | None = None

    def _repr_html_(self) -> str:
        """The refusal, or the first rows and the row count (template ``awale_ref/gabarits/table_requete.html``)."""
        from awale_ref import gabarits

        if self.erreur is not None:
            return gabarits.rendre("table_requete.html", erreur=self.erreur)
        assert self.reponse is not None
        n = len(self.reponse.lignes)
        suite = f" (les {self.limite} premières affichées)" if n > self.limite else ""
        return gabarits.rendre("table_requete.html", erreur=None, colonnes=[str(c) for c in self.reponse.colonnes],
                               lignes=[[_texte(v) for v in ligne] for ligne in self.reponse.lignes[:self.limite]],
                               resume=f"{pluriel(n, 'ligne')}{suite}")

    def __repr__(self) -> str:
        if self.erreur is not None:
            return f"Requête refusée : {self.erreur}"
        assert self.reponse is not None
        lignes = [" | ".join(str(c) for c in self.reponse.colonnes)]
        lignes += [" | ".join(_texte(v) for v in ligne) for ligne in self.reponse.lignes[:self.limite]]
        n = len(self.reponse.lignes)
        suite = f", les {self.limite} premières affichées" if n > self.limite else ""
        lignes.append(f"({pluriel(n, 'ligne')}{suite})")
        return "\n".join(lignes)
