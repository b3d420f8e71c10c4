"""nbgrader settings of the awalé course (standard course layout)."""

c = get_config()  # noqa: F821 (provided by nbgrader)

c.CourseDirectory.course_id = "awale-ccinp-2024"
c.CourseDirectory.root = "."
