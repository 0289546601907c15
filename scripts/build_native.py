"""Compile the Heart to Heart solver's hot core with mypyc, in place, when its sources changed (else do nothing).

The compiled modules are the same typed sources (`MODULES`); Python imports a module's compiled `.so` before its
`.py`, and without them everything runs as pure Python, only slower. A stamp in build/ records the hash of the
sources the `.so` files were built from: `--check` exits 1 when compiled modules are present but stale.
Run by scripts/setup.sh (so by scripts/test and scripts/app); a failed build only warns.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ROOT = ROOT / "src"
BUILD = ROOT / "build" / "native"
STAMP = ROOT / "build" / "native.stamp"
MODULES = [
    "heartcards/heart_to_heart/engine/reach.py",
    "heartcards/heart_to_heart/solver/tables.py",
    "heartcards/heart_to_heart/solver/search.py",
    "heartcards/heart_to_heart/solver/deals.py",
]


def sources_hash() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for module in MODULES:
        digest.update(module.encode())
        digest.update((SOURCE_ROOT / module).read_bytes())
    return digest.hexdigest()


def compiled_files() -> list[Path]:
    """Every extension module under src/: only this script puts them there."""
    return sorted(SOURCE_ROOT.rglob("*.so"))


def is_fresh() -> bool:
    return STAMP.exists() and STAMP.read_text().strip() == sources_hash()


def remove_compiled() -> None:
    for path in compiled_files():
        path.unlink()
    STAMP.unlink(missing_ok=True)


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    BUILD.mkdir(parents=True, exist_ok=True)
    os.chdir(SOURCE_ROOT)
    setup(
        name="heartcards-native",
        ext_modules=mypycify(MODULES, opt_level="3", target_dir=str(BUILD / "c")),
        script_args=["--quiet", "build_ext", "--inplace", "--build-temp", str(BUILD / "temp")],
    )
    STAMP.write_text(sources_hash() + "\n")


def main() -> int:
    if "--check" in sys.argv:
        stale = bool(compiled_files()) and not is_fresh()
        if stale:
            print("compiled solver modules are stale: run `uv run python scripts/build_native.py`", file=sys.stderr)
        return 1 if stale else 0
    if "--remove" in sys.argv:
        remove_compiled()
        return 0
    if is_fresh() and compiled_files():
        return 0
    remove_compiled()
    print("Compiling the solver's core with mypyc…", file=sys.stderr)
    try:
        build()
    except BaseException as error:  # a missing compiler must not stop the app or the tests: pure Python still works
        remove_compiled()
        print(f"warning: mypyc build failed ({error!r}); the solver runs as pure Python", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
