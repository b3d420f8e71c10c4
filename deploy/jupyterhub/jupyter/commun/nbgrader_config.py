"""nbgrader settings shared by every account of the hub: the course and its exchange (set by jupyterhub_config.py)."""
import os

c = get_config()  # noqa: F821 (provided by nbgrader)
c.CourseDirectory.course_id = os.environ["AWALE_COURSE_ID"]
c.Exchange.root = os.environ["AWALE_ECHANGE"]
