"""The grader's side: the judge and the steps of a verdict, trusted, never shipped to the students.

The judge (``juge``: every hidden verdict of a submitted notebook), its plan step (``plan``), the runner's
process seen from the judge (``lancement``: it starts the runner of ``awale_ref.grading.executant``), the
sandbox (``bac_a_sable``), the notebook's memory cgroup (``memoire``) and the machine's grading lock
(``verrou``), the clean room of the self-study
notebooks (``cleanroom``), the generic checks of the structured answers (``reponses_structurees``) and the facts
of Python the mutation benchmark counts as equivalences (``equivalences``).
"""
