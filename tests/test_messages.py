"""The messages across the trust boundary (``awale_ref.grading.executant.messages``): typed, versioned, read strictly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from awale_ref.grading.eleve import checks, textes
from awale_ref.grading.executant import boucle, encodage, messages, observations, requetes
from awale_ref.grading.executant.messages import Issue, MessageInvalide, Reponse

ORDRES = [
    messages.Demarrage("awale_ref.x", "def f():\n    pass\n", ["awale_ref.y"], ["awale_ref.z"]),
    messages.OrdreCellule(1, "x = 1", 2.5),
    messages.OrdreFonction(question="Q1", expression="f", reference="", module="awale_ref.x", substituer=["g"],
                           nom="f", observation="renvoie_et_plateau", cas=encodage.emballer_cas([(1, [2])]),
                           contraintes=["sans_deepcopy"], fonctions=[0], id=4, delai=3.0),
    messages.OrdrePartie(question="Q2", expression="f", reference="", module="m", substituer=[], nom="f",
                         code="def jouer(*a):\n    return {}\n"),
    messages.OrdreValeur(question="Q3", expression="v", reference="", module="m", substituer=[], cellules=["v = 1"]),
    messages.OrdreSql(question="Q4", expression="requete"),
    messages.OrdreRequete(5, "SELECT 1", "/tmp/base.sqlite"),
    messages.Fin(),
]


@pytest.mark.parametrize("ordre", ORDRES, ids=lambda o: o.TYPE)
def test_every_order_kind_round_trips(ordre):
    assert messages.lire_ordre(messages.ecrire(ordre)) == ordre


REPONSES = [Reponse(0, Issue.PRET), Reponse(1, Issue.FAITE), Reponse(2, Issue.FIN), Reponse(2, Issue.ABSENT),
            Reponse(2, Issue.RESULTATS, resultats=['{"obs": {"renvoie": 1}, "appels": 1}']),
            Reponse(2, Issue.VALEUR, valeur={"__tuple__": [1, float("nan")]}),
            Reponse(2, Issue.SQL, donnees={"erreur_sql": "la requête est vide."}),
            Reponse(2, Issue.REQUETE, requete="SELECT 1"), Reponse(2, Issue.REQUETE, texte="int"),
            Reponse(2, Issue.PARTIE, donnees={"obs": {"renvoie": "Alice"}}),
            Reponse(2, Issue.ILLISIBLE, texte="ZeroDivisionError"),
            Reponse(2, Issue.PAS_UNE_FONCTION, texte="int", appelable=False),
            Reponse(2, Issue.DELAI, exception=["MemoryError", ""]), Reponse(2, Issue.DELAI),
            Reponse(2, Issue.TROP_GROS, taille=10 ** 9, texte="octets")]


@pytest.mark.parametrize("reponse", REPONSES, ids=lambda r: r.issue.value)
def test_every_reply_the_runner_may_send_round_trips(reponse):
    lue = messages.lire_reponse(messages.ecrire(reponse))
    assert messages.en_donnees(lue) == messages.en_donnees(reponse) or reponse.issue is Issue.VALEUR
    assert lue.issue is reponse.issue and lue.id == reponse.id


def test_every_outcome_has_its_fields():
    assert set(messages.CHAMPS) == set(Issue)
    assert set(messages.REPONSE_ATTENDUE) == messages.QUESTIONS


@pytest.mark.parametrize("ligne, raison", [
    (b"pas du json", "not a line of JSON"),
    (b"[1, 2]", "not an object"),
    (b'{"id": 2, "resultats": []}', "protocol version None"),
    (b'{"version": 3, "issue": "absent", "id": 2}', "protocol version 3"),
    (b'{"version": true, "issue": "absent", "id": 2}', "protocol version True"),
    (b'{"version": 2, "issue": "gagne", "id": 2}', "unknown outcome 'gagne'"),
    (b'{"version": 2, "issue": "mort", "id": 2}', "the judge's own conclusion"),
    (b'{"version": 2, "issue": "absent", "id": "2"}', "'id' is a str"),
    (b'{"version": 2, "issue": "absent", "id": 2, "ok": true}', "unknown field(s) ['ok']"),
    (b'{"version": 2, "issue": "resultats", "id": 2}', "'resultats' missing"),
    (b'{"version": 2, "issue": "resultats", "id": 2, "resultats": {}}', "'resultats' is a dict"),
    (b'{"version": 2, "issue": "resultats", "id": 2, "resultats": [{"obs": 1}]}', "list of JSON texts"),
    (b'{"version": 2, "issue": "pas_une_fonction", "id": 2, "texte": "int", "appelable": 1}', "'appelable' is a int"),
    (b'{"version": 2, "issue": "trop_gros", "id": 2, "taille": true}', "'taille' is a bool"),
    (b'{"version": 2, "issue": "delai", "id": 2, "exception": ["a"], "secondes": null}', "[name, message]"),
    (b'{"version": 2, "issue": "sql", "id": 2, "donnees": [1]}', "'donnees' is a list"),
    (b'{"version": 2, "issue": "requete", "id": 2, "requete": 1, "texte": null}', "'requete' is a int"),
    (b'{"version": 2, "issue": "requete", "id": 2, "requete": "S", "texte": "int"}', "exactly one of"),
    (b'{"version": 2, "issue": "requete", "id": 2, "requete": null, "texte": null}', "exactly one of"),
    (b'{"version": 2, "issue": "requete", "id": 2, "requete": "' + b"x" * (messages.LONGUEUR_MAX_REQUETE + 2)
     + b'", "texte": null}', "longer than"),
])
def test_a_reply_that_is_not_one_is_refused_with_its_reason(ligne, raison):
    with pytest.raises(MessageInvalide) as erreur:
        messages.lire_reponse(ligne)
    assert raison in str(erreur.value)


def test_observation_keys_are_program_names_and_the_student_reads_labels():
    obs = observations.observer("renvoie_et_plateau", lambda p: p.pop(), ([1, 2],))
    assert set(obs) == {messages.RENVOIE, "plateau_apres", messages.ARGUMENTS}
    obs.pop(messages.ARGUMENTS)
    assert textes.decrire_observation(obs) == "renvoie 2 ; plateau après l'appel [1]"
    assert all(cle.isidentifier() for cle in textes.LIBELLES)  # every key: a program name, never the words shown
    assert textes.libelle(messages.NOMBRE_ISSUES) == "nombre d'issues"


def test_an_unknown_observation_kind_is_refused_early():
    from awale_ref.grading.eleve.specs import Spec

    with pytest.raises(ValueError, match="unknown observation kind 'renvoie_et plateau'"):
        Spec("Q1", "f", ("p",), "renvoie_et plateau", list, "règle", module="awale_ref.x")


@pytest.mark.parametrize("libelles, erreur", [({"graines gagnées": "x"}, "maps observation keys"),
                                              ({messages.PREMIER_DE_PAIRE: ""}, "maps observation keys"),
                                              ({"recursive": "récolte des cases"}, "must hold '{n}'")])
def test_a_specs_words_are_checked_early(libelles, erreur):
    from awale_ref.grading.eleve.specs import Spec

    with pytest.raises(ValueError, match=erreur):
        Spec("Q1", "f", ("p",), "paire", list, "règle", module="awale_ref.x", libelles=libelles)


def test_a_spec_names_the_parts_of_its_observation_or_reads_the_cores_neutral_words():
    from awale_ref.grading.eleve.specs import SANS_APPEL_RECURSIF, Spec

    obs = observations.observer("paire", lambda jeu: (3, jeu), ([1],))
    obs.pop(messages.ARGUMENTS)
    assert textes.decrire_observation(obs) == "premier élément renvoyé 3 ; second élément renvoyé [1]"
    spec = Spec("Q1", "f", ("p",), "paire", list, "règle", module="awale_ref.x",
                libelles={messages.PREMIER_DE_PAIRE: "points", SANS_APPEL_RECURSIF: "vide {n} cases"})
    assert textes.decrire_observation(obs, spec.libelles) == "points 3 ; second élément renvoyé [1]"
    hash(spec)  # the words do not make a spec unhashable


def _dossier_du_coureur(tmp_path: Path) -> Path:
    """The runner's folder alone, as its sandbox mounts it (``bac_a_sable.protocole``): no ``awale_ref`` around."""
    from awale_ref.grading.correcteur import bac_a_sable

    for chemin in bac_a_sable.protocole():
        shutil.copy(chemin, tmp_path)
    return tmp_path / Path(boucle.__file__).name


