"""nbgrader settings of the awalé course (standard course layout, run from this folder)."""

import os
import sys

c = get_config()  # noqa: F821 (provided by nbgrader)

# The course's own preprocessors (pipeline/autograde/) must import even when the
# `nbgrader` script is run from another folder or from .venv/bin.
if os.path.dirname(os.path.abspath(__file__)) not in sys.path:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

c.CourseDirectory.course_id = "awale-ccinp-2024"
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.assignment_id = ""

# The gradebook: SQLite in the course folder by default (nbgrader's own default); for several graders at
# once, a server: AWALE_GRADEBOOK=postgresql+psycopg://user:password@host:port/base (README, "Correcteurs").
if os.environ.get("AWALE_GRADEBOOK"):
    c.CourseDirectory.db_url = os.environ["AWALE_GRADEBOOK"]

# The exchange (release, submit, collect, feedback): nbgrader's default folder, or the shared one of the class's
# server (deploy/jupyterhub gives AWALE_ECHANGE to every account's server, terminals included).
if os.environ.get("AWALE_ECHANGE"):
    c.Exchange.root = os.environ["AWALE_ECHANGE"]

# The submission time comes from the exchange, not from the student's timestamp.txt (pipeline/echange.py): collect
# records when the exchange received each submission, and the student's claim can only make it later.
c.ExchangeFactory.collect = "pipeline.echange.RamassageHorodate"

