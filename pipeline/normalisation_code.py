"""Python code as a sequence of syntax-tree tokens, normalised so that cheap disguises leave it unchanged.

The similarity report (:mod:`pipeline.similarite`) fingerprints this sequence, not the text.  What it
does, the way JPlag's token normalisation does (T. Sağlam, *Mitigating Automated Obfuscation Attacks
on Software Plagiarism Detection Systems*, KIT, 2025) on Python's own :mod:`ast`:

- **one token per syntax node** (its kind: ``For``, ``Assign``, ``BinOp``, ``Add``…), plus one at
  the start and one at the end of each block: names, literals, comments, blank lines and layout are
  gone, so renaming, re-commenting or re-spacing changes nothing;
- **equivalent forms folded**: ``x = x + e`` is ``x += e``; ``range(n)`` is ``range(0, n)``;
  ``i = a`` … ``while i < b: …; i += 1`` is ``for i in range(a, b): …``; a call of a wrapper
  of the cell (a function whose body returns one expression) is that expression, its parameters
  replaced by the call's arguments;
- **dead statements removed** (a def-use pass over each function, to a fixed point): an assignment
  to a name the function never reads, an expression statement that calls nothing, ``pass``, and
  whatever follows a ``return``, ``raise``, ``break`` or ``continue`` in its block;
- **a canonical order**: in each block, the statements are put in the one topological order of
  their dependencies (a name one defines and the other reads or defines, an object a method call
  or an item assignment may change, two calls of a function, a ``return``…) that takes the
  smallest token sequence first; function definitions at the top of a cell, which depend on nothing
  until they are called, come out sorted.

Code that does not parse falls back on its lexical tokens (:mod:`tokenize`: a token per keyword and
operator, one for every name, one for every literal).

Each token keeps the span of the source it comes from (characters of the original code), so the report
can highlight the passages two answers share.

No maintained Python library does this: copydetect tokenises the text (pygments)
without a syntax tree; pycode_similar (last release 2020) compares functions' ``ast`` dumps pair by pair
with ``difflib`` (no dead code removal, no reordering of statements, a cost per pair that 1,000 students
cannot pay); Dolos and JPlag are JavaScript and Java programs, not libraries one calls from Python.
"""

from __future__ import annotations

import ast
import heapq
import io
import keyword
import token as jeton_lexical
import tokenize

import numpy as np


def _classes(racine: type) -> list[type]:
    return [racine] + [c for sous in racine.__subclasses__() for c in _classes(sous)]


_CODES = {cls: chr(0x4E00 + i) for i, cls in enumerate(sorted(set(_classes(ast.AST)), key=lambda c: c.__name__))}
"""One character per kind of syntax node (every subclass of ``ast.AST``)."""
DEBUT_BLOC, FIN_BLOC = chr(0x4DFE), chr(0x4DFF)
_SANS_JETON = (ast.expr_context, ast.Module, ast.Expr)
_BLOCS = ("body", "orelse", "finalbody", "handlers", "cases")
_FIN_DE_BLOC = (ast.Return, ast.Raise, ast.Break, ast.Continue)
_FONCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)

def jetons(code: str) -> tuple[str, np.ndarray]:
    """The normalised token sequence of ``code`` (one character per token) and the position in ``code`` of
    the node each token comes from (an array of shape ``(n, 4)``: line, column, end line, end column;
    :func:`etendues` turns them into characters).

    >>> a = "def f(t):\\n    s = 0\\n    for x in t:\\n        s = s + x  # somme\\n    return s\\n"
    >>> b = ("def g(liste):\\n    total = 0\\n    inutile = [1, 2]\\n    i = 0\\n"
    ...      "    while i < len(liste):\\n        total += liste[i]\\n        i += 1\\n    return total\\n")
    >>> jetons(a)[0] == jetons(a.replace("s", "acc"))[0], len(jetons(a)[0])
    (True, 19)
    >>> c = "def g(liste):\\n    total = 0\\n    inutile = [1, 2]\\n    for i in range(len(liste)):\\n        total += liste[i]\\n    return total\\n"
    >>> jetons(b)[0] == jetons(c)[0]
    True
    >>> d = "def h(v):\\n    return v\\n\\n" + a.replace("return s", "return h(s)")
    >>> jetons(a)[0] in jetons(d)[0]
    True
    """
    try:
        arbre = ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return _en_tableaux(_jetons_lexicaux(code))
    try:
        _retirer_le_code_mort(arbre)
        emission = _Emission(_enveloppes(arbre))
        emission.bloc(arbre.body, (1, 0, 1, 0))
    except RecursionError:
        return _en_tableaux(_jetons_lexicaux(code))
    return _en_tableaux(emission.sortie)


