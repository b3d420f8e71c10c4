"""What crosses the trust boundary between the judge and the runner: typed, versioned records.

The judge (:mod:`awale_ref.grading.correcteur.juge`, trusted) sends *orders* to the
runner (:mod:`awale_ref.grading.executant`, untrusted: it runs the student's
code in a sandbox) and reads its *replies*, one JSON object per line.  This
module is the one definition of both: the order kinds, the reply's outcome
(:class:`Issue`, one enumerated kind instead of flag keys), their fields and
types, the protocol's :data:`VERSION`, and the one place where they are
written (:func:`ecrire`) and read (:func:`lire_ordre`, :func:`lire_reponse`).

Reading a reply is strict: a line that is not JSON, an object without the
current version, an unknown outcome, a missing, unknown or mistyped field
raises :class:`MessageInvalide` (message in English; the judge turns it
into a failed question, never a crash and never a pass), and bounded: a reply over :data:`BUDGET` (bytes,
values, depth) is :class:`ReponseTropGrande`, found by :func:`mesurer` before the line is parsed.  What a reply
carries inside (each case's answer, an encoded value) is plain data that
the judge decodes again (``encodage.decoder``) before any comparison.

The judge's own state for a question (the expected observations, the memo,
the reasons read in the source) is never part of an order: it stays in the
judge (``juge.Plan``).

Standard library only: the runner loads this file, mounted read-only with the rest of its folder
(``awale_ref/grading/executant/``) in its sandbox, before any student code exists.

>>> ordre = OrdreCellule(id=3, source="x = 1", delai=2.0)
>>> lire_ordre(ecrire(ordre)) == ordre
True
>>> lire_reponse(ecrire(Reponse(3, Issue.ABSENT)))
Reponse(id=3, issue=<Issue.ABSENT: 'absent'>, resultats=None, valeur=None, donnees=None, requete=None, texte=None, appelable=None, exception=None, secondes=None, taille=None)
>>> lire_reponse(b'{"version": 0, "issue": "absent", "id": 3}')
Traceback (most recent call last):
...
awale_ref.grading.executant.messages.MessageInvalide: protocol version 0, expected 2
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence, Union, get_args

VERSION = 2
"""The protocol's version: written in every message, checked on every reply (judge and runner come from the
same package, so a reply of another version is forged or broken, never older)."""

_DUMPS, _LOADS = json.dumps, json.loads  # captured before any student code exists (it may replace json.dumps)


class MessageInvalide(ValueError):
    """A line that is not a valid message of this protocol (message in English)."""


# ---------------------------------------------------------------- orders: judge -> runner
@dataclass(frozen=True)
class Demarrage:
    """The first order: the reference module's name and the code the notebook may import from it (every
    graded function left out), the other names it is imported by, and the subject's own package (stubs)."""

    TYPE: ClassVar[str] = "demarrage"
    module: str
    reference_non_notee: str
    alias: list[str] = field(default_factory=list)
    factices: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class OrdreCellule:
    """Run one code cell of the notebook (``delai``: seconds)."""

    TYPE: ClassVar[str] = "cellule"
    id: int
    source: str
    delai: float


@dataclass(frozen=True)
class _Question:
    """What every question order holds: the question, the expression to evaluate (the teacher's, from the
    restored test cell), and the id and seconds given when it is sent."""

    question: str
    expression: str
    id: int = field(default=0, kw_only=True)
    delai: float = field(default=0.0, kw_only=True)


@dataclass(frozen=True)
class _AvecReference(_Question):
    """A question run with every function of ``substituer`` resolved to ``reference`` (the reference module's
    plain code, named ``module``, without any function whose question is not judged yet)."""

    reference: str
    module: str
    substituer: list[str]


@dataclass(frozen=True)
class OrdreFonction(_AvecReference):
    """Evaluate the graded function ``nom`` on packed cases (``encodage.emballer_cas``), observed as
    ``observation`` says (``observations.observer``), under the run-time traps of ``contraintes``."""

    TYPE: ClassVar[str] = "fonction"
    nom: str
    observation: str
    cas: str
    contraintes: list[str] = field(default_factory=list)
    fonctions: list[int] = field(default_factory=list)  # positions of the arguments that name a function


