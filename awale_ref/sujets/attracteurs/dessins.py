"""Pictures of the attractor subject: game graphs laid out by depth, the attractor step by step, Q32's table.

networkx lays the positions out in layers (``multipartite_layout``: the depth
of a position is the number of moves played, ``C*N - len(x)``); matplotlib
draws them: J1's positions as circles, J2's as squares; a position is
coloured by whether it is winning for the player who must play there, or by
the step at which it enters an attractor.  In a graded notebook the runner
replaces this module by a stub: the pictures cost nothing to the grading.  Nothing here uses the reference
(``analyse`` has its own attractor steps): the module is shipped as it is in the students' environment.
"""

from __future__ import annotations

from typing import Any

from awale_ref.sujets.attracteurs import analyse

COULEUR_GAGNANTE = "#2e8b57"
COULEUR_PERDANTE = "#d9534f"
COULEUR_NEUTRE = "#d0d0d0"


def etiquette(x: tuple) -> str:
    """A position in a few characters: each pile as colour:height (``0:2 1:1``)."""
    return "\n".join(" ".join(f"{c}:{h}" for c, h in x[i:i + 3]) for i in range(0, len(x), 3)) or "∅"


def graphe_nx(G: dict, C: int, N: int) -> Any:
    """The game graph as a networkx ``DiGraph``, each position with its depth (``profondeur``) and player."""
    import networkx as nx

    D = nx.DiGraph()
    for x in G:
        D.add_node(x, profondeur=C * N - len(x), joueur=analyse.joueur(x, C, N))
    for x, successeurs in G.items():
        for s in successeurs:
            D.add_edge(x, analyse.cle(s))
    return D


def dessiner_graphe(G: dict, C: int, N: int, couleurs: dict | None = None, titre: str = "", ax: Any = None,
                    legende: dict | None = None) -> Any:
    """Draw the game graph ``G`` of (C, N); ``couleurs``: ``{position: colour}`` (grey by default).

    Returns the matplotlib figure (shown by Jupyter)."""
    import matplotlib.pyplot as plt
    import networkx as nx

    D = graphe_nx(G, C, N)
    pos = nx.multipartite_layout(D, subset_key="profondeur", align="horizontal", scale=1.0)
    pos = {x: (px, -py) for x, (px, py) in pos.items()}  # the start at the top
    if ax is None:
        grand = len(D) > 20
        fig, ax = plt.subplots(figsize=(13, 7) if grand else (10, 5.5))
    fig = ax.figure
    couleurs = couleurs or {}
    nx.draw_networkx_edges(D, pos, ax=ax, arrows=True, arrowsize=10, edge_color="#888888",
                           node_size=900 if len(D) <= 20 else 120)
    for joueur, forme in ((1, "o"), (2, "s")):
        noeuds = [x for x in D if D.nodes[x]["joueur"] == joueur]
        nx.draw_networkx_nodes(D, pos, nodelist=noeuds, node_shape=forme, ax=ax,
                               node_color=[couleurs.get(x, COULEUR_NEUTRE) for x in noeuds],
                               node_size=900 if len(D) <= 20 else 120, edgecolors="black", linewidths=0.8)
    if len(D) <= 20:
        nx.draw_networkx_labels(D, pos, labels={x: etiquette(x) for x in D}, font_size=6, ax=ax)
    from matplotlib.lines import Line2D

    poignees = [Line2D([], [], marker="o", ls="", color="white", markeredgecolor="black", markersize=10,
                       label="J1 doit jouer"),
                Line2D([], [], marker="s", ls="", color="white", markeredgecolor="black", markersize=10,
                       label="J2 doit jouer")]
    for texte, couleur in (legende or {}).items():
        poignees.append(Line2D([], [], marker="o", ls="", color=couleur, markersize=10, label=texte))
    ax.legend(handles=poignees, loc="lower left", fontsize=8)
    ax.set_title(titre or f"Graphe du jeu, C = {C}, N = {N} : {len(D)} positions, {D.number_of_edges()} coups")
    ax.axis("off")
    return fig


