"""Screenshots for a person to look at, taken by the browser tests when asked (`HEARTCARDS_SCREENSHOTS=1`) and saved
to test-artifacts/screenshots/ (git-ignored) as `<name>-<width>x<height>.png`. They check nothing, so a run that
only tests takes none: each costs the browser a full paint and a PNG."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
VARIABLE = "HEARTCARDS_SCREENSHOTS"


def wanted() -> bool:
    return os.environ.get(VARIABLE) == "1"


def save_screenshot(page: Any, name: str, full_page: bool = False) -> None:
    """The page as it is shown now, when screenshots are asked for."""
    if not wanted():
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png"), full_page=full_page)