def _options(partie: str) -> tuple[str, ...]:
    """The interpreter's options the judge starts ``partie``'s process with (``lancement.OPTIONS_PYTHON``)."""
    from awale_ref.grading.correcteur import lancement

    return lancement.OPTIONS_PYTHON[partie]


def test_the_runner_needs_only_its_folder(tmp_path):
    """Its folder copied alone (no ``awale_ref`` anywhere), the runner starts and runs a question."""
    proc = subprocess.run(
        [sys.executable, *_options("executant"), str(_dossier_du_coureur(tmp_path))], cwd=tmp_path, timeout=60,
        capture_output=True,
        input=b"".join(messages.ecrire(o) for o in (
            messages.Demarrage("awale_ref.ref", "def g():\n    return 1\n"),
            messages.OrdreCellule(1, "def f(x):\n    return x + g()\n", 5.0),
            messages.OrdreFonction(question="Q1", expression="f", reference="def g():\n    return 1\n",
                                   module="awale_ref.ref", substituer=["g"], nom="f", observation="renvoie",
                                   cas=encodage.emballer_cas([(1,), (2,)]), id=2, delai=5.0),
            messages.Fin())))
    reponses = [messages.lire_reponse(ligne) for ligne in proc.stdout.splitlines()]
    assert [r.issue for r in reponses] == [Issue.PRET, Issue.FAITE, Issue.RESULTATS, Issue.FIN], proc.stderr
    assert [json.loads(r)["obs"]["renvoie"] for r in reponses[2].resultats] == [2, 3]


