"""What the mutation benchmark (``benchmarks/bench_mutation.py``) does not count as a survivor of a subject,
written in the subject's folder (``awale_ref/sujets/<subject>/mutants.py``, read by the benchmark and
``tests/test_mutation.py`` only, never imported by the course nor shipped), and the facts of Python several
subjects give as reasons.

A subject's ``mutants.py`` may define:

- ``NON_NOTEES``: the reference's functions that no question grades, each with the reason (they are not mutated);
- ``EQUIVALENTS``: mutants that no input the paper allows tells apart from the reference, keyed by (function or
  question, operator, mutated line without spaces), each with its reason;
- ``HORS_DE_PORTEE``: survivors that are not equivalent but that only other data or another observation would
  show (they stay survivors in the figures), with the data that would kill them;
- ``SANS_MUTANT``: graded questions whose function no operator applies to, with the reason;
- ``TUES_PAR_DES_CAS_AJOUTES``: mutants that survived until hidden cases were added for them (the test keeps
  checking that those cases still kill them).
"""

IS_ENTIERS = "CPython keeps one object per small int (-5..256): `is`/`is not` agree with ==/!= on these values"
PARITE = "n % 2 is 0 or 1 for every int n (Python's % takes the sign of the divisor): <= 0 is == 0"
LONGUEUR = "a length is never negative: > 0 and != 0 agree"
