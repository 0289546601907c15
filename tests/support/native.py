"""Whether the compiled core is the one loaded, for the tests that compare it with pure Python: they skip where it
was not built, and fail where HEARTCARDS_REQUIRE_NATIVE=1 (set by scripts/test, whose setup builds it)."""

from __future__ import annotations

import importlib
import os

import pytest

REQUIRE_NATIVE = "HEARTCARDS_REQUIRE_NATIVE"


def require_compiled(module_names: list[str], what: str) -> None:
    """Skip, or fail where REQUIRE_NATIVE is 1, unless every module named (dotted) is loaded from its compiled
    extension; `what` names the core in the message."""
    missing = [name for name in module_names if str(importlib.import_module(name).__file__).endswith(".py")]
    if not missing:
        return
    reason = f"no compiled {what} loaded ({', '.join(missing)} run from .py): scripts/build_native.py builds it"
    if os.environ.get(REQUIRE_NATIVE) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_NATIVE}=1 requires it")
    pytest.skip(reason)
