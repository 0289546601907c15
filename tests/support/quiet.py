"""A pytest plugin: the files that hold the tests marked `quiet` are named in pyproject.toml
(`[tool.heartcards.tests] quiet`). A session that selects them over the whole suite (`pytest -m quiet`, as
`scripts/test` runs them alone) collects only those files, not the whole suite to select a handful of its items.
Every other session fails at collection if a `quiet` test stands in a file not named there, which would then run in
neither of `scripts/test`'s sessions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

MARKER = "quiet"
_FILES = pytest.StashKey[frozenset[Path]]()


def quiet_files(root: Path) -> frozenset[Path]:
    """The files named in `root`'s pyproject.toml as holding the `quiet` tests (none when it names none)."""
    try:
        with (root / "pyproject.toml").open("rb") as file:
            named: list[str] = tomllib.load(file)["tool"]["heartcards"]["tests"][MARKER]
    except (OSError, KeyError):
        return frozenset()
    return frozenset((root / name).resolve() for name in named)


def _narrowed(config: pytest.Config) -> bool:
    """Whether this session selects the quiet tests over the whole suite, so that it need only collect their files."""
    return config.option.markexpr == MARKER and config.args_source is not pytest.Config.ArgsSource.ARGS


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_FILES] = quiet_files(config.rootpath)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if not _narrowed(config):
        return None
    files = config.stash[_FILES]
    path = collection_path.resolve()
    if path in files or any(path in file.parents for file in files):
        return None
    return True


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects them
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    files = config.stash[_FILES]
    stray = [item.nodeid for item in items if item.get_closest_marker(MARKER) and item.path.resolve() not in files]
    if stray:
        raise pytest.UsageError(
            f"tests marked `{MARKER}` outside the files pyproject.toml names for them ([tool.heartcards.tests]): "
            + ", ".join(stray)
        )
