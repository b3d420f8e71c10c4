"""A written justification as a sequence of word tokens, normalised so that rewording by word order changes nothing.

The similarity report (:mod:`pipeline.similarite`) compares the free-text answers (the justification cells)
on this sequence, as shingles of a few words:

- **words only**: lower case, accents, punctuation, Markdown and layout out; the short words that carry no
  content (articles, pronouns, auxiliaries, prepositions: :data:`MOTS_VIDES`) out; a plural's final ``s``/``x``
  out;
- **the words of each sentence in a canonical order** (sorted): a sentence whose clauses are moved around
  (« Bob garde des graines après chaque coup » / « après chaque coup, Bob garde des graines ») gives the same
  tokens; a sentence ends at ``.``, ``!``, ``?``, ``;``, ``:`` or a blank line.

Each word becomes one character (a hash of the word), in a range neither the Python nor the SQL tokens use,
and keeps the span of the text it comes from (line, column in UTF-8 bytes, as :func:`pipeline.normalisation_code.etendues`
reads them), so the report can highlight the shared passages.
"""

from __future__ import annotations

import re
import unicodedata
import zlib

import numpy as np

MOTS_VIDES = frozenset("""
a ai as au aux avec c ce ces cet cette ci d dans de des donc du elle elles en est et etre eu il ils j je l la le les
leur leurs lui m ma mais me mes moi mon n ne ni nos notre nous on ont ou par pas pour qu que qui s sa se ses si son
sont sur t ta te tes toi ton tu un une vos votre vous y ca cela ici puis alors car comme aussi bien tres plus moins
""".split())
"""Words without content, without accents (they are left out)."""

_MOT = re.compile(r"\w+", re.U)
_FIN_DE_PHRASE = re.compile(r"[.!?;:]|\n\s*\n")
_PLAGE = 0x100000   # Unicode's supplementary private use area B: no Python nor SQL token there


def mot_normalise(mot: str) -> str:
    """A word in lower case, without accents nor a plural's final ``s``/``x``.

    >>> mot_normalise("Récoltées"), mot_normalise("graines"), mot_normalise("jeux"), mot_normalise("pas")
    ('recoltee', 'graine', 'jeu', 'pas')
    """
    sans_accents = "".join(c for c in unicodedata.normalize("NFKD", mot.lower()) if not unicodedata.combining(c))
    return sans_accents[:-1] if len(sans_accents) > 3 and sans_accents[-1] in "sx" else sans_accents


def jetons(texte: str) -> tuple[str, np.ndarray]:
    """The normalised word sequence of ``texte`` (one character per word) and the position of each word
    (line, column, end line, end column; columns in UTF-8 bytes).

    >>> a = jetons("Bob garde des graines après chaque coup, donc pas de famine.")[0]
    >>> a == jetons("Pas de famine, car après chaque coup Bob garde des graines !")[0]
    True
    >>> len(a), a == jetons("Alice récolte dix graines dans la situation 2.")[0]
    (7, False)
    """
    sortie: list[tuple[str, int, int, int, int]] = []
    phrase: list[tuple[str, int, int, int, int]] = []

    def finir() -> None:
        sortie.extend(sorted(phrase))
        phrase.clear()

    debuts = [0]
    for ligne in texte.splitlines(keepends=True):
        debuts.append(debuts[-1] + len(ligne))
    fins = [m.start() for m in _FIN_DE_PHRASE.finditer(texte)] + [len(texte)]
    prochaine = 0
    numero = 0
    for m in _MOT.finditer(texte):
        while fins[prochaine] < m.start():
            prochaine += 1
            finir()
        while debuts[numero + 1] <= m.start():
            numero += 1
        mot = mot_normalise(m.group())
        if mot in MOTS_VIDES or len(mot) < 2 and not mot.isdigit():
            continue
        ligne = texte[debuts[numero]:m.start()]
        colonne = len(ligne.encode("utf-8"))
        phrase.append((mot, numero + 1, colonne, numero + 1, colonne + len(m.group().encode("utf-8"))))
    finir()
    if not sortie:
        return "", np.zeros((0, 4), dtype=np.int32)
    caracteres = "".join(chr(_PLAGE + zlib.crc32(mot.encode("utf-8")) % 0xFFFE) for mot, *_ in sortie)
    return caracteres, np.array([t[1:] for t in sortie], dtype=np.int32)