def test_the_runners_shell_completes_and_takes_the_completers_settings_when_asked(tmp_path):
    """The runner's IPython shell makes its completion machinery only when a cell asks for it: the settings a cell
    gave it before (``%config``) apply, and it completes."""
    cellule = ("%config IPCompleter.greedy = True\n"
               "avant = 'Completer' in vars(get_ipython())\n"
               "complete = 'print' in get_ipython().Completer.global_matches('pri')\n"
               "gourmand = get_ipython().Completer.greedy\n")
    proc = subprocess.run(
        [sys.executable, *_options("executant"), str(_dossier_du_coureur(tmp_path))], cwd=tmp_path, timeout=60,
        capture_output=True, input=b"".join(messages.ecrire(o) for o in (
            messages.Demarrage("awale_ref.ref", ""),
            messages.OrdreCellule(1, cellule, 5.0),
            messages.OrdreValeur(question="Q1", expression="[avant, complete, gourmand]", reference="",
                                 module="awale_ref.ref", substituer=[], id=2, delai=5.0),
            messages.Fin())))
    reponses = [messages.lire_reponse(ligne) for ligne in proc.stdout.splitlines()]
    assert [r.issue for r in reponses] == [Issue.PRET, Issue.FAITE, Issue.VALEUR, Issue.FIN], proc.stderr
    assert encodage.decoder(reponses[2].valeur) == [False, True, True]


def test_the_runner_sends_the_query_text_only_and_never_a_result():
    """A query question's reply is the text the student's expression gives (cut one character past the bound),
    or the type of what is not a str: the runner holds no database and sends no rows."""
    ordre = messages.OrdreSql(question="Q4", expression="requete", id=7)
    assert boucle._question(ordre, {"requete": "SELECT 1"}) == Reponse(7, Issue.REQUETE, requete="SELECT 1")
    longue = boucle._question(ordre, {"requete": "x" * 10 ** 6})
    assert len(longue.requete) == messages.LONGUEUR_MAX_REQUETE + 1
    assert boucle._question(ordre, {"requete": ...}).texte == requetes.ELLIPSE
    assert boucle._question(ordre, {"requete": type("Requete", (), {})()}).texte == "Requete"


def test_the_sql_process_needs_only_its_folder_and_runs_queries_only(tmp_path):
    """``boucle.py --sql``, its folder copied alone: it answers queries sent as data (under the same guard), and
    stops at any other order (no cell, no question: it never runs student code)."""
    import sqlite3

    script = _dossier_du_coureur(tmp_path)
    base = tmp_path / "base.sqlite"
    with sqlite3.connect(base) as connexion:
        connexion.execute("CREATE TABLE t (x)")
        connexion.execute("INSERT INTO t VALUES (4)")
    connexion.close()

    def lancer(*ordres):
        proc = subprocess.run([sys.executable, *_options("sql"), str(script), "--sql"], cwd=tmp_path,
                              timeout=60, capture_output=True, input=b"".join(messages.ecrire(o) for o in ordres))
        return [messages.lire_reponse(ligne) for ligne in proc.stdout.splitlines()]

    reponses = lancer(messages.OrdreRequete(1, "SELECT x FROM t", str(base)),
                      messages.OrdreRequete(2, "DELETE FROM t", str(base)), messages.Fin())
    assert [r.issue for r in reponses] == [Issue.PRET, Issue.SQL, Issue.SQL]
    assert encodage.decoder(reponses[1].donnees["obs"]) == {"colonnes": ["x"], "lignes": [[4]]}
    assert "seules les requêtes de lecture" in reponses[2].donnees["erreur_sql"]
    reponses = lancer(messages.OrdreCellule(1, "open('/tmp/pris', 'w')", 5.0),
                      messages.OrdreRequete(2, "SELECT 1", str(base)))
    assert [r.issue for r in reponses] == [Issue.PRET] and not (tmp_path / "pris").exists()
