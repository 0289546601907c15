"""The layering of DEVELOPERS.md, checked by import-linter's contracts in pyproject.toml."""

import json
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


def loaded(packages: tuple[str, ...], libraries: tuple[str, ...]) -> list[str]:
    """The modules of `libraries` a fresh interpreter holds after importing every module of `packages`."""
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"for name in {packages!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for module in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(module.name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {libraries!r})))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found: list[str] = json.loads(result.stdout)
    return found


def test_engines_import_no_web_storage_or_io_libraries() -> None:
    forbidden = ("fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn", "typer", "rich", "babel")
    assert loaded(("heartcards.heart_to_heart.engine", "heartcards.hearts.engine"), forbidden) == []


def test_the_table_server_and_what_a_server_runs_import_no_web_framework() -> None:
    forbidden = ("fastapi", "starlette", "uvicorn")
    assert loaded(("heartcards.hearts.tables", "heartcards.runtime"), forbidden) == []
