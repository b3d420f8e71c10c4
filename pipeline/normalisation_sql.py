"""SQL queries as a sequence of tokens, normalised so that cheap disguises leave them unchanged.

The similarity report (:mod:`pipeline.similarite`) compares the SQL answers (a Python string holding a
``SELECT``) on this sequence, not on their text.  The query is parsed by ``sqlglot`` (SQLite's dialect,
the one the SQL questions run on), then:

- **aliases out**: a table alias is replaced by its table, a column's table qualifier dropped, a column
  alias of the ``SELECT`` replaced where it is used (``ORDER BY victoires``) by its expression;
- **conjunctions in a canonical order**: the operands of every ``AND`` chain (brackets inside it dropped) sorted
  (literals aside), and the two sides of
  every ``=`` (a join condition written either way round);
- **case and layout out**: keywords and identifiers in lower case, whitespace and comments gone;
- **literals out**: every number or string is one token, as the Python code's are.

Each token of the query printed back becomes one character (a hash of its kind and, for a name, of the
name), in a range the Python tokens never use.  ``sqlglot`` is pinned in ``requirements.txt``.
"""

from __future__ import annotations

import functools
import re
import zlib

_DEBUT_DE_REQUETE = re.compile(r"^\s*(select|with)\b", re.I)
_LITTERAL = re.compile(r"'(?:[^']|'')*'|\b\d+(?:\.\d+)?\b")
_PLAGE = 0xF0000   # Unicode's supplementary private use area A: no Python token (pipeline.normalisation_code) there


def est_une_requete(texte: str) -> bool:
    """Whether a string looks like a query the SQL questions ask for (``SELECT`` or ``WITH`` first).

    >>> est_une_requete("  select 1"), est_une_requete("Selection")
    (True, False)
    """
    return bool(_DEBUT_DE_REQUETE.match(texte))


def requete_canonique(requete: str) -> str | None:
    """The query printed back after normalisation, or ``None`` if ``sqlglot`` cannot read it.

    >>> a = requete_canonique("SELECT j.nom, COUNT(*) AS v FROM Joueur AS j WHERE j.niveau > 3 AND resultat = 1 "
    ...                       "GROUP BY j.id ORDER BY v DESC")
    >>> a == requete_canonique("select NOM, count(*) from joueur where RESULTAT = 1 and niveau > 3 "
    ...                        "group by id order by count(*) desc")
    True
    >>> requete_canonique("SELEKT nom FROM")
    """
    import sqlglot
    from sqlglot import exp

    try:
        arbre = sqlglot.parse_one(requete, read="sqlite")
    except (sqlglot.errors.ParseError, sqlglot.errors.TokenError, ValueError, RecursionError):
        return None
    if arbre is None:
        return None
    for table in arbre.find_all(exp.Table):
        if table.alias:
            table.set("alias", None)
    for colonne in arbre.find_all(exp.Column):
        if colonne.table:
            colonne.set("table", None)
    for select in list(arbre.find_all(exp.Select)):
        alias = {}
        for expression in list(select.expressions):
            if isinstance(expression, exp.Alias):
                alias[expression.alias.lower()] = expression.this
                expression.replace(expression.this.copy())
        for colonne in list(select.find_all(exp.Column)):
            if colonne.name.lower() in alias and colonne.parent is not None:
                colonne.replace(alias[colonne.name.lower()].copy())

    def cle(terme: exp.Expression) -> str:   # its text, literals out (they are one token in the end)
        return _LITTERAL.sub("?", terme.sql(dialect="sqlite").lower())

    def egalites(noeud: exp.Expression) -> exp.Expression:
        if isinstance(noeud, exp.EQ):
            gauche, droite = sorted((noeud.this, noeud.expression), key=cle)
            return exp.EQ(this=gauche.copy(), expression=droite.copy())
        return noeud

    def parentheses(noeud: exp.Expression) -> exp.Expression:   # a AND (b AND c): one chain
        if isinstance(noeud, exp.Paren) and isinstance(noeud.this, exp.And) and isinstance(noeud.parent, exp.And):
            return noeud.this.copy()
        return noeud

    def conjonctions(noeud: exp.Expression) -> exp.Expression:
        if isinstance(noeud, exp.And):
            return exp.and_(*sorted((t.copy() for t in noeud.flatten()), key=cle), copy=False)
        return noeud

    try:
        return arbre.transform(egalites).transform(parentheses).transform(conjonctions).sql(dialect="sqlite", normalize=True).lower()
    except (sqlglot.errors.SqlglotError, RecursionError):
        return None


@functools.lru_cache(maxsize=4096)   # a class hands in the same query many times (sqlglot is most of its cost)
def jetons(requete: str) -> str | None:
    """The normalised token sequence of a query (one character per token), or ``None`` if it cannot be read.

    >>> jetons("SELECT a FROM t AS x WHERE x.b = 1 AND c > 2") == jetons("select A from T where C > 5 and 7 = B")
    True
    """
    from sqlglot.tokens import Tokenizer, TokenType

    canonique = requete_canonique(requete)
    if canonique is None:
        return None
    sortie = []
    for jeton in Tokenizer().tokenize(canonique):
        if jeton.token_type in (TokenType.NUMBER, TokenType.STRING):
            cle = "littéral"
        elif jeton.token_type in (TokenType.VAR, TokenType.IDENTIFIER):
            cle = f"nom {jeton.text.lower()}"
        else:
            cle = jeton.token_type.name
        sortie.append(chr(_PLAGE + zlib.crc32(cle.encode("utf-8")) % 0xFFFE))
    return "".join(sortie)