def _en_tableaux(sortie: list[tuple]) -> tuple[str, np.ndarray]:
    if not sortie:
        return "", np.zeros((0, 4), dtype=np.int32)
    return "".join(t[0] for t in sortie), np.array([t[1:] for t in sortie], dtype=np.int32)


def etendues(code: str, positions: np.ndarray) -> list[tuple[int, int]]:
    """The ``(debut, fin)`` characters of ``code`` of token positions ``(line, column, end line, end column)``
    (columns in UTF-8 bytes, as :mod:`ast` counts them).

    >>> code = "x = 'é'\\ny = x\\n"
    >>> [code[d:f] for d, f in etendues(code, jetons(code)[1])][-2:]
    ['y', 'x']
    """
    lignes = code.splitlines(keepends=True) or [""]
    debuts = np.cumsum([0] + [len(l) for l in lignes]).tolist()

    def caractere(ligne: int, colonne: int) -> int:
        if ligne - 1 >= len(lignes):
            return debuts[-1]
        texte = lignes[max(ligne - 1, 0)]
        octets = texte.encode("utf-8")
        return debuts[max(ligne - 1, 0)] + (colonne if len(octets) == len(texte)
                                            else len(octets[:colonne].decode("utf-8", "replace")))

    return [(caractere(l, c), caractere(fl, fc)) for l, c, fl, fc in positions.tolist()]


# ---------------------------------------------------------------- folding equivalent forms
def _nom(noeud: ast.AST) -> str | None:
    return noeud.id if type(noeud) is ast.Name else None


def _racine(noeud: ast.AST) -> str | None:
    while isinstance(noeud, (ast.Attribute, ast.Subscript)):
        noeud = noeud.value
    return _nom(noeud)


def _increment(noeud: ast.stmt, nom: str) -> bool:
    return (isinstance(noeud, ast.AugAssign) and _nom(noeud.target) == nom and isinstance(noeud.op, ast.Add)
            and isinstance(noeud.value, ast.Constant) and noeud.value.value == 1
            or isinstance(noeud, ast.Assign) and len(noeud.targets) == 1 and _nom(noeud.targets[0]) == nom
            and isinstance(noeud.value, ast.BinOp) and isinstance(noeud.value.op, ast.Add)
            and _nom(noeud.value.left) == nom and isinstance(noeud.value.right, ast.Constant)
            and noeud.value.right.value == 1)


def _boucles_comptees(bloc: list[ast.stmt]) -> list[ast.stmt]:
    """``i = a`` … ``while i < b (or <=): …; i += 1`` (no ``continue``, ``i`` not set elsewhere in the loop)
    -> ``for i in range(a, b)``."""
    if not any(type(n) is ast.While for n in bloc):
        return bloc
    sortie: list[ast.stmt] = []
    for noeud in bloc:
        test = getattr(noeud, "test", None)
        if (isinstance(noeud, ast.While) and not noeud.orelse and isinstance(test, ast.Compare)
                and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Lt, ast.LtE))
                and (i := _nom(test.left)) and noeud.body and _increment(noeud.body[-1], i)
                and not any(isinstance(n, ast.Continue) for s in noeud.body for n in ast.walk(s))
                and not any(_nom(n) == i and isinstance(n.ctx, ast.Store)
                            for s in noeud.body[:-1] for n in ast.walk(s))):
            borne = test.comparators[0]
            if isinstance(test.ops[0], ast.LtE):
                borne = ast.copy_location(ast.BinOp(borne, ast.Add(), ast.Constant(1)), borne)
            depart: ast.expr = ast.copy_location(ast.Name(i, ast.Load()), test.left)
            for k in range(len(sortie) - 1, -1, -1):
                precedent = sortie[k]
                if (isinstance(precedent, ast.Assign) and len(precedent.targets) == 1
                        and _nom(precedent.targets[0]) == i):
                    depart = precedent.value
                    del sortie[k]
                    break
                if any(_nom(n) == i for n in ast.walk(precedent)):
                    break
            appel = ast.copy_location(ast.Call(ast.copy_location(ast.Name("range", ast.Load()), test),
                                               [depart, borne], []), test)
            boucle = ast.For(ast.copy_location(ast.Name(i, ast.Store()), test.left), appel, noeud.body[:-1], [])
            sortie.append(ast.copy_location(boucle, noeud))
        else:
            sortie.append(noeud)
    return sortie


# ---------------------------------------------------------------- dead statements
def _sans_effet(noeud: ast.AST) -> bool:
    return not any(isinstance(n, (ast.Call, ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr))
                   for n in ast.walk(noeud))


