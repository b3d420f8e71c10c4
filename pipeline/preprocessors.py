"""Former home of the course's autograde steps, now ``pipeline.autograde`` (one module per responsibility).

Kept so that an ``nbgrader_config.py`` written before the split (``"pipeline.preprocessors.Jugement"``…)
still loads: every name it offered is re-exported here.
"""

from pipeline.autograde.copies_a_zero import ExportateurPrudent, copie_a_zero, copies_a_zero
from pipeline.autograde.jugement import Jugement, JugementAnticipe, questions_cachees
from pipeline.autograde.limites import ERREUR_MAX, LimiteSources, borner_erreur
from pipeline.autograde.noyau import (COPIE, SORTIES_DU_NOYAU, ClientSansBattement, ExecutionProtegee,
                                      NoyauIsole)
from pipeline.autograde.reprise import EN_COURS, crochet_apres, crochet_avant, reprendre_interrompus, retirer_liens
from pipeline.autograde.ressources import CLE_ECHEANCE, CLE_ECHEC
from pipeline.autograde.structure import RestaureMetadonnees, est_cellule_de_test
from pipeline.autograde.verdicts import ENAME, sorties_du_verdict, sorties_hors_verdict

__all__ = ["CLE_ECHEANCE", "CLE_ECHEC", "COPIE", "ENAME", "EN_COURS", "ERREUR_MAX", "SORTIES_DU_NOYAU",
           "ClientSansBattement", "ExecutionProtegee", "ExportateurPrudent", "Jugement", "JugementAnticipe",
           "LimiteSources", "NoyauIsole", "RestaureMetadonnees", "borner_erreur", "copie_a_zero", "copies_a_zero",
           "crochet_apres", "crochet_avant", "est_cellule_de_test", "questions_cachees", "reprendre_interrompus",
           "retirer_liens", "sorties_du_verdict", "sorties_hors_verdict"]
