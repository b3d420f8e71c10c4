"""Facts of the awalé's rules that make a mutant of an awalé subject's reference agree with it on every board
the papers allow: reasons shared by the CCINP's and the lycée's ``mutants.py`` (:mod:`awale_ref.grading.correcteur.equivalences`
describes those lists)."""

SEMIS_NATURELS = "a count of seeds is never negative, so > 0 and != 0 agree"
MOINS_6 = "for i 0..5 the index i - 6 (-6..-1) is the same pit of the 12-pit list as i + 6"
CASE_6 = "pit 6 is never playable: test_case (the reference, as in grading) refuses any pit > 5"
CASE_12 = ("the paper calls case_ramassable on a pit 0..11 (ramasser_graines walks down from the last pit sown); "
           "only pit 12, outside the board, tells them apart")
SCORES = "reached only when the first player's score is not greater than the second's, "
