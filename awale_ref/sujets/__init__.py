"""The course's subjects, one package folder each (issue 24): reference, specs, notebooks."""
