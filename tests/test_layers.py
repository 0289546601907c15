"""The layering of DEVELOPERS.md, checked by import-linter's contracts in pyproject.toml."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED_VARIABLE = "HEARTCARDS_LAYERS_CHECKED"
"""Set by scripts/test once its lint-imports step has passed: the contracts are then not checked a second time."""


@pytest.mark.skipif(bool(os.environ.get(CHECKED_VARIABLE)), reason="scripts/test's lint-imports step checked them")
def test_import_layers_are_kept() -> None:
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports is not None
    result = subprocess.run([lint_imports, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


def test_engines_import_no_web_storage_or_io_libraries() -> None:
    forbidden = ("fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn", "typer", "rich", "babel")
    code = (
        "import sys, heartcards.heart_to_heart.engine, heartcards.hearts.engine;"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
