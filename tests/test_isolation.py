"""Collecting a test folder changes nothing for the tests of another.

pytest imports every conftest of the folders it collects before the first test runs, so whatever a conftest changes
at import (an environment variable, say) holds for every test of the session, and for every server those tests
start, while a run of one file elsewhere does not see it: that test then passes or fails by what else is run.
Settings belong in fixtures that undo them (`tests.web.conftest.fast_hearts`).
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

from tests.web.conftest import FAST_HEARTS

ROOT = Path(__file__).resolve().parents[1]
CONFTESTS = sorted((ROOT / "tests").rglob("conftest.py"))


@pytest.mark.parametrize("path", CONFTESTS, ids=lambda path: str(path.relative_to(ROOT / "tests")))
def test_importing_a_conftest_leaves_the_environment_as_it_was(path: Path) -> None:
    before = dict(os.environ)
    try:
        runpy.run_path(str(path), run_name="conftest_under_test")
        assert dict(os.environ) == before
    finally:
        os.environ.clear()
        os.environ.update(before)


def test_the_hearts_pacing_is_not_in_the_environment_of_other_tests() -> None:
    assert not set(FAST_HEARTS) & set(os.environ)
