"""The built wheel carries the mypyc-compiled modules listed in pyproject.toml, and the pure fallback builds too.

The compiled wheel reuses the in-place build (scripts/build_native.py) when that is of the same sources, so a run of
the suite compiles the core once.
"""

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def native_modules() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        modules: list[str] = tomllib.load(file)["tool"]["heartcards"]["native"]["modules"]
    return modules


def build_native_script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_native
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return build_native


def build_wheel(folder: Path, *, pure: bool) -> zipfile.ZipFile:
    environment = {key: value for key, value in os.environ.items() if key != "HEARTCARDS_PURE"}
    if pure:
        environment["HEARTCARDS_PURE"] = "1"
    command = ["uv", "build", "--wheel", "--out-dir", str(folder), str(ROOT)]
    result = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    (wheel,) = folder.glob("heartcards-*.whl")
    return zipfile.ZipFile(wheel)


def test_native_modules_exist_and_are_compiled_in_place_by_the_same_list() -> None:
    build_native = build_native_script()
    assert build_native.native_modules() == native_modules()
    for module in native_modules():
        assert (ROOT / "src" / module).is_file(), module


@pytest.mark.slow
def test_wheel_holds_a_compiled_extension_for_every_listed_module(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path, pure=False)
    names = wheel.namelist()
    tags = wheel.read(next(name for name in names if name.endswith(".dist-info/WHEEL"))).decode()
    if not any(name.endswith(".so") for name in names):
        if os.environ.get("HEARTCARDS_REQUIRE_NATIVE"):
            pytest.fail("the wheel fell back to pure Python although the compiled core is required here")
        pytest.skip("no C compiler here: the wheel fell back to pure Python")
    assert "Root-Is-Purelib: false" in tags
    for module in native_modules():
        stem = module.removesuffix(".py")
        assert any(name.startswith(stem + ".") and name.endswith(".so") for name in names), module
        assert module in names  # the typed source ships too
    assert any(name.startswith("heartcards__mypyc.") for name in names)
    build_native = build_native_script()
    if build_native.in_place_build_is_complete():  # the wheel carries the very modules the tests ran, not a rebuild
        for path in build_native.compiled_files():
            name = path.relative_to(ROOT / "src").as_posix()
            assert wheel.read(name) == path.read_bytes(), name


@pytest.mark.slow
def test_pure_fallback_wheel(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path, pure=True)
    names = wheel.namelist()
    assert not any(name.endswith((".so", ".pyd")) for name in names)
    assert Path(wheel.filename or "").name.endswith("-py3-none-any.whl")
    for module in native_modules():
        assert module in names
    assert not any("mc_2026_11" in name for name in names)  # the benchmark's frozen yardstick is not the product
    assert {"heartcards/web/templates/common/base.html", "heartcards/web/templates/h2h/play.html"} <= set(
        names
    )  # the pages
