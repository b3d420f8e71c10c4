"""The grading core: it grades any subject of ``awale_ref.sujets`` and names none.

A subject (``awale_ref.grading.sujets.Sujet``) is one folder of
``awale_ref.sujets``; the judge (``juge``), the runner (``executant``), the
clean room (``cleanroom``) and the visible tests (``sujets.Sujet.tester``)
take everything about it from there.  ``docs/ajouter_un_sujet.md`` says how a
subject plugs in.  A notebook imports ``tester`` and ``corriger`` from its
subject's folder, never from here.  Importing this package imports nothing
else and installs nothing: the hooks of a notebook's kernel are
:mod:`awale_ref.grading.affichage`'s, the protocol (:mod:`messages`) is the
standard library alone.
"""
