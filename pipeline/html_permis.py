"""The HTML a graded notebook may show, in one place: the autograde's sanitiser, the feedback and the formgrader.

nbconvert cleans HTML twice on the way to the student: ``SanitizeHTML``
(configured tags) on the graded notebook, then, when the feedback page or
the formgrader renders it with ``HTMLExporter.sanitize_html``, its template
filter ``clean_html``, whose own list has no ``<p>``, ``<th>``, ``<thead>``,
``<tbody>`` nor ``<tfoot>``.  The HTML parser inserts a ``<tbody>`` in
every table, so no table survived that filter: the drawn board of the
smallest failing case was shown as escaped markup.
``nbgrader_config.py`` gives both the same lists, :data:`BALISES` and
:data:`ATTRIBUTS`, and replaces the template filter by :func:`nettoyer_html`
(bleach, like nbconvert's, with these lists).  Nothing that runs gets
through: no ``<script>``, ``<style>``, ``<svg>``, event handler or ``style``.  The Markdown of a cell is
cleaned once, when a page renders it (the course's ``feedback`` and ``formgrade`` templates: ``markdown2html`` then
``clean_html``, as nbconvert's own templates do); the autograde's sanitiser (:class:`SortiesNettoyees`) leaves it
as written: cleaned as HTML there, the ``<`` of an inline code span became ``&lt;``, which the Markdown renderer
escaped again and the page showed as text.  The pages' own stylesheet
(:data:`STYLE`, one file) reaches the feedback through :class:`StyleDuRetour` and the formgrader's page of a
graded copy through the course's template (:data:`GABARITS`).

>>> nettoyer_html('<table><tr><th>1</th></tr></table><p onclick="x()">a</p><script>b()</script>')
'<table><tbody><tr><th>1</th></tr></tbody></table><p>a</p>&lt;script&gt;b()&lt;/script&gt;'
"""

from __future__ import annotations

from pathlib import Path

import bleach
import nbgrader
from nbconvert.exporters import HTMLExporter
from nbconvert.preprocessors import Preprocessor
from nbconvert.preprocessors.sanitize import SanitizeHTML
from traitlets import Bool, validate

BALISES = ["a", "abbr", "acronym", "b", "blockquote", "br", "caption", "code", "div", "em", "h1", "h2", "h3", "h4",
           "h5", "h6", "i", "li", "ol", "p", "pre", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot",
           "th", "thead", "tr", "ul"]
"""Tags kept in outputs, Markdown cells and the rendered pages (the rest is escaped, shown as text)."""

ATTRIBUTS = {"*": ["class", "id"], "a": ["href", "title"], "abbr": ["title"], "acronym": ["title"],
             "td": ["colspan", "rowspan"], "th": ["colspan", "rowspan"]}
"""Attributes kept: ``class`` and ``id`` everywhere (headings' anchors, the board's styling), links, spans."""


def nettoyer_html(html: str | bytes) -> str:
    """The ``clean_html`` template filter of the course's ``HTMLExporter``: bleach with :data:`BALISES`."""
    texte = html.decode() if isinstance(html, bytes) else str(html)
    return bleach.clean(texte, tags=BALISES, attributes=ATTRIBUTS)


VUE_DE_WIDGET = "application/vnd.jupyter.widget-view+json"
PHRASE_WIDGET = ("[Élément interactif (plateau, curseur…) : il s'affiche dans JupyterLab quand la cellule est "
                 "exécutée, pas dans cette page.]")
"""What a page shows in place of a widget (whose view needs the kernel), unless the widget drew a picture too."""


class SortiesNettoyees(SanitizeHTML):
    """nbconvert's ``SanitizeHTML`` for the graded notebook, Markdown cells left as written, widgets named.

    Outputs and raw cells are cleaned as nbconvert does.  A Markdown cell is Markdown, not HTML: cleaning its
    source escaped the ``<`` of a code span (``&lt;``), shown as text once rendered.  Every page that shows the
    graded notebook cleans its Markdown after rendering it (:func:`nettoyer_html` in the course's templates).
    A widget's output keeps any picture it carries; its text (the widget's repr, ``VBox(children=(…``, markup
    included) becomes :data:`PHRASE_WIDGET`, and its view, which only a kernel draws, is removed as any
    unknown type.

    >>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_output
    >>> nettoyeur = SortiesNettoyees(tags=BALISES)
    >>> nettoyeur.preprocess_cell(new_markdown_cell("`a < b` <script>x()</script>"), {}, 0)[0].source
    '`a < b` <script>x()</script>'
    >>> cellule = new_code_cell(outputs=[new_output("display_data", data={
    ...     "text/plain": "VBox(children=(HTML(value='<style>…'),))", VUE_DE_WIDGET: {"model_id": "1"}})])
    >>> nettoyeur.preprocess_cell(cellule, {}, 0)[0].outputs[0].data == {"text/plain": PHRASE_WIDGET}
    True
    """

    def preprocess_cell(self, cell, resources, cell_index):  # noqa: ANN001, ANN201 (nbconvert's signature)
        if cell.cell_type == "markdown":
            return cell, resources
        for sortie in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if VUE_DE_WIDGET in sortie.get("data", {}):
                sortie.data["text/plain"] = PHRASE_WIDGET
        return super().preprocess_cell(cell, resources, cell_index)


GABARITS = Path(__file__).resolve().parent / "gabarits"
"""The course's nbconvert templates (``nbgrader_config.py``): the formgrader's page of a graded copy
(``formgrade/index.html.j2``, over nbgrader's own), the feedback page (``feedback/index.html.j2``, over nbgrader's
own) and the stylesheet they share."""

GABARITS_NBGRADER = Path(nbgrader.__file__).resolve().parent / "server_extensions" / "formgrader" / "templates"
"""nbgrader's template folder (its ``formgrade`` and ``feedback`` templates), found as nbgrader's
``GenerateFeedback`` finds it (importing the formgrader's handlers would load the server for every command)."""

STYLE = (GABARITS / "awale.css").read_text(encoding="utf-8")
"""The pages' own styles (the sanitiser keeps no ``style`` attribute): verdict lines wrap, the board is drawn.
One file, read here for the feedback pages and included by the formgrader's template."""


class StyleDuRetour(Preprocessor):
    """Adds :data:`STYLE` to the feedback page's inlined CSS (after nbconvert's ``CSSHTMLHeaderPreprocessor``)."""

    enabled = Bool(True, help="on: listed in GenerateFeedback.preprocessors, it must run").tag(config=True)

    def preprocess(self, nb, resources):  # noqa: ANN001, ANN201 (nbconvert's signature)
        resources.setdefault("inlining", {}).setdefault("css", []).append(STYLE)
        return nb, resources


class ExportateurDuRetour(HTMLExporter):
    """The feedback's exporter (``GenerateFeedback.exporter_class``): nbconvert's ``HTMLExporter``, nbgrader's
    template folder and the course's always among its template paths.

    The course's ``feedback`` template extends nbgrader's by name (``feedback/index.html.j2``), found through
    nbgrader's folder, and imports what the course's pages share (``invites.html.j2``) from the course's;
    nbgrader's ``GenerateFeedback`` replaces the configured ``extra_template_paths`` by its stylesheet's folder,
    so both folders are added here, after the others.
    """

    @validate("extra_template_paths")
    def _avec_nbgrader(self, proposition):  # noqa: ANN001, ANN202 (traitlets' signature)
        chemins = list(proposition["value"])
        return [*chemins, *(str(d) for d in (GABARITS_NBGRADER, GABARITS) if str(d) not in chemins)]
