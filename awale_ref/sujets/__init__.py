"""The course's subjects, one package folder each (``docs/ajouter_un_sujet.md``).

Every package here is a subject: its ``__init__.py`` defines ``SUJET``
(:class:`awale_ref.grading.registre.catalogue.Sujet`) and exports ``tester`` and
``corriger``; its ``cours/<devoir>.py`` are the notebook sources of its
assignments.  Nothing lists them: :func:`awale_ref.grading.registre.catalogue.tous`
walks this package.
"""