@dataclass(frozen=True)
class OrdrePartie(_AvecReference):
    """A subject's game question on ``nom``: ``code`` is the subject's runner side (``jouer``), sent as text."""

    TYPE: ClassVar[str] = "partie"
    nom: str
    code: str


@dataclass(frozen=True)
class OrdreValeur(_AvecReference):
    """A question answered by a value: ``cellules`` (the cells that build it) run again, then ``expression``."""

    TYPE: ClassVar[str] = "valeur"
    cellules: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class OrdreSql(_Question):
    """A query question: the runner evaluates ``expression`` and sends back the query's *text* only
    (:attr:`Issue.REQUETE`); it never sees the database the query is judged on."""

    TYPE: ClassVar[str] = "sql"


@dataclass(frozen=True)
class OrdreRequete:
    """To the judge's SQL process (``boucle.principal_sql``, which runs no student code): run the query
    ``requete`` (plain data, a ``str`` the runner sent) on the read-only database file ``base``."""

    TYPE: ClassVar[str] = "requete"
    id: int
    requete: str
    base: str


@dataclass(frozen=True)
class Fin:
    """The last order: the runner stops."""

    TYPE: ClassVar[str] = "fin"


OrdreQuestion = Union[OrdreFonction, OrdrePartie, OrdreValeur, OrdreSql]
Ordre = Union[Demarrage, OrdreCellule, OrdreFonction, OrdrePartie, OrdreValeur, OrdreSql, OrdreRequete, Fin]
ORDRES: dict[str, type] = {c.TYPE: c for c in get_args(Ordre)}
QUESTIONS = frozenset(c.TYPE for c in get_args(OrdreQuestion))


# ---------------------------------------------------------------- replies: runner -> judge
class Issue(enum.Enum):
    """What happened to an order: the one outcome of a reply."""

    PRET = "pret"                          # the runner has started
    FAITE = "faite"                        # a cell has run (whatever it did)
    FIN = "fin"                            # a question's child has ended (sent by the runner's parent process)
    RESULTATS = "resultats"                # a function's answers: one JSON text per case (``observations.evaluer_cas``)
    VALEUR = "valeur"                      # a value, encoded (``encodage.encoder``)
    REQUETE = "requete"                    # a query question's answer: the query's text (``requete``), or
                                           # the type of a value that is not a str (``texte``)
    SQL = "sql"                            # the judge's SQL process: ``requetes.evaluer_sql``'s plain data
    PARTIE = "partie"                      # a subject's game: its ``jouer``'s plain data
    ABSENT = "absent"                      # the graded name does not exist there
    ILLISIBLE = "illisible"                # evaluating the expression raised ``texte`` (an exception's name)
    PAS_UNE_FONCTION = "pas_une_fonction"  # the graded name is an object of type ``texte``
    DELAI = "delai"                        # the question's time ran out (``exception``: one seen before)
    TROP_GROS = "trop_gros"                # the reply would have been over the budget (:data:`BUDGET`): its
                                           # limit ``texte`` exceeded, ``taille`` what was counted
    MORT = "mort"                          # the child ended without answering (the judge's conclusion)


REPONSE_ATTENDUE: dict[str, Issue] = {OrdreFonction.TYPE: Issue.RESULTATS, OrdreValeur.TYPE: Issue.VALEUR,
                                      OrdreSql.TYPE: Issue.REQUETE, OrdrePartie.TYPE: Issue.PARTIE}
"""The outcome that answers each kind of question when the graded name could be evaluated."""


@dataclass(frozen=True)
class Reponse:
    """One reply of the runner: the order's ``id``, its :class:`Issue` and the fields that outcome carries
    (:data:`CHAMPS`); every other field is ``None``."""

    id: int
    issue: Issue
    resultats: list[str] | None = None
    valeur: Any = None
    donnees: dict | None = None
    requete: str | None = None
    texte: str | None = None
    appelable: bool | None = None
    exception: list[str] | None = None
    secondes: float | None = None
    taille: int | None = None


