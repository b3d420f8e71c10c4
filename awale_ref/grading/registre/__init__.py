"""The subjects' registry and the kinds of question: what the core knows of a paper, and how it finds it.

A subject (``catalogue.Sujet``, one folder of ``awale_ref.sujets``), found by assignment, module or notebook
source (``catalogue``); the kinds of question through which its questions are planned, judged and shipped
(``types_question``); what those kinds ship to the students' environment (``livraison``).
"""
