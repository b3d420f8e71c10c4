"""The course's subjects: one package folder per graded part of a paper (docs/ajouter_un_sujet.md)."""