def _cibles(noeud: ast.stmt) -> list[ast.AST] | None:
    """The nodes of an assignment's targets, ``None`` for another statement."""
    if isinstance(noeud, ast.Assign):
        return [n for c in noeud.targets for n in ast.walk(c)]
    if isinstance(noeud, (ast.AugAssign, ast.AnnAssign)):
        return list(ast.walk(noeud.target))
    return None


def _mort(noeud: ast.stmt, lus: set[str]) -> bool:
    if isinstance(noeud, ast.Pass):
        return True
    if isinstance(noeud, ast.Expr):
        return _sans_effet(noeud.value)
    cibles = _cibles(noeud)
    if cibles is None:
        return False
    return (all(isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.expr_context)) for n in cibles)
            and not any(n.id in lus for n in cibles if type(n) is ast.Name)
            and (noeud.value is None or _sans_effet(noeud.value)))


def _elaguer(bloc: list[ast.stmt], lus: set[str] | None) -> bool:
    """Remove from ``bloc`` (and the blocks under it, not in nested functions) what follows a ``return``
    (``raise``, ``break``, ``continue``), and, when ``lus`` is given, the statements :func:`_mort` finds dead
    (else only ``pass`` and the expression statements that call nothing); whether anything was removed."""
    change = False
    for k, noeud in enumerate(bloc):
        if isinstance(noeud, _FIN_DE_BLOC) and k + 1 < len(bloc):
            del bloc[k + 1:]
            change = True
            break
    garde = [n for n in bloc if not (_mort(n, lus) if lus is not None
                                     else isinstance(n, (ast.Pass, ast.Expr)) and _mort(n, set()))]
    if len(garde) != len(bloc):
        bloc[:] = garde
        change = True
    for noeud in bloc:
        if isinstance(noeud, _DEFINITIONS):
            continue
        for champ in _BLOCS:
            sous = getattr(noeud, champ, None)
            if isinstance(sous, list) and sous:
                if isinstance(sous[0], ast.stmt):
                    change |= _elaguer(sous, lus)
                else:
                    for element in sous:
                        change |= _elaguer(element.body, lus)
    return change


def _lus(fonction: ast.AST) -> set[str]:
    """The names a function reads, but for what an assignment reads of its own target (``x = x + 1``)."""
    lus: set[str] = set()
    for instruction in ast.walk(fonction):   # one walk: this is most of the normalisation's time
        if not isinstance(instruction, ast.stmt) or instruction is fonction:
            continue
        if isinstance(instruction, (ast.Global, ast.Nonlocal)):
            lus.update(instruction.names)
            continue
        cibles = _cibles(instruction)
        propres = {n.id for n in cibles if type(n) is ast.Name} if cibles else set()
        for champ in ("value", "test", "iter", "exc", "cause", "msg", "subject", "args", "decorator_list",
                      "returns", "items", "context_expr", "slice"):
            valeur = getattr(instruction, champ, None)
            for partie in valeur if isinstance(valeur, list) else [valeur] if valeur is not None else []:
                if isinstance(partie, ast.AST):
                    lus.update(n.id for n in ast.walk(partie) if type(n) is ast.Name and n.id not in propres)
        if cibles:   # what a target reads: t[i] = v reads t and i
            lus.update(n.id for n in cibles if type(n) is ast.Name and isinstance(n.ctx, ast.Load))
            if isinstance(instruction, ast.AugAssign) and not propres:
                lus.update(n.id for n in cibles if type(n) is ast.Name)
        if isinstance(instruction, (ast.For, ast.AsyncFor)):
            lus.update(n.id for n in ast.walk(instruction.target) if type(n) is ast.Name
                       and isinstance(n.ctx, ast.Load))
    return lus


