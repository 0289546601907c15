"""A job for a worker process that reports what it has imported: this module imports nothing of the project's, so
asking it changes nothing of what the worker holds."""

from __future__ import annotations

import sys


def loaded(libraries: tuple[str, ...]) -> list[str]:
    """The modules of `libraries` (top-level names) the process has imported."""
    return sorted(name for name in sys.modules if name.split(".")[0] in libraries)
