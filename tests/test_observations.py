"""The generic observation kinds of the runner (``executant.observer``): arguments changed in place, printed
lines, calls counted by name, random draws."""

from __future__ import annotations

import random
import sys

from awale_ref.grading import executant


def test_renvoie_et_arguments_shows_every_argument_after_the_call():
    def marque(a, d):
        d["x"] = True
        return len(a)

    obs = executant.observer("renvoie_et_arguments", marque, ([1, 2], {"x": False}))
    assert obs["renvoie"] == 2 and obs["arguments_apres"] == [[1, 2], {"x": True}]


def test_affichage_keeps_the_printed_lines_in_order():
    def bavarde(n):
        for i in range(n):
            print(" ligne", i, "\n")
        return n

    obs = executant.observer("affichage", bavarde, (2,))
    assert obs["affiche"] == ["ligne 0", "ligne 1"] and obs["renvoie"] == 2


def test_appels_counts_recursive_calls_by_name_and_distrusts_a_changed_profile():
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    obs = executant.observer("appels", fib, (5,))
    assert obs["renvoie"] == 5 and obs["appels"] == {"fib": 15}

    def efface(n):
        sys.setprofile(None)
        return fib(n)

    assert executant.observer("appels", efface, (5,))["appels"] is None
    assert sys.getprofile() is None


def test_appels_counts_a_recursion_written_as_a_lambda_or_renamed_but_not_the_comprehensions():
    fib = lambda n: n if n < 2 else fib(n - 1) + fib(n - 2)  # noqa: E731
    assert executant.observer("appels", fib, (5,))["appels"] == {"<lambda>": 15}

    def carres(n):
        return sum([i * i for i in range(n)]) + sum(i for i in range(n)) + len({i: i for i in range(n)})

    assert executant.observer("appels", carres, (4,))["appels"] == {"carres": 1}

    def cache(n):
        return n if n < 2 else cache(n - 1) + cache(n - 2)

    cache.__code__ = cache.__code__.replace(co_name="<listcomp>")
    assert executant.observer("appels", cache, (5,))["appels"] == {"<listcomp>": 15}


def test_tirages_collects_every_distinct_result_of_a_random_function():
    def de(faces):
        return random.randint(1, faces)

    obs = executant.observer("tirages", de, (3,))
    assert obs["issues"] == [1, 2, 3] and obs["nombre_issues"] == 3
    assert executant.observer("tirages", lambda L: L.index(max(L)), ([1, 5, 5],))["issues"] == [1]


def test_tirages_copies_the_arguments_for_every_draw():
    def vide(L):
        v = L.pop()
        return v

    assert executant.observer("tirages", vide, ([1, 2],))["issues"] == [2]


def test_saisies_shows_what_was_printed_and_asked_before_each_answer_and_stays_bounded():
    def partie(nom):
        print("début")
        a = input(nom + " ? ")
        print("lu", a)
        b = input()  # no prompt: only the line printed since the answer before
        print(" fin :", int(a) + int(b), "\n")

    obs = executant.observer("saisies", partie, ("Alice", [3, 4, 5]))
    assert obs["saisies_lues"] == 2 and obs["affiche_fin"] == ["fin : 7"]
    assert obs["affiche_avant"] == ["début\nAlice ? ", "lu 3\n"]
    assert executant.exact(obs["affiche_avant"]) == obs["affiche_avant"]  # plain str, nothing else

    def bavarde():
        print("x" * (3 * executant.AFFICHE_AVANT_MAX))
        input("Bob ? ")
        try:
            input("encore ? ")  # no answer left: EOFError
        except EOFError:
            print("fini")

    obs = executant.observer("saisies", bavarde, ([1],))
    assert [len(t) for t in obs["affiche_avant"]] == [executant.AFFICHE_AVANT_MAX]
    assert obs["affiche_avant"][0].endswith("x\nBob ? ") and obs["affiche_fin"] == ["encore ? fini"]
