"""The tests of this subject (collected with the whole suite: ``scripts/test.sh``)."""
