"""Compile the project's hot modules with mypyc: in place for development, or into a folder for the wheel.

The compiled modules are the same typed sources, listed once in pyproject.toml (`[tool.heartcards.native]`).
Python imports a module's compiled `.so` before its `.py`, and without them everything runs as pure Python, only
slower. In place (the default, run by scripts/setup.sh, so by scripts/test and scripts/app), a stamp in build/
records the hash of the sources the `.so` files were built from: nothing is rebuilt while it matches, and
`--check` exits 1 when compiled modules are present but stale. A failed build only warns.
`--into DIR` puts them into DIR instead (hatch_build.py uses it for the wheel): a copy of the in-place build when
that is of these very sources, so a run that built in place never compiles twice; otherwise a compile, exiting 1
when it cannot.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ROOT = ROOT / "src"
BUILD = ROOT / "build" / "native"
STAMP = ROOT / "build" / "native.stamp"
GROUP = "heartcards"  # the shared runtime library becomes the top-level module `heartcards__mypyc`


def native_modules() -> list[str]:
    """The compiled modules' paths relative to src/, from pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        modules: list[str] = tomllib.load(file)["tool"]["heartcards"]["native"]["modules"]
    return modules


def sources_hash() -> str:
    digest = hashlib.sha256(f"{sys.version} {GROUP}".encode())
    for module in native_modules():
        digest.update(module.encode())
        digest.update((SOURCE_ROOT / module).read_bytes())
    return digest.hexdigest()


def compiled_files() -> list[Path]:
    """Every extension module under src/: only this script puts them there."""
    return sorted(SOURCE_ROOT.rglob("*.so"))


def is_fresh() -> bool:
    return STAMP.exists() and STAMP.read_text().strip() == sources_hash()


def in_place_build_is_complete() -> bool:
    """The in-place build is of the current sources and has an extension for every listed module."""
    if not is_fresh():
        return False
    built = {path.relative_to(SOURCE_ROOT).as_posix().split(".")[0] for path in compiled_files()}
    return {module.removesuffix(".py") for module in native_modules()} | {f"{GROUP}__mypyc"} <= built


def copy_in_place_build(into: Path) -> None:
    """The in-place extension modules, copied into `into` at the same paths (relative to src/)."""
    for path in compiled_files():
        target = into / path.relative_to(SOURCE_ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def remove_compiled() -> None:
    for path in compiled_files():
        path.unlink()
    STAMP.unlink(missing_ok=True)


def compile_modules(build: Path, into: Path | None) -> None:
    """Run mypyc and the C compiler over the listed modules: into `into`, or next to their sources when None."""
    from mypyc.build import mypycify
    from setuptools import setup

    build.mkdir(parents=True, exist_ok=True)
    where = ["--inplace", "--build-lib", str(build / "lib")] if into is None else ["--build-lib", str(into)]
    os.chdir(SOURCE_ROOT)
    setup(
        name="heartcards-native",
        ext_modules=mypycify(native_modules(), opt_level="3", group_name=GROUP, target_dir=str(build / "c")),
        script_args=["--quiet", "build_ext", *where, "--build-temp", str(build / "temp")],
    )


def build_in_place() -> int:
    if is_fresh() and compiled_files():
        return 0
    remove_compiled()
    print("Compiling the hot modules with mypyc…", file=sys.stderr)
    try:
        compile_modules(BUILD, into=None)
    except BaseException as error:  # a missing compiler must not stop the app or the tests: pure Python still works
        remove_compiled()
        print(f"warning: mypyc build failed ({error!r}); everything runs as pure Python", file=sys.stderr)
        return 0
    STAMP.write_text(sources_hash() + "\n")
    return 0


def main(arguments: list[str]) -> int:
    if "--check" in arguments:
        stale = bool(compiled_files()) and not is_fresh()
        if stale:
            print("compiled modules are stale: run `uv run python scripts/build_native.py`", file=sys.stderr)
        return 1 if stale else 0
    if "--remove" in arguments:
        remove_compiled()
        return 0
    if "--into" in arguments:
        into = Path(arguments[arguments.index("--into") + 1]).resolve()
        if in_place_build_is_complete():
            print("Reusing the compiled modules built in place (the same sources)", file=sys.stderr)
            copy_in_place_build(into / "lib")
        else:
            compile_modules(into / "build", into=into / "lib")
        return 0
    return build_in_place()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
