"""The HTML a graded notebook may show, in one place: the autograde's sanitiser, the feedback and the formgrader.

nbconvert cleans HTML twice on the way to the student: ``SanitizeHTML``
(configured tags) on the graded notebook, then, when the feedback page or
the formgrader renders it with ``HTMLExporter.sanitize_html``, its template
filter ``clean_html``, whose own list has no ``<p>``, ``<th>``, ``<thead>``,
``<tbody>`` nor ``<tfoot>``.  The HTML parser inserts a ``<tbody>`` in
every table, so no table survived that filter: the drawn board of the
smallest failing case was shown as escaped markup (issue 23).
``nbgrader_config.py`` gives both the same lists, :data:`BALISES` and
:data:`ATTRIBUTS`, and replaces the template filter by :func:`nettoyer_html`
(bleach, like nbconvert's, with these lists).  Nothing that runs gets
through: no ``<script>``, ``<style>``, ``<svg>``, event handler or ``style``.  The pages' own stylesheet
(:data:`STYLE`, one file) reaches the feedback through :class:`StyleDuRetour` and the formgrader's page of a
graded copy through the course's template (:data:`GABARITS`).

>>> nettoyer_html('<table><tr><th>1</th></tr></table><p onclick="x()">a</p><script>b()</script>')
'<table><tbody><tr><th>1</th></tr></tbody></table><p>a</p>&lt;script&gt;b()&lt;/script&gt;'
"""

from __future__ import annotations

from pathlib import Path

import bleach
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

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


GABARITS = Path(__file__).resolve().parent / "gabarits"
"""The course's nbconvert templates (``nbgrader_config.py``): the formgrader's page of a graded copy
(``formgrade/index.html.j2``, over nbgrader's own) and the stylesheet it shares with the feedback pages."""

STYLE = (GABARITS / "awale.css").read_text(encoding="utf-8")
"""The pages' own styles (the sanitiser keeps no ``style`` attribute): verdict lines wrap, the board is drawn.
One file, read here for the feedback pages and included by the formgrader's template."""


class StyleDuRetour(Preprocessor):
    """Adds :data:`STYLE` to the feedback page's inlined CSS (after nbconvert's ``CSSHTMLHeaderPreprocessor``)."""

    enabled = Bool(True, help="on: listed in GenerateFeedback.preprocessors, it must run").tag(config=True)

    def preprocess(self, nb, resources):  # noqa: ANN001, ANN201 (nbconvert's signature)
        resources.setdefault("inlining", {}).setdefault("css", []).append(STYLE)
        return nb, resources
