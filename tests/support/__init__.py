"""Helpers shared by the tests and the benchmarks: a real `heartcards serve` in a subprocess, scripted Hearts
clients. Importable as `tests.support.…` from the repository's root (the benchmarks put it on `sys.path`)."""
