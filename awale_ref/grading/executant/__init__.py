"""The runner and the protocol: what runs a student's code for the judge, in a sandbox, and what crosses back.

The runner's loop (:mod:`boucle`, run as a script), the observations of a case (:mod:`observations`), the
encoding of what crosses the trust boundary (:mod:`encodage`), the SQL guard (:mod:`requetes`) and the
protocol (:mod:`messages`).  Every module of this folder is mounted in the runner's sandbox and imports only
the standard library, IPython and this folder; importing this package imports nothing.
"""
