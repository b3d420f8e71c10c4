"""Every server of the hub: the formgrader is shown in a frame of JupyterLab, which JupyterHub forbids by default."""
c = get_config()  # noqa: F821 (provided by Jupyter)
c.ServerApp.tornado_settings = {"headers": {"Content-Security-Policy": "frame-ancestors 'self'"}}
