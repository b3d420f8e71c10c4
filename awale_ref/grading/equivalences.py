"""Facts of Python that make a mutant agree with the reference on every input: reasons shared by the subjects'
lists of equivalent mutants (``awale_ref/sujets/<subject>/mutants.py``, read by ``benchmarks/bench_mutation.py``).
"""

IS_ENTIERS = "CPython keeps one object per small int (-5..256): `is`/`is not` agree with ==/!= on these values"
PARITE = "n % 2 is 0 or 1 for every int n (Python's % takes the sign of the divisor): <= 0 is == 0"
LONGUEUR = "a length is never negative: > 0 and != 0 agree"
