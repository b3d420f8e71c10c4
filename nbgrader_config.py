"""nbgrader settings of the awalé course (standard course layout, run from this folder)."""

import os

c = get_config()  # noqa: F821 (provided by nbgrader)

c.CourseDirectory.course_id = "awale-ccinp-2024"
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.assignment_id = ""

# Student stubs in French (nbgrader's ClearSolutions).
c.ClearSolutions.code_stub = {"python": "# VOTRE CODE ICI\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "VOTRE RÉPONSE ICI"

# Execution limits when autograding. A hidden test runs its checks in a separate
# process limited to 60 s (awale_ref.grading.cleanroom.DELAI_S); the cell limit is above it,
# so a student's infinite loop in a visible test is interrupted and only that cell fails.
c.Execute.timeout = 90
c.Execute.interrupt_on_timeout = True
c.Execute.startup_timeout = 120
c.Execute.execute_retries = 0

# Keep the feedback readable: hide nothing nbgrader hides by default, keep the French messages.
c.GenerateFeedback.force = True