def dessiner_gagnantes(G: dict, C: int, N: int, dg: dict) -> Any:
    """The graph, each position green when it is winning (``dg``, the dict of Q14) for the player who must play
    there, red otherwise."""
    couleurs = {x: COULEUR_GAGNANTE if dg[x] else COULEUR_PERDANTE for x in G}
    return dessiner_graphe(G, C, N, couleurs, legende={"gagnante (pour qui doit jouer)": COULEUR_GAGNANTE,
                                                       "perdante": COULEUR_PERDANTE})


def couleur_etape(etape: int, fin: int) -> str:
    """The colour of attractor step ``etape`` of ``fin`` (light: entered early, dark: late)."""
    import matplotlib

    return matplotlib.colors.to_hex(matplotlib.colormaps["viridis"](1 - etape / max(fin, 1) * 0.85))


def couleurs_niveaux(rangs: dict, jusqua: int | None = None) -> dict:
    """``{position: colour}``: one colour per attractor step, grey if not (yet) in."""
    fin = max([r for r in rangs.values() if r is not None] + [1])
    return {x: (COULEUR_NEUTRE if r is None or (jusqua is not None and r > jusqua) else couleur_etape(r, fin))
            for x, r in rangs.items()}


def dessiner_attracteur(G: dict, C: int, N: int, joueur: int = 1, etape: int | None = None) -> Any:
    """The attractor of J<joueur>, each position coloured by the step at which it enters it (up to ``etape``)."""
    rangs = analyse.rangs(G, C, N, joueur)
    fin = max(r for r in rangs.values() if r is not None)
    k = fin if etape is None else etape
    titre = (f"Attracteur de J{joueur} (C = {C}, N = {N}) après {k} étape(s) sur {fin} : "
             f"{sum(1 for r in rangs.values() if r is not None and r <= k)} positions")
    legende = {f"entrée à l'étape {i}": couleur_etape(i, fin) for i in range(k + 1)}
    return dessiner_graphe(G, C, N, couleurs_niveaux(rangs, k), titre, legende=legende)


def curseur_attracteur(G: dict, C: int, N: int, joueur: int = 1) -> Any:
    """A slider over the steps of the attractor of J<joueur>: each step redraws the graph (ipywidgets)."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    from IPython.display import display

    fin = max(r for r in analyse.rangs(G, C, N, joueur).values() if r is not None)
    sortie = widgets.Output()

    def montrer(etape: int) -> None:
        with sortie:
            sortie.clear_output(wait=True)
            fig = dessiner_attracteur(G, C, N, joueur, etape)
            display(fig)
            plt.close(fig)

    curseur = widgets.IntSlider(value=0, min=0, max=fin, step=1, description="étape",
                                continuous_update=False)
    curseur.observe(lambda change: montrer(change["new"]), names="value")
    montrer(0)
    return widgets.VBox([curseur, sortie])


def dessiner_tableau(tableau: dict) -> Any:
    """Q32's table: ``{(C, N): True when J1 wins}`` as a grid (green: J1 wins, red: J2 wins)."""
    import matplotlib.pyplot as plt

    Cs = sorted({c for c, _ in tableau})
    Ns = sorted({n for _, n in tableau})
    fig, ax = plt.subplots(figsize=(1.2 * len(Ns) + 1.5, 0.8 * len(Cs) + 1.2))
    for i, C in enumerate(Cs):
        for j, N in enumerate(Ns):
            if (C, N) not in tableau:
                continue
            j1 = tableau[(C, N)]
            ax.add_patch(plt.Rectangle((j, i), 1, 1, color=COULEUR_GAGNANTE if j1 else COULEUR_PERDANTE))
            ax.text(j + 0.5, i + 0.5, "J1" if j1 else "J2", ha="center", va="center", color="white",
                    fontsize=12, fontweight="bold")
    ax.set_xlim(0, len(Ns))
    ax.set_ylim(len(Cs), 0)
    ax.set_xticks([j + 0.5 for j in range(len(Ns))], [f"N = {n}" for n in Ns])
    ax.set_yticks([i + 0.5 for i in range(len(Cs))], [f"C = {c}" for c in Cs])
    ax.set_title("Qui gagne en jouant bien, depuis init(C, N)")
    ax.tick_params(length=0)
    return fig
