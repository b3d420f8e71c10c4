"""Othello (EPITA PSI 2024, DS4): the third subject of the course (issue 25)."""
