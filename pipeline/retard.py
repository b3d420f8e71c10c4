"""The course's late-submission policy, as an nbgrader plugin (``AssignLatePenalties.plugin_class``).

Each started hour after the due date costs ``points_par_heure`` points of the
notebook (1 by default); after ``delai_max_heures`` hours (24) the notebook
scores 0.  The penalty never exceeds the notebook's score.  nbgrader applies
it at ``autograde`` from the submission's timestamp (``nbgrader submit``,
then ``collect``) and the assignment's due date in the gradebook (``nbgrader
db assignment add NAME --duedate=...``); it keeps the cells' points and
stores the penalty on the notebook, which the report subtracts.

>>> politique = PenaliteDeRetard()
>>> politique.late_submission_penalty("eleve", 12.0, 10)      # ten seconds late: one started hour
1.0
>>> politique.late_submission_penalty("eleve", 12.0, 3 * 3600 + 1)
4.0
>>> politique.late_submission_penalty("eleve", 0.5, 600), politique.late_submission_penalty("eleve", 12.0, 2 * 86400)
(0.5, 12.0)
"""

from __future__ import annotations

import math

from nbgrader.plugins.latesubmission import LateSubmissionPlugin
from traitlets import Float


class PenaliteDeRetard(LateSubmissionPlugin):
    """Points off per started hour late, and nothing after the last hour allowed."""

    points_par_heure = Float(1.0, help="Points off per started hour after the due date.").tag(config=True)
    delai_max_heures = Float(24.0, help="After this many hours late the notebook scores 0.").tag(config=True)

    def late_submission_penalty(self, student_id: str, score: float, total_seconds_late: float) -> float:
        if total_seconds_late <= 0:
            return 0.0
        if total_seconds_late > self.delai_max_heures * 3600:
            return float(score)
        return float(min(score, self.points_par_heure * math.ceil(total_seconds_late / 3600)))


def politique_en_francais(points_par_heure: float = 1.0, delai_max_heures: float = 24.0) -> str:
    """The policy in one sentence for students and teachers.

    >>> print(politique_en_francais())
    Copie rendue en retard : 1 point de moins sur le notebook par heure de retard commencée ; au-delà de 24 h, le notebook vaut 0.
    """
    return (f"Copie rendue en retard : {points_par_heure:g} point{'s' if points_par_heure > 1 else ''} de moins sur "
            f"le notebook par heure de retard commencée ; au-delà de {delai_max_heures:g} h, le notebook vaut 0.")
