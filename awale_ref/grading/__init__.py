"""The grading core: it grades any subject of ``awale_ref.sujets`` and names none.

One folder per party (docs/grading_security.md):

- ``eleve``: what runs in the student's kernel and is shipped to the students (the visible tests' core, which
  the judge shares);
- ``executant``: the runner, which runs the student's code in a sandbox, and the protocol (``messages``);
- ``correcteur``: the judge and the steps of a verdict, the sandbox, the clean room (trusted, never shipped);
- ``registre``: the subjects' registry (``catalogue.Sujet``) and the kinds of question.

A subject is one folder of ``awale_ref.sujets``; ``docs/ajouter_un_sujet.md`` says how it plugs in.  A
notebook imports ``tester`` and ``corriger`` from its subject's folder, never from here.  Importing this
package or one of its folders imports nothing else and installs nothing: the hooks of a notebook's kernel are
:mod:`awale_ref.grading.eleve.affichage`'s, the protocol (:mod:`awale_ref.grading.executant.messages`) is the
standard library alone.
"""
