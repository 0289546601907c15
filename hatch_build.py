"""Hatchling build hook: the wheel carries the mypyc-compiled hot modules, or is pure Python when they cannot build.

The modules are listed in pyproject.toml (`[tool.heartcards.native]`) and compiled by scripts/build_native.py in a
child process. Without a C compiler (or with HEARTCARDS_PURE=1) the hook warns and the wheel stays pure Python, which
runs everywhere, only slower. Editable installs (`uv sync`) compile nothing here: scripts/build_native.py builds in
place for development.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("HEARTCARDS_PURE"):
            self.app.display_info("HEARTCARDS_PURE is set: building a pure-Python wheel")
            return
        self._folder = Path(tempfile.mkdtemp(prefix="heartcards-native-"))
        script = Path(self.root) / "scripts" / "build_native.py"
        result = subprocess.run(
            [sys.executable, str(script), "--into", str(self._folder)], capture_output=True, text=True, check=False
        )
        library = self._folder / "lib"
        compiled = sorted(library.rglob("*.so")) + sorted(library.rglob("*.pyd"))
        if result.returncode != 0 or not compiled:
            self.app.display_warning(
                "could not compile the hot modules with mypyc; building a pure-Python wheel (slower)\n"
                + result.stderr[-2000:]
            )
            return
        for path in compiled:
            build_data["force_include"][str(path)] = path.relative_to(library).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
