"""What runs in the student's kernel and is shipped to the students: the visible tests' core.

The checks of a spec in one process (``checks``), the specs (``specs``), the constraints read in the source
(``contraintes``), judging by rule family (``familles``), shrinking (``retrecissement``), rendering (``rendu``,
``presentations``), the words of a verdict (``textes``), the records of the verdict's path (``resultat``), the
IPython hooks of a notebook (``affichage``, ``serie``), the students' ``tester`` (``visibles``), the SQL table of
a notebook (``table_requete``), per-student data (``variantes``) and the thread-safe parse (``syntaxe``).  The
judge uses the same modules, so that a visible test and its hidden verdict can never disagree.  Every module of
this folder is shipped in the students' package (``pipeline.paquet_eleve``), so none may hold an answer or import
the judge's side (``correcteur``) or the registry (``registre``).
"""
