"""nbgrader settings of the teachers' servers: the course folder (set by jupyterhub_config.py).

nbgrader then reads the course's own nbgrader_config.py from there (preprocessors, sandbox, late penalty).
"""
import os

c = get_config()  # noqa: F821 (provided by nbgrader)
c.CourseDirectory.root = os.environ["AWALE_COURS"]