def _retirer_le_code_mort(arbre: ast.Module) -> None:
    """Dead statements out of every function (to a fixed point); at the top of the cell, only ``pass`` and
    expression statements that call nothing (a name set there may be read by another cell)."""
    _elaguer(arbre.body, None)
    for fonction in [n for n in ast.walk(arbre) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        while _elaguer(fonction.body, _lus(fonction)):
            pass


# ---------------------------------------------------------------- dependencies and the canonical order
class _Dependances:
    """What orders a statement against the others of its block: the names it defines (or the objects it may
    change) and reads, whether it calls a function, whether it is a barrier (``return``, ``yield``…)."""

    __slots__ = ("definis", "lus", "appel", "barriere")

    def __init__(self) -> None:
        self.definis: set[str] = set()
        self.lus: set[str] = set()
        self.appel = False
        self.barriere = False

    def union(self, autre: "_Dependances") -> None:
        self.definis |= autre.definis
        self.lus |= autre.lus
        self.appel |= autre.appel
        self.barriere |= autre.barriere

    def avant(self, autre: "_Dependances") -> bool:
        """Whether ``self``, written before ``autre``, must stay before it."""
        return bool(self.barriere or autre.barriere or self.appel and autre.appel or self.definis & autre.lus
                    or self.lus & autre.definis or self.definis & autre.definis)


def _ordre_canonique(deps: list[_Dependances], cles: list[str]) -> list[int]:
    """The topological order of the statements' dependencies that takes the smallest token sequence first."""
    n = len(deps)
    if n < 2:
        return list(range(n))
    apres: list[list[int]] = [[] for _ in range(n)]
    restants = [0] * n
    for j in range(n):
        for i in range(j):
            if deps[i].avant(deps[j]):
                apres[i].append(j)
                restants[j] += 1
    pret = [(cles[i], i) for i in range(n) if restants[i] == 0]
    heapq.heapify(pret)
    ordre = []
    while pret:
        _, i = heapq.heappop(pret)
        ordre.append(i)
        for j in apres[i]:
            restants[j] -= 1
            if restants[j] == 0:
                heapq.heappush(pret, (cles[j], j))
    return ordre


# ---------------------------------------------------------------- emitting the tokens
def _enveloppes(arbre: ast.Module) -> dict[str, ast.FunctionDef]:
    """The wrappers of a cell: its functions whose whole (pruned) body returns one expression, with plain
    parameters; a call of one is emitted as that expression (an extra helper hides nothing)."""
    return {f.name: f for f in arbre.body
            if isinstance(f, ast.FunctionDef) and not f.decorator_list and len(f.body) == 1
            and isinstance(f.body[0], ast.Return) and f.body[0].value is not None
            and not (f.args.vararg or f.args.kwarg or f.args.kwonlyargs or f.args.posonlyargs or f.args.defaults)
            and not any(isinstance(n, (ast.Lambda, ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr))
                        for n in ast.walk(f.body[0]))}



_CHAMPS: dict[type, tuple[str, ...]] = {}
_BARRIERES = _FIN_DE_BLOC + (ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal)
_RANGE_DEPART = _CODES[ast.Constant]


class _Emission:
    """The tokens of a pruned tree, equivalent forms folded, each block in its canonical order; each token
    with the position ``(line, column, end line, end column)`` of the node it comes from (a compound
    statement: its first line)."""

    def __init__(self, enveloppes: dict[str, ast.FunctionDef] | None = None) -> None:
        self.sortie: list[tuple] = []
        self.deps = _Dependances()
        self.enveloppes = enveloppes or {}
        self.substitution: dict[str, ast.AST] | None = None

    def _deplier(self, appel: ast.Call, position: tuple) -> bool:
        """A call of a wrapper of the cell (:func:`_enveloppes`) as the expression it returns, its parameters
        replaced by the call's arguments (one level: not inside another unfolded call)."""
        fonction = self.enveloppes.get(appel.func.id) if type(appel.func) is ast.Name else None
        if (fonction is None or self.substitution is not None or appel.keywords
                or len(appel.args) != len(fonction.args.args)
                or any(isinstance(a, ast.Starred) for a in appel.args)):
            return False
        self.substitution = {p.arg: a for p, a in zip(fonction.args.args, appel.args)}
        self.noeud(fonction.body[0].value, position)
        self.substitution = None
        return True

    def bloc(self, instructions: list, position: tuple) -> None:
        if not instructions or not isinstance(instructions[0], ast.stmt):
            for element in instructions:   # except handlers, match cases
                self.noeud(element, position)
            return
        instructions = _boucles_comptees(instructions)
        parent, morceaux, deps = self.deps, [], []
        for s in instructions:
            debut = len(self.sortie)
            self.deps = _Dependances()
            self.noeud(s, position)
            morceaux.append(self.sortie[debut:])
            del self.sortie[debut:]
            deps.append(self.deps)
            if not isinstance(s, _DEFINITIONS):
                parent.union(self.deps)
        self.deps = parent
        for i in _ordre_canonique(deps, ["".join(t[0] for t in m) for m in morceaux]):
            self.sortie += morceaux[i]

    def noeud(self, noeud: ast.AST, position: tuple) -> None:
        genre = type(noeud)
        if getattr(noeud, "end_lineno", None) is not None:
            if genre in _COMPOSEES:
                position = (noeud.lineno, noeud.col_offset, noeud.lineno + 1, 0)
            else:
                position = (noeud.lineno, noeud.col_offset, noeud.end_lineno, noeud.end_col_offset)
        deps = self.deps
        if genre is ast.Name:
            if self.substitution is not None and noeud.id in self.substitution:
                parametres, self.substitution = self.substitution, {}   # the argument: nothing replaced, nothing unfolded
                self.noeud(parametres[noeud.id], position)
                self.substitution = parametres
                return
            self.sortie.append((_CODES[genre], *position))
            (deps.lus if type(noeud.ctx) is ast.Load else deps.definis).add(noeud.id)
            return
        if genre in _DEFINITIONS:
            self.deps = _Dependances()          # a definition's body runs when it is called
            deps.definis.add(noeud.name)
        elif genre is ast.Assign and len(noeud.targets) == 1 and type(noeud.value) is ast.BinOp \
                and (cible := _nom(noeud.targets[0])) and _nom(noeud.value.left) == cible:
            noeud = ast.AugAssign(noeud.targets[0], noeud.value.op, noeud.value.right)   # x = x + e: x += e
            genre = ast.AugAssign
        if genre is ast.AugAssign and (cible := _racine(noeud.target)):
            deps.lus.add(cible)
        elif genre in (ast.Attribute, ast.Subscript) and type(noeud.ctx) is not ast.Load:
            if racine := _racine(noeud):
                deps.definis.add(racine)
        elif genre is ast.Call:
            if self.enveloppes and self._deplier(noeud, position):
                return
            if type(noeud.func) is ast.Attribute:
                if racine := _racine(noeud.func.value):
                    deps.definis.add(racine)     # a method may change its object
            else:
                deps.appel = True
        elif genre in _BARRIERES:
            deps.barriere = True
        elif genre in (ast.Import, ast.ImportFrom):
            deps.definis.update((a.asname or a.name).split(".")[0] for a in noeud.names)
        if genre not in _SANS_JETON:
            self.sortie.append((_CODES[genre], *position))
        if genre is ast.Call and _nom(noeud.func) == "range" and len(noeud.args) == 1 and not noeud.keywords:
            self.noeud(noeud.func, position)
            self.sortie.append((_RANGE_DEPART, *position))    # range(n): range(0, n)
            self.noeud(noeud.args[0], position)
            return
        champs = _CHAMPS.get(genre)
        if champs is None:
            champs = _CHAMPS[genre] = tuple(genre._fields)
        for champ in champs:
            valeur = getattr(noeud, champ, None)
            if isinstance(valeur, ast.AST):
                if not isinstance(valeur, _SANS_JETON):
                    self.noeud(valeur, position)
            elif type(valeur) is list and valeur and isinstance(valeur[0] or valeur[-1], ast.AST):
                if champ in _BLOCS:
                    self.sortie.append((DEBUT_BLOC, *position))
                    self.bloc(valeur, position)
                    self.sortie.append((FIN_BLOC, *position))
                else:
                    for element in valeur:
                        if element is not None:   # a dict's key before ``**mapping``
                            self.noeud(element, position)
        self.deps = deps


_COMPOSEES = frozenset(c for c in _CODES if issubclass(c, ast.stmt) and any(f in _BLOCS for f in c._fields))


# ---------------------------------------------------------------- code that does not parse
_LEXICAL = {**{k: chr(0x4C00 + i) for i, k in enumerate(keyword.kwlist)},
            **{t: chr(0x4D00 + n) for t, n in jeton_lexical.EXACT_TOKEN_TYPES.items()}}
_NOM_LEXICAL, _LITTERAL_LEXICAL = chr(0x4DF0), chr(0x4DF1)


def _jetons_lexicaux(code: str) -> list[tuple]:
    """The lexical tokens of code that does not parse (up to where it cannot even be tokenised)."""
    lignes = code.splitlines()

    def octets(ligne: int, colonne: int) -> int:
        return len(lignes[ligne - 1][:colonne].encode("utf-8")) if 0 < ligne <= len(lignes) else colonne

    sortie: list[tuple] = []
    try:
        for t in tokenize.generate_tokens(io.StringIO(code).readline):
            if t.type == tokenize.NAME:
                caractere = _LEXICAL.get(t.string, _NOM_LEXICAL)
            elif t.type in (tokenize.NUMBER, tokenize.STRING):
                caractere = _LITTERAL_LEXICAL
            elif t.type == tokenize.OP:
                caractere = _LEXICAL.get(t.string, _NOM_LEXICAL)
            else:
                continue
            sortie.append((caractere, t.start[0], octets(*t.start), t.end[0], octets(*t.end)))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return sortie
