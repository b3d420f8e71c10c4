"""Every server of the hub: the formgrader is shown in a frame of JupyterLab, which JupyterHub forbids by default.

Beside this file, ``labconfig/page_config.json`` turns off JupyterLab's build check: the environments are installed
by pip with their extensions prebuilt (the students' is read-only), so no build is ever due, and the check ran two
node processes and a scan of the extensions on the server at every load of a JupyterLab page.
"""
c = get_config()  # noqa: F821 (provided by Jupyter)
c.ServerApp.tornado_settings = {"headers": {"Content-Security-Policy": "frame-ancestors 'self'"}}