_NOMBRE = (int, float)
CHAMPS: dict[Issue, dict[str, tuple[type, ...]]] = {
    Issue.PRET: {}, Issue.FAITE: {}, Issue.FIN: {}, Issue.ABSENT: {}, Issue.MORT: {},
    Issue.RESULTATS: {"resultats": (list,)},
    Issue.VALEUR: {"valeur": (object,)},
    Issue.REQUETE: {"requete": (str, type(None)), "texte": (str, type(None))},
    Issue.SQL: {"donnees": (dict,)},
    Issue.PARTIE: {"donnees": (dict,)},
    Issue.ILLISIBLE: {"texte": (str,)},
    Issue.PAS_UNE_FONCTION: {"texte": (str,), "appelable": (bool,)},
    Issue.DELAI: {"exception": (list, type(None)), "secondes": (*_NOMBRE, type(None))},
    Issue.TROP_GROS: {"taille": (int,), "texte": (str,)},
}
"""The fields each outcome carries, and their JSON types (all required; ``None`` allowed where listed)."""

LONGUEUR_MAX_REQUETE = 100_000
"""The longest query text the judge runs (characters); the runner sends at most one more character, so that
the judge can say the query is too long (a longer text is an invalid reply)."""


# ---------------------------------------------------------------- the budget of a reply (runner and judge)
IMBRICATION_MAX = 200
"""The deepest nesting of JSON containers a value encoded by the runner reaches (``encodage.encoder`` counts a
tuple as two levels, a dict with other keys than ``str`` as three: what they take in JSON); deeper, the value is
a refusal marker."""


@dataclass(frozen=True)
class Budget:
    """What one reply may hold, as its JSON text says it before anything is built from it: ``octets`` (its
    line), ``valeurs`` (JSON values, every container, key and scalar counted: in the line, and in the texts
    of its ``resultats`` together) and ``imbrication`` (nesting of JSON containers in any one text)."""

    octets: int
    valeurs: int
    imbrication: int


BUDGET = Budget(octets=16 * 1024 ** 2, valeurs=1_000_000, imbrication=IMBRICATION_MAX + 8)
"""The one budget of a reply: the runner sends none over it (``boucle._envoyer``: :attr:`Issue.TROP_GROS`
instead), the judge reads none over it (:func:`lire_reponse`: :class:`ReponseTropGrande`).  The depth leaves
room for the envelope around an encoded value (the reply, a case's answer, a game's data)."""

LIMITES_DU_BUDGET = tuple(f.name for f in dataclasses.fields(Budget))
"""The budget's limits, by name: what :attr:`Issue.TROP_GROS` and :class:`ReponseTropGrande` say was exceeded."""


class ReponseTropGrande(MessageInvalide):
    """A reply over :data:`BUDGET`, refused before it is parsed: ``limite`` (a name of
    :data:`LIMITES_DU_BUDGET`), what was counted (``mesure``, at least) and ``maximum``."""

    def __init__(self, limite: str, mesure: int, maximum: int) -> None:
        super().__init__(f"reply over the budget: more than {maximum} {limite} ({mesure} at least)")
        self.limite, self.mesure, self.maximum = limite, mesure, maximum


