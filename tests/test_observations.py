"""The generic observation kinds of the runner (``observations.observer``): arguments changed in place, printed
lines, calls counted by name, random draws, reads out of range."""

from __future__ import annotations

import random
import sys

from awale_ref.grading.executant import encodage, observations


def test_renvoie_et_arguments_shows_every_argument_after_the_call():
    def marque(a, d):
        d["x"] = True
        return len(a)

    obs = observations.observer("renvoie_et_arguments", marque, ([1, 2], {"x": False}))
    assert obs["renvoie"] == 2 and obs["arguments_apres"] == [[1, 2], {"x": True}]


def test_affichage_keeps_the_printed_lines_in_order():
    def bavarde(n):
        for i in range(n):
            print(" ligne", i, "\n")
        return n

    obs = observations.observer("affichage", bavarde, (2,))
    assert obs["affiche"] == ["ligne 0", "ligne 1"] and obs["renvoie"] == 2


def test_hors_limites_writes_down_every_read_out_of_range_negative_indices_included():
    def lit(p, h, k):
        try:
            p[h + 8][0]
        except IndexError:
            pass
        return [p[h][k], p[h][:2], p[-1][0], p[0]]

    plateau = [[1, 2, 3], [4, 5, 6]]
    obs = observations.observer("hors_limites", lit, (plateau, 1, -1))
    # the rows read out of range (p[9], p[-1]) and the cell (p[1][-1]); a slice is no read of one element
    assert obs["hors_limites"] == [[0, 9], [0, 1, -1], [0, -1]]
    assert obs["renvoie"] == [6, [4, 5], 4, [1, 2, 3]] and type(obs["renvoie"][3]) is list
    assert obs["__arguments__"] == (plateau, 1, -1) and type(obs["__arguments__"][0][0]) is list
    assert observations.observer("hors_limites", lit, (plateau, 0, 2))["hors_limites"] == [[0, 8], [0, -1]]
    assert encodage.encoder(obs["renvoie"]) == [6, [4, 5], 4, [1, 2, 3]]  # plain lists: they cross the boundary

    def boucle(p):  # a board put inside itself: refused as too deep, never an endless copy
        p.append(p)
        return p

    assert "__objet__" in str(encodage.encoder(observations.observer("hors_limites", boucle, ([1],))["renvoie"]))


def test_appels_counts_recursive_calls_by_name_and_distrusts_a_changed_profile():
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    obs = observations.observer("appels", fib, (5,))
    assert obs["renvoie"] == 5 and obs["appels"] == {"fib": 15}

    def efface(n):
        sys.setprofile(None)
        return fib(n)

    assert observations.observer("appels", efface, (5,))["appels"] is None
    assert sys.getprofile() is None


def test_appels_counts_a_recursion_written_as_a_lambda_or_renamed_but_not_the_comprehensions():
    fib = lambda n: n if n < 2 else fib(n - 1) + fib(n - 2)  # noqa: E731
    assert observations.observer("appels", fib, (5,))["appels"] == {"<lambda>": 15}

    def carres(n):
        return sum([i * i for i in range(n)]) + sum(i for i in range(n)) + len({i: i for i in range(n)})

    assert observations.observer("appels", carres, (4,))["appels"] == {"carres": 1}

    def cache(n):
        return n if n < 2 else cache(n - 1) + cache(n - 2)

    cache.__code__ = cache.__code__.replace(co_name="<listcomp>")
    assert observations.observer("appels", cache, (5,))["appels"] == {"<listcomp>": 15}


def test_tirages_collects_every_distinct_result_of_a_random_function():
    def de(faces):
        return random.randint(1, faces)

    obs = observations.observer("tirages", de, (3,))
    assert obs["issues"] == [1, 2, 3] and obs["nombre_issues"] == 3
    assert observations.observer("tirages", lambda L: L.index(max(L)), ([1, 5, 5],))["issues"] == [1]


def test_tirages_copies_the_arguments_for_every_draw():
    def vide(L):
        v = L.pop()
        return v

    assert observations.observer("tirages", vide, ([1, 2],))["issues"] == [2]


def test_saisies_shows_what_was_printed_and_asked_before_each_answer_and_stays_bounded():
    def partie(nom):
        print("début")
        a = input(nom + " ? ")
        print("lu", a)
        b = input()  # no prompt: only the line printed since the answer before
        print(" fin :", int(a) + int(b), "\n")

    obs = observations.observer("saisies", partie, ("Alice", [3, 4, 5]))
    assert obs["saisies_lues"] == 2 and obs["affiche_fin"] == ["fin : 7"]
    assert obs["affiche_avant"] == ["début\nAlice ? ", "lu 3\n"]
    assert encodage.exact(obs["affiche_avant"]) == obs["affiche_avant"]  # plain str, nothing else

    def bavarde():
        print("x" * (3 * observations.AFFICHE_AVANT_MAX))
        input("Bob ? ")
        try:
            input("encore ? ")  # no answer left: EOFError
        except EOFError:
            print("fini")

    obs = observations.observer("saisies", bavarde, ([1],))
    assert [len(t) for t in obs["affiche_avant"]] == [observations.AFFICHE_AVANT_MAX]
    assert obs["affiche_avant"][0].endswith("x\nBob ? ") and obs["affiche_fin"] == ["encore ? fini"]
