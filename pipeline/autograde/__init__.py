"""The course's steps inside ``nbgrader autograde``, one module per responsibility.

Registered in ``nbgrader_config.py``, in the order nbgrader runs them for one notebook
(the design: docs/grading_security.md, "Three parties, one-way trust"):

==========================  =====================================================================
module                      what it does
==========================  =====================================================================
``copies_a_zero``           ``ExportateurPrudent`` (``Autograde.exporter_class``): any error on one
                            notebook scores that notebook 0 with the reason; the class goes on
``structure``               ``RestaureMetadonnees`` (first sanitize step): each cell's type and
                            nbgrader role rebuilt from the gradebook; pasted and made-up cells
``limites``                 ``LimiteSources``: a cell too long to grade replaced by a note; the
                            size of every output counted and error messages cut
``jugement``                ``VerdictsDesTestsCachesAnticipes`` then ``VerdictsDesTestsCaches``:
                            the judge (``awale_ref.grading.correcteur.juge``) computes every hidden verdict beside the kernel and writes it last
``noyau``                   ``ExecutionProtegee`` (replaces nbgrader's ``Execute``): the student's
                            kernel sandboxed, capped, restarted when killed or blocked
``verdicts``                the outputs a test cell ends with (the judge's verdict only)
``reprise``                 the convert hooks that resume an autograde killed mid-class
``memoire``                 ``MemoireDuNotebook``: the notebook's sandboxed processes in a memory
                            cgroup of its own, capped in total, where the machine gives one
``prive``                   every private nbclient/nbconvert/nbgrader/jupyter_client name we use,
                            checked when this package is imported
``ressources``              the keys the steps share through nbconvert's ``resources``
==========================  =====================================================================
"""

from pipeline import schema_nbgrader
from pipeline.autograde import prive

prive.exiger_contrat()  # an upgrade that broke a private call we rely on: said now, by name
schema_nbgrader.installer()  # nbgrader's metadata checks, its schema checked once per process, not per cell