_CHAINE = re.compile(rb'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
"""A JSON string (its commas and brackets are no structure); none holds a raw end of line, so texts joined by
one are measured together (:func:`mesurer_textes`), no string running from one into the next.  Compiled when
the module is loaded, before any student code exists."""
_CROCHETS = bytes.maketrans(b"{}", b"[]")  # the depth does not depend on the kind of bracket
_HORS_CROCHETS = bytes(c for c in range(256) if c not in b"[]{}")
_HORS_PONCTUATION = bytes(c for c in range(256) if c not in b"[{,:")
_GUILLEMETS_PAR_DECOUPE = 1 << 18  # a text with more quotes is rid of its strings by the pattern (less memory)


def _sans_chaines(texte: bytes, guillemets: int) -> bytes:
    """``texte`` (which has ``guillemets`` quotes) without its JSON strings: cut at its quotes (escapes first
    removed) when it is well formed and has few enough, else by :data:`_CHAINE` (slower; a string never running
    past an end of line)."""
    if guillemets <= _GUILLEMETS_PAR_DECOUPE:
        if b"\\" in texte:
            texte = texte.replace(b"\\\\", b"").replace(b'\\"', b"")
        morceaux = texte.split(b'"')
        if len(morceaux) % 2 and b"\n" not in b"".join(morceaux[1::2]):
            return b"".join(morceaux[0::2])
    return _CHAINE.sub(b"", texte)


def mesurer(texte: str | bytes, budget: Budget = BUDGET, deja: int = 0) -> int:
    """How many JSON values ``texte`` holds at most (containers, keys and scalars), counted without parsing
    it, in time and memory linear in its length; :class:`ReponseTropGrande` when they and ``deja`` (the values
    counted before, in the same reply) exceed ``budget.valeurs``, or when its containers nest deeper than
    ``budget.imbrication``.  ``texte`` need not be valid JSON (its parser says so after).

    Every value but the outermost one follows ``[``, ``{``, ``,`` or ``:`` outside a string: their count,
    plus one, bounds the values (counted first with the strings' own, a bound still, and without them only
    when that one is over the budget).  The depth is how many passes that remove the innermost empty pairs of
    brackets it takes to empty them (at most ``budget.imbrication + 1``).

    >>> mesurer('{"a": [1, 2, "x,y"], "b": {}}'), mesurer(b'[[1], [2, [3]]]')  # 7 values (a comma in a string)
    (10, 7)
    >>> mesurer('["' + "," * 40 + '"]', Budget(octets=100, valeurs=10, imbrication=4))  # 2 values
    2
    >>> mesurer("[" * 300 + "]" * 300)
    Traceback (most recent call last):
    ...
    awale_ref.grading.executant.messages.ReponseTropGrande: reply over the budget: more than 208 imbrication (209 at least)
    """
    texte = texte.encode("utf-8", "surrogatepass") if isinstance(texte, str) else bytes(texte)
    valeurs = deja + 1 + len(texte.translate(None, _HORS_PONCTUATION))  # the strings' own counted too: more
    if valeurs <= budget.valeurs and _assez_plat(texte, budget):  # (an honest reply: one pass, nothing cut)
        return valeurs
    guillemets = texte.count(b'"')
    if deja + guillemets // 2 > budget.valeurs:  # every string is a value
        raise ReponseTropGrande("valeurs", deja + guillemets // 2, budget.valeurs)
    sans_chaines = _sans_chaines(texte, guillemets)
    valeurs = deja + 1 + len(sans_chaines.translate(None, _HORS_PONCTUATION))
    if valeurs > budget.valeurs:
        raise ReponseTropGrande("valeurs", valeurs, budget.valeurs)
    if not _assez_plat(sans_chaines, budget):
        raise ReponseTropGrande("imbrication", budget.imbrication + 1, budget.imbrication)
    return valeurs


def _assez_plat(texte: bytes, budget: Budget) -> bool:
    """Whether the brackets of ``texte`` nest at most ``budget.imbrication`` deep (brackets that do not pair
    count as flat: the parser refuses them)."""
    crochets = texte.translate(_CROCHETS, _HORS_CROCHETS)
    for _ in range(budget.imbrication):
        reste = crochets.replace(b"[]", b"")
        if len(reste) == len(crochets):  # empty, or brackets that do not pair
            return True
        crochets = reste
    return b"[]" not in crochets


def mesurer_textes(textes: Sequence[str], budget: Budget = BUDGET, deja: int = 0) -> int:
    """:func:`mesurer` of every text of ``textes`` (a reply's cases), in one pass: joined by an end of line,
    which no JSON string holds raw, each text's values counted on their own and the deepest text's depth."""
    if not textes:
        return deja
    return mesurer("\n".join(textes), budget, deja + len(textes) - 1)


def verifier_budget(ligne: str | bytes, textes: Sequence[str] = (), budget: Budget = BUDGET) -> None:
    """:class:`ReponseTropGrande` when a reply's ``ligne`` or the ``textes`` it carries (its ``resultats``,
    together) are over ``budget`` (:func:`mesurer`)."""
    if len(ligne) > budget.octets:
        raise ReponseTropGrande("octets", len(ligne), budget.octets)
    mesurer(ligne, budget)
    mesurer_textes(textes, budget)


# ---------------------------------------------------------------- observations: kinds and keys (program names)
# What a case's observation holds (``observations.observer``) is keyed by these names, never by the French words
# the student reads (``textes.LIBELLES``): a subject's specs compare and select by them.
RENVOIE = "renvoie"                         # the value returned
ARGUMENTS_APRES = "arguments_apres"         # every argument after the call (a list)
LIGNES_DISTINCTES = "lignes_distinctes"     # the rows of a returned list of lists are distinct lists
COPIE_INDEPENDANTE = "copie_independante"   # equal to the original and sharing no list with it
PREMIER_DE_PAIRE = "premier_de_paire"       # the first of a returned pair (the kind ``paire``)
SECOND_DE_PAIRE = "second_de_paire"         # the second of a returned pair
AFFICHE = "affiche"                         # the non-blank lines printed
APPELS = "appels"                           # calls of each Python function, by name
ISSUES = "issues"                           # the distinct results of a random function
NOMBRE_ISSUES = "nombre_issues"             # how many there are
SAISIES_LUES = "saisies_lues"               # how many answers typed at the keyboard were read
AFFICHE_FIN = "affiche_fin"                 # the lines printed after the last one
AFFICHE_AVANT = "affiche_avant"             # what was shown before each answer read (printed since, prompt)
HORS_LIMITES = "hors_limites"               # index reads out of an argument's lists (negative ones included)
ARGUMENTS = "__arguments__"                 # the arguments after the call (judge only: "arguments untouched")

OBSERVATIONS = frozenset({"renvoie", "image", "copie", "paire", "saisies", "renvoie_et_arguments", "affichage",
                          "appels", "tirages", "hors_limites"})
"""The observation kinds of a spec (``Spec.observation``), besides ``renvoie_et_<name>`` (:func:`cle_apres`)."""
_APRES = "renvoie_et_"


def observation_connue(observation: str) -> bool:
    """Whether ``observation`` is a kind the runner observes."""
    return observation in OBSERVATIONS or (observation.startswith(_APRES)
                                           and observation[len(_APRES):].isidentifier())


def cle_apres(observation: str) -> str | None:
    """The key of the first argument after the call for the kind ``renvoie_et_<name>`` (the value, and the
    argument ``<name>`` the function changes in place): ``<name>_apres``; ``None`` for other kinds.

    >>> cle_apres("renvoie_et_grille"), cle_apres("renvoie_et_arguments"), cle_apres("renvoie")
    ('grille_apres', None, None)
    """
    if observation in OBSERVATIONS or not observation_connue(observation):
        return None
    return observation[len(_APRES):] + "_apres"


# ---------------------------------------------------------------- written and read in one place
def en_donnees(message: Any) -> dict:
    """``message`` (an order or a reply) as the plain JSON object that crosses the boundary."""
    if isinstance(message, Reponse):
        donnees = {"version": VERSION, "issue": message.issue.value, "id": message.id}
        donnees.update({nom: getattr(message, nom) for nom in CHAMPS[message.issue]})
        return donnees
    if not isinstance(message, tuple(ORDRES.values())):
        raise TypeError(f"not a message of the protocol: {type(message).__name__}")
    return {"version": VERSION, "type": message.TYPE,
            **{f.name: getattr(message, f.name) for f in dataclasses.fields(message)}}


def ecrire(message: Any) -> bytes:
    """``message`` as one line of UTF-8 JSON (NaN and infinities allowed: a float answer may be one)."""
    return _DUMPS(en_donnees(message), ensure_ascii=False, allow_nan=True).encode("utf-8") + b"\n"


def _objet(ligne: bytes | str) -> dict:
    try:
        donnees = _LOADS(ligne)
    except (ValueError, RecursionError):
        raise MessageInvalide("not a line of JSON") from None
    if type(donnees) is not dict:
        raise MessageInvalide(f"a JSON {type(donnees).__name__}, not an object")
    if donnees.get("version") != VERSION or type(donnees.get("version")) is not int:
        raise MessageInvalide(f"protocol version {str(donnees.get('version'))[:20]}, expected {VERSION}")
    return donnees


def _verifier_champ(nom: str, valeur: Any, types_permis: tuple[type, ...]) -> None:
    if object in types_permis:
        return
    if type(valeur) not in types_permis:  # exact types: True is no int here
        attendu = " or ".join("null" if t is type(None) else t.__name__ for t in types_permis)
        raise MessageInvalide(f"field {nom!r} is a {type(valeur).__name__}, expected {attendu}")


def lire_reponse(ligne: bytes | str, budget: Budget = BUDGET) -> Reponse:
    """A reply of the runner, checked field by field; :class:`MessageInvalide` for anything else, and
    :class:`ReponseTropGrande` for a reply over ``budget``, found before the line (or a case's text) is parsed."""
    verifier_budget(ligne, budget=budget)
    donnees = _objet(ligne)
    try:
        issue = Issue(donnees.get("issue"))
    except (ValueError, TypeError):
        raise MessageInvalide(f"unknown outcome {str(donnees.get('issue'))[:40]!r}") from None
    if issue is Issue.MORT:
        raise MessageInvalide("outcome 'mort' is the judge's own conclusion, never the runner's")
    ident = donnees.get("id")
    if type(ident) is not int:
        raise MessageInvalide(f"field 'id' is a {type(ident).__name__}, expected int")
    champs = CHAMPS[issue]
    inconnus = set(donnees) - {"version", "issue", "id", *champs}
    if inconnus:
        raise MessageInvalide(f"unknown field(s) {sorted(inconnus)[:5]} for outcome {issue.value!r}")
    for nom, types_permis in champs.items():
        if nom not in donnees:
            raise MessageInvalide(f"field {nom!r} missing for outcome {issue.value!r}")
        _verifier_champ(nom, donnees[nom], types_permis)
    if issue is Issue.RESULTATS and not all(type(r) is str for r in donnees["resultats"]):
        raise MessageInvalide("field 'resultats' must be a list of JSON texts (str)")
    if issue is Issue.RESULTATS:  # each case's text is parsed later (``familles.en_donnees``): counted now
        mesurer_textes(donnees["resultats"], budget)
    if issue is Issue.TROP_GROS and donnees["texte"] not in LIMITES_DU_BUDGET:
        raise MessageInvalide("field 'texte' of outcome 'trop_gros' must name a limit of the budget")
    if issue is Issue.REQUETE and (donnees["requete"] is None) == (donnees["texte"] is None):
        raise MessageInvalide("exactly one of the fields 'requete' and 'texte' must be set")
    if issue is Issue.REQUETE and len(donnees["requete"] or "") > LONGUEUR_MAX_REQUETE + 1:
        raise MessageInvalide(f"field 'requete' longer than {LONGUEUR_MAX_REQUETE + 1} characters")
    if issue is Issue.DELAI and donnees["exception"] is not None and (
            len(donnees["exception"]) != 2 or not all(type(x) is str for x in donnees["exception"])):
        raise MessageInvalide("field 'exception' must be null or [name, message]")
    return Reponse(ident, issue, **{nom: donnees[nom] for nom in champs})


def lire_ordre(ligne: bytes | str) -> Ordre:
    """An order of the judge (runner side): its version, type and field names (the judge is trusted: the
    values are not type-checked)."""
    donnees = _objet(ligne)
    classe = ORDRES.get(donnees.pop("type", None))
    if classe is None:
        raise MessageInvalide("unknown order type")
    donnees.pop("version")
    try:
        return classe(**donnees)
    except TypeError as exc:
        raise MessageInvalide(f"order {classe.TYPE!r}: {exc}") from None

