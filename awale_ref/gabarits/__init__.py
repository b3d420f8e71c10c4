"""HTML pages and fragments from Jinja2 templates, escaped by default.

Every value a template shows is escaped (``autoescape``): a name, a student's call, a comment can hold
``<`` or ``&`` and still show as text, never as markup; only the output of another template (a macro, a
``Markup``) goes in as HTML.  A name a template uses and the caller did not give is an error
(``StrictUndefined``), not an empty string.  The filter ``g`` writes a number without trailing zeros.  The templates are package data: ``awale_ref``'s in this
folder, ``pipeline``'s in ``pipeline/gabarits/``.

>>> rendre("contre_exemple_plateau.html", plateau=["<b>"] * 12, appel="f('<i>')").count("&lt;b&gt;")
12
"""

from __future__ import annotations

import functools

import jinja2


@functools.cache
def environnement(paquet: str = "awale_ref") -> jinja2.Environment:
    """The templates of the package ``paquet`` (its folder ``gabarits/``)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader(paquet, "gabarits"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["g"] = nombre
    return env


def nombre(valeur: float | str) -> str:
    """A number as a page shows it (``{:g}``: no trailing zeros); a text (``"non rendu"``) as it is.

    >>> nombre(12.0), nombre(2.5), nombre("non rendu")
    ('12', '2.5', 'non rendu')
    """
    return valeur if isinstance(valeur, str) else f"{valeur:g}"


def rendre(gabarit: str, paquet: str = "awale_ref", **valeurs) -> str:
    """The template ``gabarit`` of ``paquet`` filled with ``valeurs`` (no blank around it)."""
    return environnement(paquet).get_template(gabarit).render(**valeurs).strip()