# Student stubs in French (nbgrader's ClearSolutions).
c.ClearSolutions.code_stub = {"python": "# VOTRE CODE ICI\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "VOTRE RÉPONSE ICI"

# Execution limits of the student's kernel when autograding: a cell that runs past the timeout is interrupted
# and only that cell fails. The hidden tests are not run in this kernel: the judge runs the submitted cells again
# in its own sandboxed runner, each question within its own limit (awale_ref.grading.correcteur.lancement.DELAI_QUESTION_S).
c.Execute.timeout = 90
c.Execute.interrupt_on_timeout = True
c.Execute.startup_timeout = 120
c.Execute.execute_retries = 0
# A process that grades one notebook after another (a Dask worker, `nbgrader autograde` of a class) starts the
# next notebook's sandboxed kernel while the current one runs: a kernel start is most of a short notebook.
# Each kernel still serves one notebook only, in its own sandbox (pipeline/autograde/noyau.py, _NoyauDAvance).
c.ExecutionProtegee.noyau_d_avance = True

# Untrusted by design (docs/grading_security.md). nbgrader's own autograde list, with Execute replaced
# by ExecutionProtegee (the student's kernel in a bubblewrap sandbox, limits, output caps, restart after
# a crash or a blocked cell) and VerdictsDesTestsCaches added: every hidden verdict is computed once, by the
# judge, from the submitted cells run by a sandboxed runner; nothing the kernel printed can count.
c.Autograde.sanitize_preprocessors = [
    # first: nbconvert refuses a notebook whose metadata breaks nbformat's schema after any preprocessor
    "pipeline.autograde.structure.RestaureMetadonnees",  # pasted copies, changed types, roles: no failed notebook
    "nbgrader.preprocessors.ClearOutput",
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells",
    "pipeline.autograde.limites.LimiteSources",  # a student's cell too long to grade: a note in the graded copy
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.Autograde.autograde_preprocessors = [
    "pipeline.autograde.jugement.VerdictsDesTestsCachesAnticipes",  # the judge starts first, beside the kernel
    "pipeline.autograde.noyau.ExecutionProtegee",
    "pipeline.autograde.jugement.VerdictsDesTestsCaches",  # its verdicts, written once the kernel is done
    # no script of the student runs for the teacher: nbconvert's SanitizeHTML on the outputs; the Markdown is
    # cleaned by the pages that render it (pipeline/html_permis.py)
    "pipeline.html_permis.SortiesNettoyees",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
# An error on one notebook (nbgrader's SchemaTooNewError included, which would stop the class) costs that
# notebook only: it scores 0 with the reason in the log, its feedback and the report
# (pipeline/autograde/copies_a_zero.py).
c.Autograde.exporter_class = "pipeline.autograde.copies_a_zero.ExportateurPrudent"
c.ExecutionProtegee.memoire_noyau = 4 * 1024 ** 3      # RLIMIT_AS of the student's kernel
c.ExecutionProtegee.fichier_max_noyau = 256 * 1024 ** 2  # RLIMIT_FSIZE of the student's kernel
# The memory of all the sandboxed processes of one notebook together (kernel, runners, the judge's SQL process), in
# a cgroup of its own where the machine gives one (pipeline/autograde/memoire.py; docs/grading_security.md).
c.MemoireDuNotebook.memoire_totale = 6 * 1024 ** 3
c.ExecutionProtegee.stockage_noyau = 256 * 1024 ** 2     # size of the kernel's private /tmp (a tmpfs)
c.ExecutionProtegee.fichiers_max_noyau = 4096          # files in it (where the grader is root)
c.ExecutionProtegee.sortie_max = 1024 ** 2             # printed characters kept per cell
c.ExecutionProtegee.sortie_max_notebook = 8 * 1024 ** 2  # output characters kept per notebook
c.ExecutionProtegee.bac_a_sable = True                 # the kernel in bubblewrap (AWALE_BAC_A_SABLE=non: off)
c.VerdictsDesTestsCaches.bac_a_sable = True            # the runner in bubblewrap (same opt-out)
c.VerdictsDesTestsCaches.delai_cellule = 30            # one code cell, in the runner
c.VerdictsDesTestsCaches.delai_question = 60           # judging one question, in the runner
c.VerdictsDesTestsCaches.memoire = 2 * 1024 ** 3       # RLIMIT_AS of the runner
c.VerdictsDesTestsCaches.budget_notebook = 600         # one notebook: kernel, runner and judge together
# Scripts in outputs and in the student's markdown never run in the feedback or the formgrader. The HTML kept is
# listed once (pipeline/html_permis.py), for the autograde's sanitiser and for the pages' own `clean_html` filter
# (nbconvert's list escaped every table: the drawn board of a failing case showed as markup).
from pipeline import html_permis  # noqa: E402

c.HTMLExporter.sanitize_html = True
c.HTMLExporter.filters = {"clean_html": "pipeline.html_permis.nettoyer_html"}
c.SanitizeHTML.enabled = True  # nbconvert's preprocessors are off unless enabled
c.SanitizeHTML.tags = html_permis.BALISES
c.SanitizeHTML.attributes = html_permis.ATTRIBUTS
# The formgrader's page of a graded copy is nbgrader's template ("formgrade") under the course's own
# (pipeline/gabarits/formgrade/index.html.j2), which adds the feedback pages' stylesheet (pipeline/gabarits/awale.css):
# verdict lines wrap instead of being cut, the drawn board is a table. The course's folder comes first; nbgrader's
# stays a base folder (the formgrader's "formgrade" and the feedback's "feedback" templates) and a template path
# (the course's template extends it by name). Read by every formgrader started on this course (`jupyter lab` in
# the course folder, the teachers' servers of deploy/jupyterhub).
c.HTMLExporter.extra_template_basedirs = [str(html_permis.GABARITS), str(html_permis.GABARITS_NBGRADER)]
c.HTMLExporter.extra_template_paths = [str(html_permis.GABARITS_NBGRADER), str(html_permis.GABARITS)]
# The feedback page is nbgrader's "feedback" template under the course's own (pipeline/gabarits/feedback/): the
# student's words in French, nbgrader's structure kept. nbgrader's GenerateFeedback picks the template named
# "feedback" in these base folders, the course's first, and replaces extra_template_paths by its stylesheet's
# folder: the course's exporter keeps nbgrader's folder there, for the course's template to extend nbgrader's.
c.GenerateFeedback.exporter_class = "pipeline.html_permis.ExportateurDuRetour"
# An autograde killed in the middle (power cut, Ctrl-C, SIGKILL) is resumed by running it again:
# the hooks note the submission in progress, and the next run first removes its half-done folder. The hook before
# each submission also sets its time to when the course saw it arrive (pipeline.echange.constater_arrivee), and
# is the only hook where nbgrader runs inside another program (the formgrader's button, a Dask worker).
from pathlib import Path  # noqa: E402

if "autograde" in sys.argv[1:]:
    from pipeline.autograde.reprise import crochet_apres, crochet_avant, reprendre_interrompus

    _racine = Path(c.CourseDirectory.root)
    reprendre_interrompus(_racine)
    c.Autograde.pre_convert_hook = crochet_avant(_racine)
    c.Autograde.post_convert_hook = crochet_apres(_racine)
else:
    from pipeline.echange import crochet_arrivee

    c.Autograde.pre_convert_hook = crochet_arrivee(Path(c.CourseDirectory.root))
# A deleted test cell is put back from the gradebook (and graded) instead of being skipped.
c.OverwriteCells.add_missing_cells = True

# The feedback keeps the hidden verdicts (the judge's messages, the smallest failing board) but never the
# hidden tests' source (nbgrader issues #917, #1156, #1363): nbgrader's ClearHiddenTests, as in the release.
from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor  # noqa: E402
from nbgrader.preprocessors import ClearHiddenTests, GetGrades  # noqa: E402

c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor, html_permis.StyleDuRetour]
c.GenerateFeedback.force = True

# Late submissions (pipeline/retard.py, stated in the README): each started hour after the due date costs
# 1 point of the notebook, and after 24 hours the notebook scores 0. The due date of an assignment is set
# with `nbgrader db assignment add NAME --duedate="2026-12-04 18:00:00 Europe/Paris"`.
c.AssignLatePenalties.plugin_class = "pipeline.retard.PenaliteDeRetard"
c.PenaliteDeRetard.points_par_heure = 1.0
c.PenaliteDeRetard.delai_max_heures = 24.0
